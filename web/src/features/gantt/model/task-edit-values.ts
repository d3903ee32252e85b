import {
  assigneeFromChoice,
  canonicalAllocations,
  UNASSIGNED,
  type Assignment,
  type TaskEditFormInput,
  type TaskEditFormValues,
  type TaskHistoryEntry,
  type UpdateTaskRequest,
} from '@planline/domain';
import { allocationOf, type TimelineTask } from './timeline-task';

export type EditableTask = Pick<TimelineTask, 'name' | 'description' | 'startDate' | 'endDate' | 'status' | 'priority' | 'progress' | 'assigneeId' | 'assigneeIds' | 'allocations' | 'kind'>;

/** The Edit Task fields that hold the task's own values (the change reason is the person's alone). */
export const TASK_EDIT_FIELDS = ['name', 'description', 'startDate', 'endDate', 'status', 'priority', 'progress', 'assigneeId', 'milestone'] as const;
export type TaskEditField = (typeof TASK_EDIT_FIELDS)[number];

/** The form's values for a task as it is. */
export function taskFormValues(task: EditableTask): TaskEditFormInput {
  return {
    name: task.name,
    description: task.description ?? '',
    startDate: task.startDate,
    endDate: task.endDate,
    status: task.status,
    priority: task.priority,
    progress: task.progress,
    assigneeId: task.assigneeId ?? UNASSIGNED,
    allocation: task.assigneeId ? allocationOf(task, task.assigneeId) : 100,
    otherAllocations: task.assigneeIds.filter((id) => id !== task.assigneeId).map((userId) => ({ userId, allocation: allocationOf(task, userId) })),
    milestone: task.kind === 'milestone',
    changeReason: '',
  };
}

/** The Change History's name of a form field (task_change_history.field_name). */
export const historyFieldOf = (field: TaskEditField): string => (field === 'milestone' ? 'kind' : field);

/** A form value as the Change History records it ('' and no one read as nothing). */
export function recordedText(field: TaskEditField, value: TaskEditFormInput[TaskEditField]): string | null {
  if (field === 'milestone') return value ? 'milestone' : 'task';
  if (field === 'assigneeId') return value === UNASSIGNED ? null : String(value);
  const text = String(value);
  return text.trim() === '' ? null : text;
}

/**
 * Who gave a field its current value, by the task's history (newest first): the newest change of that field to
 * that value. Null while the history has not caught up with the live task (it is stored a moment later).
 */
export function changedBy(history: readonly TaskHistoryEntry[] | undefined, field: TaskEditField, value: TaskEditFormInput[TaskEditField]): string | null {
  const text = recordedText(field, value);
  const entry = history?.find((e) => e.fieldName === historyFieldOf(field) && (e.newValue?.trim() ? e.newValue : null) === text);
  return entry?.changedByUser?.firstName ?? null;
}

/**
 * What Save sends: the fields the person changed (`dirty`), and nothing else, so a teammate's change to another
 * field is never written back over. A milestone sends its dates with its kind (one day, on its start).
 */
export function taskChanges(dirty: ReadonlySet<TaskEditField>, v: Omit<TaskEditFormValues, 'allocation' | 'otherAllocations'>, task: EditableTask): UpdateTaskRequest {
  const changes: UpdateTaskRequest = {};
  if (dirty.has('name')) changes.name = v.name;
  if (dirty.has('description')) changes.description = v.description.trim() ? v.description : null;
  if (dirty.has('startDate')) changes.startDate = v.startDate;
  if (dirty.has('endDate') || (dirty.has('milestone') && v.endDate !== task.endDate)) changes.endDate = v.endDate;
  if (dirty.has('status')) changes.status = v.status;
  if (dirty.has('priority')) changes.priority = v.priority;
  if (dirty.has('progress')) changes.progress = v.progress;
  if (dirty.has('assigneeId')) changes.assigneeId = assigneeFromChoice(v.assigneeId);
  if (dirty.has('milestone')) changes.kind = v.milestone ? 'milestone' : 'task';
  return changes;
}

/**
 * What the person started from for the fields Save sends (the API's `base`): if a teammate changed one of them
 * after the form last heard, the server refuses with 409 instead of overwriting it.
 */
export function taskBase(dirty: ReadonlySet<TaskEditField>, base: TaskEditFormInput, task: EditableTask): UpdateTaskRequest['base'] {
  return taskChanges(dirty, base, task);
}

/**
 * [allocation] Everyone assigned after Save with their share, as PATCH /api/tasks/{id} takes it (`assignments`), or
 * undefined when nobody's share or place changes. `allocation` is the share of the assignee chosen in the form,
 * `otherAllocations` the other assignees'. A new primary assignee replaces the old one among the assignees (the
 * API's rule), so the old one's share goes with them.
 */
export function assignmentChanges(
  dirty: { allocations: boolean; assigneeId: boolean },
  v: Pick<TaskEditFormValues, 'assigneeId' | 'allocation' | 'otherAllocations'>,
  task: Pick<EditableTask, 'assigneeId' | 'assigneeIds' | 'allocations'>,
): Assignment[] | undefined {
  const primary = dirty.assigneeId ? assigneeFromChoice(v.assigneeId) : task.assigneeId;
  if (!dirty.allocations && primary === task.assigneeId) return undefined;
  const people = new Set(task.assigneeIds);
  if (task.assigneeId) people.add(task.assigneeId);
  if (task.assigneeId && primary !== task.assigneeId) people.delete(task.assigneeId);
  if (primary) people.add(primary);
  const typed = new Map(v.otherAllocations.map((o) => [o.userId, o.allocation]));
  const shareOf = (userId: string) => (userId === primary ? v.allocation : (typed.get(userId) ?? allocationOf(task, userId)));
  const next = [...people].sort().map((userId) => ({ userId, allocation: shareOf(userId) }));
  const before = [...new Set([...task.assigneeIds, ...(task.assigneeId ? [task.assigneeId] : [])])].sort();
  const unchanged =
    before.length === next.length &&
    next.every((a, i) => a.userId === before[i]) &&
    JSON.stringify(canonicalAllocations(Object.fromEntries(next.map((a) => [a.userId, a.allocation])))) === JSON.stringify(canonicalAllocations(task.allocations));
  return unchanged ? undefined : next;
}
