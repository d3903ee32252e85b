import { HOURS_PER_DAY_MAX, HOURS_PER_DAY_MIN, type Capacity } from '@planline/domain';
import { Plus, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state';
import { isUnauthorizedError, serverMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast.store';
import { handleUnauthorized } from '../../auth';
import {
  addDayOff,
  checkCapacityDraft,
  draftFromCapacity,
  removeDayOff,
  toggleWeekday,
  updateDayOff,
  WEEKDAY_NAMES,
  type CapacityDraft,
  type CapacityErrors,
} from '../capacity-form';
import { useSaveCapacity } from '../teams.api';
import { useMemberCapacity } from '../teams.queries';

interface CapacityDialogProps {
  teamId: string;
  userId: string;
  /** The person's name; null when it is the viewer's own capacity ("Your capacity"). */
  name: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const NO_ERRORS: CapacityErrors = { dayOff: {} };
const checkboxClasses =
  'h-4 w-4 rounded accent-blue-600 focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2 focus-visible:outline-none';

/**
 * [capacity-dialog] A team member's hours per day, working weekdays and days off (issue 36). Owner and admins open
 * it for anyone, each person for themselves; the callers show the button only where the API would allow the PUT.
 */
export function CapacityDialog({ teamId, userId, name, open, onOpenChange }: CapacityDialogProps) {
  const capacity = useMemberCapacity(teamId, userId, open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={name === null ? 'Your capacity' : `Capacity of ${name}`} description="Working hours per day, working weekdays and days off. The workload view counts load against these.">
        {capacity.isPending ? (
          <LoadingBlock label="Loading capacity" />
        ) : capacity.isError ? (
          <ErrorBlock
            message={serverMessage(capacity.error) ?? "We couldn't load the capacity."}
            onRetry={() => void capacity.refetch()}
            retrying={capacity.isFetching}
          />
        ) : (
          <CapacityForm teamId={teamId} userId={userId} name={name} stored={capacity.data} onDone={() => onOpenChange(false)} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function CapacityForm({ teamId, userId, name, stored, onDone }: { teamId: string; userId: string; name: string | null; stored: Capacity; onDone: () => void }) {
  const id = useId();
  const save = useSaveCapacity(teamId, userId);
  const [draft, setDraft] = useState<CapacityDraft>(() => draftFromCapacity(stored));
  // Messages appear once a save was tried, then follow each edit.
  const [tried, setTried] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const check = checkCapacityDraft(draft);
  const errors = tried && !check.ok ? check.errors : NO_ERRORS;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setServerError(null);
    if (!check.ok) return;
    try {
      await save.mutateAsync(check.value);
      toast({ title: 'Capacity saved', description: `The workload view now counts ${name === null ? 'your' : `${name}'s`} new capacity.` });
      onDone();
    } catch (err) {
      if (isUnauthorizedError(err)) {
        handleUnauthorized();
        return;
      }
      setServerError(serverMessage(err) ?? 'Failed to save the capacity. Please try again.');
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-5" aria-busy={save.isPending}>
      <fieldset disabled={save.isPending} className="space-y-5">
        <FormField
          id={`${id}-hours`}
          label="Hours per day"
          hint={`From ${HOURS_PER_DAY_MIN} to ${HOURS_PER_DAY_MAX}.`}
          error={errors.hoursPerDay}
        >
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="decimal"
              step={0.5}
              min={HOURS_PER_DAY_MIN}
              max={HOURS_PER_DAY_MAX}
              className="w-28"
              value={draft.hoursPerDay}
              onChange={(e) => setDraft((d) => ({ ...d, hoursPerDay: e.target.value }))}
            />
          )}
        </FormField>

        <fieldset className="space-y-2" aria-describedby={errors.workingDays ? `${id}-days-error` : undefined}>
          <legend className="mb-2 text-sm font-medium text-slate-700">Working days</legend>
          <label className="flex cursor-pointer items-center gap-3 text-sm text-slate-800">
            <input
              type="checkbox"
              className={checkboxClasses}
              checked={draft.followCalendar}
              onChange={(e) => setDraft((d) => ({ ...d, followCalendar: e.target.checked }))}
            />
            Follow the project calendar
          </label>
          <div className="flex flex-wrap gap-x-4 gap-y-2 pl-7">
            {WEEKDAY_NAMES.map((day, i) => (
              <label key={day} className="flex cursor-pointer items-center gap-2 text-sm text-slate-800 has-disabled:cursor-not-allowed has-disabled:opacity-60">
                <input
                  type="checkbox"
                  className={checkboxClasses}
                  disabled={draft.followCalendar}
                  aria-label={day}
                  checked={draft.weekdays.includes(i + 1)}
                  onChange={(e) => setDraft((d) => toggleWeekday(d, i + 1, e.target.checked))}
                />
                {day.slice(0, 3)}
              </label>
            ))}
          </div>
          {errors.workingDays ? (
            <p id={`${id}-days-error`} className="text-sm text-red-600">
              {errors.workingDays}
            </p>
          ) : null}
        </fieldset>

        <fieldset className="space-y-2">
          <legend className="mb-2 text-sm font-medium text-slate-700">Days off</legend>
          {draft.daysOff.length === 0 ? <p className="text-sm text-slate-600">No days off.</p> : null}
          <ul className="space-y-3" aria-label="Days off">
            {draft.daysOff.map((row, index) => {
              const rowErrors = errors.dayOff[index] ?? {};
              const rowId = `${id}-off-${row.key}`;
              const n = index + 1;
              return (
                <li key={row.key} className="grid grid-cols-[1fr_1fr_auto] items-start gap-2 sm:grid-cols-[8.5rem_8.5rem_1fr_auto]">
                  <DateField id={`${rowId}-from`} label={`Day off ${n}: first day`} value={row.from} error={rowErrors.from} onChange={(from) => setDraft((d) => updateDayOff(d, row.key, { from }))} />
                  <DateField id={`${rowId}-to`} label={`Day off ${n}: last day`} value={row.to} error={rowErrors.to} onChange={(to) => setDraft((d) => updateDayOff(d, row.key, { to }))} />
                  <div className="col-span-2 row-start-2 sm:col-span-1 sm:row-start-auto">
                    <label htmlFor={`${rowId}-note`} className="sr-only">{`Day off ${n}: note`}</label>
                    <Input
                      id={`${rowId}-note`}
                      placeholder="Note (holiday, leave…)"
                      value={row.note}
                      aria-invalid={Boolean(rowErrors.note)}
                      aria-describedby={rowErrors.note ? `${rowId}-note-error` : undefined}
                      onChange={(e) => setDraft((d) => updateDayOff(d, row.key, { note: e.target.value }))}
                    />
                    {rowErrors.note ? (
                      <p id={`${rowId}-note-error`} className="mt-1 text-sm text-red-600">
                        {rowErrors.note}
                      </p>
                    ) : null}
                  </div>
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    aria-label={`Remove day off ${n}`}
                    title="Remove"
                    onClick={() => setDraft((d) => removeDayOff(d, row.key))}
                    className="col-start-3 row-start-1 text-red-600 hover:bg-red-50 hover:text-red-700 sm:col-start-auto"
                  >
                    <Trash2 aria-hidden="true" className="h-4 w-4" />
                  </Button>
                </li>
              );
            })}
          </ul>
          {errors.daysOff ? <p className="text-sm text-red-600">{errors.daysOff}</p> : null}
          <Button type="button" variant="outline" size="sm" onClick={() => setDraft(addDayOff)}>
            <Plus aria-hidden="true" className="mr-1 h-4 w-4" />
            Add days off
          </Button>
        </fieldset>
      </fieldset>

      {serverError ? (
        <p role="alert" className="text-sm text-red-600">
          {serverError}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}

function DateField({ id, label, value, error, onChange }: { id: string; label: string; value: string; error: string | undefined; onChange: (value: string) => void }) {
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Input
        id={id}
        type="date"
        value={value}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
