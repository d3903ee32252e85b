import {
  assigneeFromChoice,
  TASK_PRIORITIES,
  TASK_PRIORITY_LABELS,
  TASK_STATUS_LABELS,
  TASK_STATUSES,
  taskEditFormSchema,
  UNASSIGNED,
  type Task,
  type TaskStatus,
  type TaskEditFormInput,
  type UpdateTaskRequest,
} from '@planline/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trash2 } from 'lucide-react';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { FormSelect } from '../../../components/ui/form-select';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { isUnauthorizedError, serverMessage } from '../../../lib/api-error';
import { applyServerIssues } from '../../../lib/form-issues';
import { toast } from '../../../lib/toast.store';
import { handleUnauthorized } from '../../auth';
import type { TimelineTask } from '../model/timeline-task';
import { useUpdateTask } from '../tasks.api';
import { AssigneeSelect } from './assignee-select';
import { EndDateField, MilestoneCheckbox } from './milestone-fields';
import { StatusDot } from './status-dot';
import type { Person } from './timeline-context';

type EditableTask = Pick<TimelineTask, 'name' | 'description' | 'startDate' | 'endDate' | 'status' | 'priority' | 'progress' | 'assigneeId' | 'kind'>;

function formValues(task: EditableTask): TaskEditFormInput {
  return {
    name: task.name,
    description: task.description ?? '',
    startDate: task.startDate,
    endDate: task.endDate,
    status: task.status,
    priority: task.priority,
    progress: task.progress,
    assigneeId: task.assigneeId ?? UNASSIGNED,
    milestone: task.kind === 'milestone',
    changeReason: '',
  };
}

/** [summary-rollup] A summary's dates and progress are shown, not edited. */
const ROLLED_UP = 'Rolled up from its subtasks.';

const FIELDS = ['name', 'description', 'startDate', 'endDate', 'status', 'priority', 'progress', 'assigneeId', 'milestone', 'changeReason'] as const;

interface TaskEditFormProps {
  task: TimelineTask;
  people: readonly Person[];
  readOnly: boolean;
  onDelete: () => void;
  onCancel: () => void;
}

/**
 * Edit Task: saves through PATCH /api/tasks/{id} so the change reason lands in the history. Only the fields that
 * differ from the task are sent. While it is open, fields the user has not touched follow the live task.
 */
export function TaskEditForm({ task, people, readOnly, onDelete, onCancel }: TaskEditFormProps) {
  const updateTask = useUpdateTask();
  const values = useMemo(() => formValues(task), [task]);
  const form = useForm({
    resolver: zodResolver(taskEditFormSchema),
    values,
    resetOptions: { keepDirtyValues: true },
  });
  const { errors, isSubmitting } = form.formState;
  const milestone = form.watch('milestone');
  const summary = task.subtasks > 0;
  const startDate = form.watch('startDate');

  const onSubmit = form.handleSubmit(async (v) => {
    const changes: UpdateTaskRequest = {};
    const description = v.description.trim() ? v.description : null;
    if (v.name !== task.name) changes.name = v.name;
    if (description !== (task.description?.trim() ? task.description : null)) changes.description = description;
    if (v.startDate !== task.startDate) changes.startDate = v.startDate;
    if (v.endDate !== task.endDate) changes.endDate = v.endDate;
    if (v.status !== task.status) changes.status = v.status;
    if (v.priority !== task.priority) changes.priority = v.priority;
    if (v.progress !== task.progress) changes.progress = v.progress;
    if (assigneeFromChoice(v.assigneeId) !== task.assigneeId) changes.assigneeId = assigneeFromChoice(v.assigneeId);
    const kind = v.milestone ? 'milestone' : 'task';
    if (kind !== task.kind) changes.kind = kind;
    if (Object.keys(changes).length === 0) {
      form.setError('root', { message: 'Nothing to save: no field differs from the task.' });
      return;
    }
    const reason = v.changeReason.trim();
    if (reason) changes.changeReason = reason;
    try {
      const saved: Task = await updateTask.mutateAsync({ taskId: task.id, changes });
      toast({ title: 'Task Updated', description: saved.name });
      form.reset(formValues({ ...saved, status: saved.status }));
    } catch (err) {
      if (isUnauthorizedError(err)) {
        handleUnauthorized();
        return;
      }
      applyServerIssues(err, form.setError, FIELDS);
      toast({ title: 'Failed to update task', description: serverMessage(err) ?? undefined, variant: 'destructive' });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <fieldset disabled={readOnly || isSubmitting} className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <FormField id="task-edit-name" label="Task name" error={errors.name?.message}>
            {(control) => <Input {...control} autoComplete="off" {...form.register('name')} />}
          </FormField>
        </div>
        <div className="sm:col-span-2">
          <FormField id="task-edit-description" label="Description" hint="Optional." error={errors.description?.message}>
            {(control) => <Textarea {...control} rows={3} {...form.register('description')} />}
          </FormField>
        </div>
        <FormField id="task-edit-start" label="Start date" error={errors.startDate?.message} hint={summary ? ROLLED_UP : undefined}>
          {(control) => <Input {...control} type="date" readOnly={summary} {...form.register('startDate')} />}
        </FormField>
        <EndDateField
          id="task-edit-end"
          register={form.register('endDate')}
          milestone={milestone}
          startDate={startDate}
          error={errors.endDate?.message}
          rolledUp={summary ? ROLLED_UP : undefined}
        />
        {summary ? (
          <p className="text-sm text-slate-600 sm:col-span-2">
            A summary of {task.subtasks} {task.subtasks === 1 ? 'subtask' : 'subtasks'}: its dates and progress are theirs. Move it on the chart to move them all.
          </p>
        ) : (
          <MilestoneCheckbox id="task-edit-milestone" register={form.register('milestone')} className="sm:col-span-2" />
        )}
        <FormField id="task-edit-status" label="Status" error={errors.status?.message}>
          {(control) => (
            <FormSelect
              control={form.control}
              name="status"
              field={control}
              options={TASK_STATUSES.map((status) => ({ value: status, label: TASK_STATUS_LABELS[status], leading: <StatusDot status={status} labelled={false} /> }))}
              triggerLeading={(value) => <StatusDot status={value as TaskStatus} labelled={false} />}
            />
          )}
        </FormField>
        <FormField id="task-edit-priority" label="Priority" error={errors.priority?.message}>
          {(control) => (
            <FormSelect
              control={form.control}
              name="priority"
              field={control}
              options={TASK_PRIORITIES.map((priority) => ({ value: priority, label: TASK_PRIORITY_LABELS[priority] }))}
            />
          )}
        </FormField>
        <FormField id="task-edit-progress" label="Progress (%)" error={errors.progress?.message} hint={summary ? ROLLED_UP : undefined}>
          {(control) => (
            <Input {...control} type="number" min={0} max={100} step={1} inputMode="numeric" readOnly={summary} {...form.register('progress', { valueAsNumber: true })} />
          )}
        </FormField>
        <FormField id="task-edit-assignee" label="Assignee" error={errors.assigneeId?.message}>
          {(control) => (
            <Controller
              control={form.control}
              name="assigneeId"
              render={({ field }) => (
                <AssigneeSelect control={control} value={field.value} onChange={field.onChange} onBlur={field.onBlur} name={field.name} people={people} />
              )}
            />
          )}
        </FormField>
        <div className="sm:col-span-2">
          <FormField id="task-edit-reason" label="Change reason" hint="Optional. Kept with this change in the history." error={errors.changeReason?.message}>
            {(control) => <Textarea {...control} rows={2} placeholder="Why is this changing?" {...form.register('changeReason')} />}
          </FormField>
        </div>
      </fieldset>
      {errors.root?.message ? (
        <p role="alert" className="text-sm text-amber-700">
          {errors.root.message}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button variant="outline" onClick={onDelete} disabled={readOnly} className="text-red-700 hover:bg-red-50">
          <Trash2 aria-hidden="true" className="h-4 w-4" />
          Delete Task
        </Button>
        <div className="flex gap-2">
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={readOnly || isSubmitting}>
            {isSubmitting ? 'Saving...' : 'Save Changes'}
          </Button>
        </div>
      </div>
    </form>
  );
}
