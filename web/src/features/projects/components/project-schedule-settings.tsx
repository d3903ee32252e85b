import {
  calendarDateSchema,
  HOLIDAY_NAME_MAX_LENGTH,
  holidaysOf,
  holidayText,
  namedHolidays,
  type NamedHoliday,
  type Project,
  type UpdateProjectInput,
} from '@planline/domain';
import { CalendarDays, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { cn } from '../../../lib/cn';
import { isUnauthorizedError, serverMessage } from '../../../lib/api-error';
import { handleUnauthorized } from '../../auth';
import { useUpdateProject } from '../projects.api';

/** Monday first, as people read a week; the numbers are the engine's (0 = Sunday … 6 = Saturday). */
const WEEKDAYS = [
  { day: 1, name: 'Monday' },
  { day: 2, name: 'Tuesday' },
  { day: 3, name: 'Wednesday' },
  { day: 4, name: 'Thursday' },
  { day: 5, name: 'Friday' },
  { day: 6, name: 'Saturday' },
  { day: 0, name: 'Sunday' },
] as const;
const LAST_WORKING_DAY = 'At least one weekday must be a working day';

/** The header's "Schedule settings" control, for the project's team members (guests cannot change the project). */
export function ProjectScheduleSettingsButton({ project }: { project: Project }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" className="h-9">
          <CalendarDays aria-hidden="true" className="h-4 w-4" />
          Schedule settings
        </Button>
      </DialogTrigger>
      <DialogContent title="Schedule settings" description="Durations, lags and the cascade count working days of this calendar.">
        {open ? <ProjectScheduleSettings project={project} /> : null}
      </DialogContent>
    </Dialog>
  );
}

/**
 * Auto-schedule, working weekdays and holidays (issue 17). Each change is saved at once; while one is on its way the
 * controls show it, so a second quick change builds on the first instead of undoing it.
 */
export function ProjectScheduleSettings({ project }: { project: Project }) {
  const update = useUpdateProject();
  const [error, setError] = useState<string | null>(null);
  const ids = useId();
  const pending = update.isPending && update.variables.projectId === project.id ? update.variables.changes : {};
  const autoSchedule = pending.autoSchedule ?? project.autoSchedule;
  const weekdays = pending.workingWeekdays ?? project.workingWeekdays;
  const holidays = pending.holidays ? namedHolidays(pending.holidays, project.holidayNames) : holidaysOf(project);

  const save = (changes: UpdateProjectInput) => {
    setError(null);
    update.mutate(
      { projectId: project.id, changes },
      {
        onError: (err) => {
          if (isUnauthorizedError(err)) handleUnauthorized();
          else setError(serverMessage(err) ?? 'Failed to update the schedule settings');
        },
      },
    );
  };

  const toggleWeekday = (day: number) => {
    if (weekdays.includes(day)) {
      if (weekdays.length === 1) return setError(LAST_WORKING_DAY);
      save({ workingWeekdays: weekdays.filter((d) => d !== day) });
    } else {
      save({ workingWeekdays: [...weekdays, day].sort((a, b) => a - b) });
    }
  };

  return (
    <div className="space-y-6">
      <div className="flex items-center justify-between gap-4">
        <div>
          <span id={`${ids}-auto`} className="text-sm font-medium text-slate-900">
            Auto-schedule
          </span>
          <p id={`${ids}-auto-hint`} className="text-sm text-slate-600">
            Moving a task moves the tasks that depend on it.
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={autoSchedule}
          aria-labelledby={`${ids}-auto`}
          aria-describedby={`${ids}-auto-hint`}
          onClick={() => save({ autoSchedule: !autoSchedule })}
          className={cn(
            'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2',
            autoSchedule ? 'bg-blue-600' : 'bg-slate-300',
          )}
        >
          <span className={cn('inline-block h-5 w-5 rounded-full bg-white shadow transition-transform', autoSchedule ? 'translate-x-5' : 'translate-x-0.5')} />
        </button>
      </div>

      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-900">Working weekdays</legend>
        <div className="flex flex-wrap gap-2">
          {WEEKDAYS.map(({ day, name }) => {
            const on = weekdays.includes(day);
            const last = on && weekdays.length === 1;
            return (
              <button
                key={day}
                type="button"
                aria-pressed={on}
                aria-disabled={last || undefined}
                title={last ? LAST_WORKING_DAY : undefined}
                onClick={() => toggleWeekday(day)}
                className={cn(
                  'h-9 rounded-md border px-3 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600',
                  on ? 'border-blue-600 bg-blue-600 text-white' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
                )}
              >
                {/* The whole name, seen and spoken alike (an abbreviation named 'Monday' fails WCAG 2.5.3 label in name). */}
                {name}
              </button>
            );
          })}
        </div>
      </fieldset>

      <HolidaysEditor
        holidays={holidays}
        onChange={(next) => save({ holidays: next })}
        onInvalid={setError}
      />

      <p role="alert" className="min-h-5 text-sm text-red-700">
        {error}
      </p>
    </div>
  );
}

function HolidaysEditor({
  holidays,
  onChange,
  onInvalid,
}: {
  holidays: readonly NamedHoliday[];
  onChange: (holidays: NamedHoliday[]) => void;
  onInvalid: (message: string) => void;
}) {
  const [draft, setDraft] = useState('');
  const [name, setName] = useState('');
  const inputId = useId();

  const add = (event: FormEvent) => {
    event.preventDefault();
    const parsed = calendarDateSchema.safeParse(draft);
    if (!parsed.success) return onInvalid(draft ? (parsed.error.issues[0]?.message ?? 'That date is not valid') : 'Choose a date to add');
    setDraft('');
    setName('');
    // The same day again renames it (or keeps it as it was without a name): never two holidays on one day.
    const others = holidays.filter((h) => h.date !== parsed.data);
    const same = holidays.find((h) => h.date === parsed.data);
    onChange([...others, { date: parsed.data, name: name.trim() || same?.name || null }].sort((a, b) => (a.date < b.date ? -1 : 1)));
  };

  return (
    <section aria-labelledby={`${inputId}-heading`} className="space-y-2">
      <h3 id={`${inputId}-heading`} className="text-sm font-medium text-slate-900">
        Holidays
      </h3>
      <form onSubmit={add} className="flex items-end gap-2">
        <div className="space-y-1">
          <Label htmlFor={inputId}>Holiday date</Label>
          <Input id={inputId} type="date" value={draft} onChange={(e) => setDraft(e.target.value)} className="h-9 w-44" />
        </div>
        <div className="min-w-0 flex-1 space-y-1">
          <Label htmlFor={`${inputId}-name`}>Name (optional)</Label>
          <Input
            id={`${inputId}-name`}
            value={name}
            maxLength={HOLIDAY_NAME_MAX_LENGTH}
            placeholder="Christmas Day"
            onChange={(e) => setName(e.target.value)}
            className="h-9"
          />
        </div>
        <Button type="submit" variant="outline" size="sm" className="h-9">
          Add holiday
        </Button>
      </form>
      {holidays.length === 0 ? (
        <p className="text-sm text-slate-600">No holidays.</p>
      ) : (
        <ul aria-label="Holidays" className="max-h-48 divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200">
          {holidays.map((holiday) => (
            <li key={holiday.date} className="flex items-center justify-between px-3 py-1.5 text-sm">
              <span>{holidayText(holiday)}</span>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove holiday ${holidayText(holiday)}`}
                onClick={() => onChange(holidays.filter((h) => h.date !== holiday.date))}
              >
                <X aria-hidden="true" className="h-4 w-4" />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
