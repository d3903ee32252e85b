import { createBaselineInputSchema, formatCalendarDate, type BaselineSummary } from '@planline/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { errorStatus, isUnauthorizedError, serverMessage } from '../../../lib/api-error';
import { applyServerIssues } from '../../../lib/form-issues';
import { toast } from '../../../lib/toast.store';
import { handleUnauthorized } from '../../auth';
import { useDeleteBaseline, useSaveBaseline } from '../../baselines';

interface SaveBaselineDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  projectId: string;
  /** The project's baselines, to delete one when the plan's limit is reached. */
  baselines: readonly BaselineSummary[];
  /** Called with the new baseline, which the chart then shows. */
  onSaved: (baseline: BaselineSummary) => void;
}

/**
 * "Save baseline…": names a snapshot of the plan as it is stored now. The plan's limit (402 on Free, 409 at ten)
 * is said in the dialog, next to the saved baselines one can delete to make room.
 */
export function SaveBaselineDialog({ open, onOpenChange, projectId, baselines, onSaved }: SaveBaselineDialogProps) {
  const save = useSaveBaseline(projectId);
  const form = useForm({ resolver: zodResolver(createBaselineInputSchema), defaultValues: { name: '' } });
  const { errors, isSubmitting } = form.formState;
  const [refusal, setRefusal] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<BaselineSummary | null>(null);

  useEffect(() => {
    if (!open) return;
    form.reset({ name: '' });
    setRefusal(null);
  }, [open, form]);

  const onSubmit = form.handleSubmit(async ({ name }) => {
    setRefusal(null);
    try {
      const baseline = await save.mutateAsync({ name });
      toast({ title: 'Baseline saved', description: `“${baseline.name}” keeps the dates of ${baseline.taskCount} ${baseline.taskCount === 1 ? 'task' : 'tasks'}.` });
      onSaved(baseline);
      onOpenChange(false);
    } catch (err) {
      if (isUnauthorizedError(err)) return handleUnauthorized();
      const status = errorStatus(err);
      if (status === 402 || status === 409) return setRefusal(serverMessage(err) ?? 'This project cannot keep another baseline.');
      if (applyServerIssues(err, form.setError, ['name'])) return;
      setRefusal(serverMessage(err) ?? 'Failed to save the baseline. Please try again.');
    }
  });

  return (
    <>
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent title="Save baseline" description="Keeps every task's dates, progress and links as they are now, to compare the plan with later.">
          <form onSubmit={onSubmit} noValidate className="space-y-4">
            <FormField id="baseline-name" label="Baseline name" error={errors.name?.message}>
              {(control) => <Input {...control} autoComplete="off" placeholder="Kick-off plan" maxLength={120} {...form.register('name')} />}
            </FormField>
            {refusal ? (
              <p role="alert" data-baseline-refusal className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
                {refusal}
              </p>
            ) : null}
            {baselines.length > 0 ? <SavedBaselines baselines={baselines} onDelete={setDeleting} /> : null}
            <div className="flex justify-end gap-2">
              <DialogClose asChild>
                <Button variant="outline">Cancel</Button>
              </DialogClose>
              <Button type="submit" disabled={isSubmitting}>
                {isSubmitting ? 'Saving…' : 'Save baseline'}
              </Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>
      <DeleteBaselineConfirm projectId={projectId} baseline={deleting} onClose={() => setDeleting(null)} onDeleted={() => setRefusal(null)} />
    </>
  );
}

function SavedBaselines({ baselines, onDelete }: { baselines: readonly BaselineSummary[]; onDelete: (baseline: BaselineSummary) => void }) {
  return (
    <section aria-labelledby="saved-baselines-title" className="space-y-2">
      <h3 id="saved-baselines-title" className="text-sm font-medium text-slate-700">
        Saved baselines
      </h3>
      <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
        {baselines.map((b) => (
          <li key={b.id} className="flex items-center gap-3 px-3 py-2 text-sm">
            <span className="min-w-0 flex-1">
              <span className="block truncate font-medium text-slate-900">{b.name}</span>
              <span className="block text-xs text-slate-600">
                {formatCalendarDate(b.createdAt.slice(0, 10))}
                {b.createdBy ? ` by ${b.createdBy.name}` : ''} · {b.taskCount} {b.taskCount === 1 ? 'task' : 'tasks'}
              </span>
            </span>
            <Button variant="ghost" size="sm" aria-label={`Delete baseline ${b.name}`} onClick={() => onDelete(b)}>
              <Trash2 aria-hidden="true" className="h-4 w-4" />
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function DeleteBaselineConfirm({
  projectId,
  baseline,
  onClose,
  onDeleted,
}: {
  projectId: string;
  baseline: BaselineSummary | null;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteBaseline(projectId);
  return (
    <ConfirmDialog
      open={baseline !== null}
      onOpenChange={(next) => !next && onClose()}
      title="Delete baseline"
      description={baseline ? `Delete “${baseline.name}”? The plan stays as it is; only this saved comparison goes.` : ''}
      confirmLabel="Delete baseline"
      pendingLabel="Deleting…"
      pending={remove.isPending}
      onConfirm={() => {
        if (!baseline) return;
        remove.mutate(baseline.id, {
          onSuccess: () => {
            toast({ title: 'Baseline deleted', description: `“${baseline.name}” was deleted.` });
            onDeleted();
            onClose();
          },
          onError: (err) => {
            if (isUnauthorizedError(err)) return handleUnauthorized();
            toast({ title: 'Error', description: serverMessage(err) ?? 'Failed to delete the baseline', variant: 'destructive' });
          },
        });
      }}
    />
  );
}
