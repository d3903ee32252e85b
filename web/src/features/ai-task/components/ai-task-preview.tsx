import {
  aiPreviewFormSchema,
  displayName,
  TASK_PRIORITIES,
  TASK_PRIORITY_LABELS,
  TASK_STATUS_LABELS,
  UNASSIGNED,
  type AiPreview,
  type AiPreviewFormInput,
  type MemberUser,
} from '@planline/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle, TriangleAlert } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { FormSelect } from '../../../components/ui/form-select';
import { Input } from '../../../components/ui/input';
import { applyServerIssues } from '../../../lib/form-issues';
import { previewFormValues } from '../ai-parsing';

interface AiTaskPreviewProps {
  preview: AiPreview;
  /** The project's members and guests: the people the task can be given to. */
  people: readonly MemberUser[];
  pending: boolean;
  /** The last confirmation's error, to show beside the buttons and on the fields it names; null if none. */
  error: unknown;
  failure: string | null;
  onConfirm: (values: AiPreviewFormInput) => void;
  onBack: () => void;
}

const PRIORITY_OPTIONS = TASK_PRIORITIES.map((priority) => ({ value: priority, label: TASK_PRIORITY_LABELS[priority] }));

/**
 * [ai-preview] What the creator understood, as a form to correct before anything is created: name, dates,
 * assignee and priority, with what it could not use (a person who is not a member) said above them.
 */
export function AiTaskPreview({ preview, people, pending, error, failure, onConfirm, onBack }: AiTaskPreviewProps) {
  const id = useId();
  const form = useForm({ resolver: zodResolver(aiPreviewFormSchema), defaultValues: previewFormValues(preview) });
  const { errors } = form.formState;
  const { description, status } = preview.draft;
  const assigneeOptions = [
    { value: UNASSIGNED, label: 'Unassigned' },
    ...people.map((person) => ({ value: person.id, label: displayName(person) })),
  ];

  // The prompt form that had the focus is gone: the first thing to check takes it.
  useEffect(() => form.setFocus('name'), [form]);
  useEffect(() => {
    if (error) applyServerIssues(error, form.setError, ['name', 'startDate', 'endDate', 'priority', 'assigneeId']);
  }, [error, form]);

  const submit = form.handleSubmit((values) => {
    if (!pending) onConfirm(values);
  });

  return (
    <form onSubmit={submit} aria-labelledby={`${id}-heading`} aria-busy={pending} noValidate className="space-y-4">
      <h3 id={`${id}-heading`} className="text-sm font-semibold text-slate-900">
        Check what we understood, then create the task
      </h3>

      {preview.warnings.length ? (
        // The alert wraps the list: a list with role="alert" is no longer a list to its items.
        <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <ul className="space-y-1">
            {preview.warnings.map((warning) => (
              <li key={`${warning.code}-${warning.name}`} className="flex gap-2">
                <TriangleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
                <span>{warning.message}. Choose an assignee below or leave the task unassigned.</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <div className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <FormField id={`${id}-name`} label="Task name" error={errors.name?.message}>
            {(control) => <Input {...control} autoComplete="off" {...form.register('name')} />}
          </FormField>
        </div>
        <FormField id={`${id}-start`} label="Start date" error={errors.startDate?.message}>
          {(control) => <Input {...control} type="date" {...form.register('startDate')} />}
        </FormField>
        <FormField id={`${id}-end`} label="End date" error={errors.endDate?.message}>
          {(control) => <Input {...control} type="date" {...form.register('endDate')} />}
        </FormField>
        <FormField id={`${id}-assignee`} label="Assignee" error={errors.assigneeId?.message}>
          {(control) => <FormSelect control={form.control} name="assigneeId" field={control} options={assigneeOptions} />}
        </FormField>
        <FormField id={`${id}-priority`} label="Priority" error={errors.priority?.message}>
          {(control) => <FormSelect control={form.control} name="priority" field={control} options={PRIORITY_OPTIONS} />}
        </FormField>
      </div>

      {status !== 'pending' || description ? (
        <dl className="space-y-1 text-sm text-slate-700">
          {status !== 'pending' ? (
            <div className="flex gap-2">
              <dt className="font-medium">Status:</dt>
              <dd>{TASK_STATUS_LABELS[status]}</dd>
            </div>
          ) : null}
          {description ? (
            <div className="flex gap-2">
              <dt className="font-medium">Description:</dt>
              <dd className="min-w-0 break-words">{description}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}

      {failure && !pending ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {failure}
        </p>
      ) : (
        <p role="status" className="min-h-5 text-sm text-slate-700">
          {pending ? 'Creating the task…' : preview.source === 'model' ? 'Read with the help of the configured language model.' : null}
        </p>
      )}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onBack} disabled={pending}>
          Edit description
        </Button>
        {/* Waiting: aria-disabled, which keeps the focus on the button. */}
        <Button type="submit" aria-disabled={pending || undefined} className="aria-disabled:cursor-wait aria-disabled:opacity-60">
          {pending ? <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin" /> : null}
          {pending ? 'Creating…' : 'Create Task'}
        </Button>
      </div>
    </form>
  );
}
