import {
  ALLOCATION_MAX,
  ALLOCATION_MIN,
  TASK_PRIORITIES,
  TASK_PRIORITY_LABELS,
  TASK_STATUS_LABELS,
  TASK_STATUSES,
  displayName,
  taskEditFormSchema,
  type CustomField,
  type Task,
  type TaskStatus,
  UNASSIGNED,
} from '@planline/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Controller, useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { FormSelect } from '../../../components/ui/form-select';
import { FormField, type FieldControlProps } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { TeammateChange } from '../../../components/ui/teammate-change';
import { Textarea } from '../../../components/ui/textarea';
import { isUnauthorizedError, serverMessage } from '../../../lib/api-error';
import { applyServerIssues } from '../../../lib/form-issues';
import { toast } from '../../../lib/toast.store';
import { handleUnauthorized } from '../../auth';
import {
  assignmentChanges,
  customChanges,
  TASK_EDIT_FIELDS,
  taskBase,
  taskChanges,
  taskFormValues,
  type TaskEditField,
} from '../model/task-edit-values';
import type { TimelineTask } from '../model/timeline-task';
import { useTaskHistory } from '../tasks.queries';
import { useUpdateTask } from '../tasks.api';
import { AssigneeSelect } from './assignee-select';
import { CustomFieldInputs, useCustomDraft } from './custom-field-inputs';
import { EndDateField, MilestoneCheckbox } from './milestone-fields';
import { StatusDot } from './status-dot';
import type { Person } from './timeline-context';
import { useTeammateMerge, type TeammateNote } from './use-teammate-merge';

/** [summary-rollup] A summary's dates and progress are shown, not edited. */
const ROLLED_UP = 'Rolled up from its subtasks.';
const ROLLED_UP_FIELDS: ReadonlySet<TaskEditField> = new Set(['startDate', 'endDate', 'progress']);
const NO_FIELDS: ReadonlySet<TaskEditField> = new Set();

const FIELDS = [...TASK_EDIT_FIELDS, 'allocation', 'changeReason'] as const;

interface TaskEditFormProps {
  task: TimelineTask;
  people: readonly Person[];
  readOnly: boolean;
  onDelete: () => void;
  onCancel: () => void;
  /** After a successful save (the dialog closes). */
  onSaved: () => void;
  /** The project's custom fields (issue 39): the Fields section, none when empty. */
  customFields?: readonly CustomField[];
}

const NO_CUSTOM_FIELDS: readonly CustomField[] = [];

/**
 * Edit Task: saves through PATCH /api/tasks/{id} so the change reason lands in the history. Only the fields the
 * person changed are sent; while it is open, a teammate's change shows under its field with their name, taken in
 * place where the person has not touched the field, offered as a choice where both changed it.
 */
export function TaskEditForm({ task, people, readOnly, onDelete, onCancel, onSaved, customFields = NO_CUSTOM_FIELDS }: TaskEditFormProps) {
  const updateTask = useUpdateTask();
  const [opened] = useState(() => taskFormValues(task));
  const custom = useCustomDraft(customFields, task.custom);
  const form = useForm({ resolver: zodResolver(taskEditFormSchema), defaultValues: opened });
  const { errors, isSubmitting, dirtyFields } = form.formState;
  const milestone = form.watch('milestone');
  const summary = task.subtasks > 0;
  const startDate = form.watch('startDate');
  const assigneeChoice = form.watch('assigneeId');
  const assigned = assigneeChoice !== UNASSIGNED;
  // Shared with the Change History tab: it names who made each live change.
  const history = useTaskHistory(task.id, true);
  const { notes, conflicts, shareNotes, shareConflicts, base } = useTeammateMerge(form, task, history.data, people, summary ? ROLLED_UP_FIELDS : NO_FIELDS);

  const onSubmit = form.handleSubmit(async (v) => {
    if (conflicts.length > 0 || shareConflicts.length > 0) {
      form.setError('root', { message: 'A teammate changed a field you changed: choose "Keep yours" or "Take theirs" under it first.' });
      return;
    }
    const dirty = new Set(TASK_EDIT_FIELDS.filter((field) => dirtyFields[field]));
    const changes = taskChanges(dirty, v, task);
    // [allocation] Everyone assigned with their share, written with the other fields in one change: the shares the
    // person changed, the others as the live task has them, guarded by what the person started from.
    const otherShares = new Set((opened.otherAllocations ?? []).filter((_, i) => dirtyFields.otherAllocations?.[i]?.allocation === true).map((o) => o.userId));
    // The other shares start where the person started them: a teammate's share the form took since included.
    const sharesBase = { ...opened, otherAllocations: base.otherAllocations };
    const assignments = assignmentChanges({ allocation: dirtyFields.allocation === true, otherAllocations: otherShares, assigneeId: dirty.has('assigneeId') }, v, sharesBase, task);
    if (assignments) changes.assignments = assignments.assignments;
    const customValues = customChanges(customFields, custom.draft, custom.opened);
    if (customValues) changes.custom = customValues;
    if (Object.keys(changes).length === 0) {
      form.setError('root', { message: 'Nothing to save: no field differs from the task.' });
      return;
    }
    changes.base = { ...taskBase(dirty, base, task), ...(assignments ? { assignments: assignments.base } : {}) };
    const reason = v.changeReason.trim();
    if (reason) changes.changeReason = reason;
    try {
      const saved: Task = await updateTask.mutateAsync({ taskId: task.id, changes });
      toast({ title: 'Task Updated', description: saved.name });
      onSaved();
    } catch (err) {
      if (isUnauthorizedError(err)) {
        handleUnauthorized();
        return;
      }
      // The dialog stays open with what went wrong: on its fields when the server names them, else above Save.
      if (!applyServerIssues(err, form.setError, FIELDS)) form.setError('root', { message: serverMessage(err) ?? 'Failed to update task. Try again.' });
      toast({ title: 'Failed to update task', description: serverMessage(err) ?? undefined, variant: 'destructive' });
    }
  });

  /** A teammate's change under a field, if any. */
  const note = (field: TaskEditField): ReactNode => {
    const n: TeammateNote | undefined = notes[field];
    return n ? <TeammateChange {...n} /> : null;
  };
  const shareNote = (userId: string): ReactNode => {
    const n = shareNotes.get(userId);
    return n ? <TeammateChange {...n} /> : null;
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <fieldset disabled={readOnly || isSubmitting} className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <FormField id="task-edit-name" label="Task name" error={errors.name?.message} note={note('name')}>
            {(control) => <Input {...control} autoComplete="off" {...form.register('name')} />}
          </FormField>
        </div>
        <div className="sm:col-span-2">
          <FormField id="task-edit-description" label="Description" hint="Optional." error={errors.description?.message} note={note('description')}>
            {(control) => <Textarea {...control} rows={3} {...form.register('description')} />}
          </FormField>
        </div>
        <FormField id="task-edit-start" label="Start date" error={errors.startDate?.message} hint={summary ? ROLLED_UP : undefined} note={note('startDate')}>
          {(control) => <Input {...control} type="date" readOnly={summary} {...form.register('startDate')} />}
        </FormField>
        <EndDateField
          id="task-edit-end"
          register={form.register('endDate')}
          milestone={milestone}
          startDate={startDate}
          error={errors.endDate?.message}
          rolledUp={summary ? ROLLED_UP : undefined}
          note={note('endDate')}
        />
        {summary ? (
          <p className="text-sm text-slate-600 sm:col-span-2">
            A summary of {task.subtasks} {task.subtasks === 1 ? 'subtask' : 'subtasks'}: its dates and progress are theirs. Move it on the chart to move them all.
          </p>
        ) : (
          <div className="space-y-1.5 sm:col-span-2">
            <MilestoneCheckbox id="task-edit-milestone" register={form.register('milestone')} />
            {note('milestone')}
          </div>
        )}
        <FormField id="task-edit-status" label="Status" error={errors.status?.message} note={note('status')}>
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
        <FormField id="task-edit-priority" label="Priority" error={errors.priority?.message} note={note('priority')}>
          {(control) => (
            <FormSelect
              control={form.control}
              name="priority"
              field={control}
              options={TASK_PRIORITIES.map((priority) => ({ value: priority, label: TASK_PRIORITY_LABELS[priority] }))}
            />
          )}
        </FormField>
        <FormField id="task-edit-progress" label="Progress (%)" error={errors.progress?.message} hint={summary ? ROLLED_UP : undefined} note={note('progress')}>
          {(control) => (
            <Input {...control} type="number" min={0} max={100} step={1} inputMode="numeric" readOnly={summary} {...form.register('progress', { valueAsNumber: true })} />
          )}
        </FormField>
        <FormField id="task-edit-assignee" label="Assignee" error={errors.assigneeId?.message} note={note('assigneeId')}>
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
        {assigned ? (
          <FormField
            id="task-edit-allocation"
            label="Allocation (%)"
            hint={`Share of the assignee's working day, ${ALLOCATION_MIN}-${ALLOCATION_MAX}.`}
            error={errors.allocation?.message}
          >
            {(control) => <AllocationInput control={control} register={form.register('allocation', { valueAsNumber: true })} />}
          </FormField>
        ) : null}
        {/* [allocation] Each other assignee's share; one chosen as the assignee above is edited there. */}
        {opened.otherAllocations?.map(({ userId }, i) =>
          userId === assigneeChoice ? null : (
            <FormField
              key={userId}
              id={`task-edit-allocation-${userId}`}
              label={`Allocation of ${personName(people, userId)} (%)`}
              hint={`Share of their working day, ${ALLOCATION_MIN}-${ALLOCATION_MAX}.`}
              error={errors.otherAllocations?.[i]?.allocation?.message}
              note={shareNote(userId)}
            >
              {(control) => <AllocationInput control={control} register={form.register(`otherAllocations.${i}.allocation`, { valueAsNumber: true })} />}
            </FormField>
          ),
        )}
        <CustomFieldInputs fields={customFields} draft={custom.draft} onChange={custom.set} />
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

function AllocationInput({ control, register }: { control: FieldControlProps; register: UseFormRegisterReturn }) {
  return <Input {...control} type="number" min={ALLOCATION_MIN} max={ALLOCATION_MAX} step={1} inputMode="numeric" {...register} />;
}

/** An assignee's name for their field; someone no longer in the project is still named as such. */
function personName(people: readonly Person[], userId: string): string {
  const person = people.find((p) => p.id === userId);
  return person ? displayName(person) : 'a former member';
}
