import {
  assigneeFromChoice,
  canonicalAllocations,
  UNASSIGNED,
  type CustomField,
  type CustomValue,
  type CustomValues,
  type Assignment,
  type TaskEditFormInput,
  type TaskEditFormValues,
  type TaskHistoryEntry,
  type UpdateTaskRequest,
} from '@planline/domain';
import { mergeField, type FieldMerge } from '../../../lib/teammate-merge';
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

/** The other assignees' shares of form values (Edit Task's "Allocation of <name>" fields), by user id. */
export function sharesOf(values: Pick<TaskEditFormInput, 'otherAllocations'>): Map<string, number> {
  return new Map((values.otherAllocations ?? []).map((o) => [o.userId, o.allocation]));
}

/** Whether a history entry's allocations (JSON of person id → percent, those not at 100 only) give `userId` `share`. */
function recordsShare(entry: TaskHistoryEntry, userId: string, share: number): boolean {
  try {
    const recorded = JSON.parse(entry.newValue ?? '{}') as Record<string, unknown> | null;
    return (recorded?.[userId] ?? 100) === share;
  } catch {
    return false;
  }
}

/** [form-merge] Who gave `userId` their current share, by the task's history (newest first); null while it has not caught up. */
export function shareChangedBy(history: readonly TaskHistoryEntry[] | undefined, userId: string, share: number): string | null {
  const entry = history?.find((e) => e.fieldName === 'allocations' && recordsShare(e, userId, share));
  return entry?.changedByUser?.firstName ?? null;
}

/** One other assignee's share field of Edit Task, merged with the live task (lib/teammate-merge's rules). */
export interface ShareMerge {
  userId: string;
  /** Its place among the form's share fields (`otherAllocations.<index>`). */
  index: number;
  merge: FieldMerge;
  /** The live task's share. */
  theirs: number;
}

/**
 * [form-merge] The other assignees' share fields merged as the form's other fields are: `base` what the person
 * started each from (the task at opening, or a teammate's share taken since), `mine` the form's values, `theirs`
 * the live task's. A field whose person is no longer assigned stays as it is (Save keeps only those assigned).
 */
export function mergeShares(
  base: Pick<TaskEditFormInput, 'otherAllocations'>,
  mine: Pick<TaskEditFormInput, 'otherAllocations'>,
  theirs: Pick<TaskEditFormInput, 'otherAllocations'>,
): ShareMerge[] {
  const started = sharesOf(base);
  const live = sharesOf(theirs);
  return (mine.otherAllocations ?? []).flatMap(({ userId, allocation }, index) => {
    const share = live.get(userId);
    const from = started.get(userId);
    if (share === undefined || from === undefined) return [];
    return [{ userId, index, merge: mergeField(from, allocation, share), theirs: share }];
  });
}

/** `values` with `userId`'s share at `share` (a share the person now starts from). */
export function withShare<T extends Pick<TaskEditFormInput, 'otherAllocations'>>(values: T, userId: string, share: number): T {
  return { ...values, otherAllocations: (values.otherAllocations ?? []).map((o) => (o.userId === userId ? { ...o, allocation: share } : o)) };
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

/** The share fields the person changed: the assignee's (`allocation`), and the other assignees' by user id. */
export interface TouchedShares {
  allocation: boolean;
  otherAllocations: ReadonlySet<string>;
  assigneeId: boolean;
}

/**
 * [allocation] Everyone assigned after Save with their share, as PATCH /api/tasks/{id} takes it (`assignments`),
 * and the assignments that change was made from (`base.assignments`), or undefined when nobody's share or place
 * changes. `allocation` is the share of the assignee chosen in the form, `otherAllocations` the other assignees'.
 * Only the shares the person changed are theirs; every other share is the live task's, so a teammate's change of
 * another share while the form was open is kept. The base (`opened`) has the shares the person changed as they
 * started them: as the form opened, or a teammate's share the form took since (mergeShares: followed, or chosen
 * with "Keep yours" / "Take theirs"). If a teammate changed one of those meanwhile, unseen, the server answers 409
 * instead of overwriting it. A
 * new primary assignee replaces the old one among the assignees (the API's rule), so the old one's share goes with
 * them.
 */
export function assignmentChanges(
  touched: TouchedShares,
  v: Pick<TaskEditFormValues, 'assigneeId' | 'allocation' | 'otherAllocations'>,
  opened: Pick<TaskEditFormInput, 'assigneeId' | 'allocation' | 'otherAllocations'>,
  task: Pick<EditableTask, 'assigneeId' | 'assigneeIds' | 'allocations'>,
): { assignments: Assignment[]; base: Assignment[] } | undefined {
  const primary = touched.assigneeId ? assigneeFromChoice(v.assigneeId) : task.assigneeId;
  if (!touched.allocation && touched.otherAllocations.size === 0 && primary === task.assigneeId) return undefined;
  const people = new Set(task.assigneeIds);
  if (task.assigneeId) people.add(task.assigneeId);
  if (task.assigneeId && primary !== task.assigneeId) people.delete(task.assigneeId);
  if (primary) people.add(primary);
  const typed = new Map(v.otherAllocations.map((o) => [o.userId, o.allocation]));
  const isTouched = (userId: string) => (userId === primary ? touched.allocation || primary !== task.assigneeId : touched.otherAllocations.has(userId));
  const shareOf = (userId: string) => (!isTouched(userId) ? allocationOf(task, userId) : userId === primary ? v.allocation : (typed.get(userId) ?? allocationOf(task, userId)));
  const next = [...people].sort().map((userId) => ({ userId, allocation: shareOf(userId) }));
  const before = [...new Set([...task.assigneeIds, ...(task.assigneeId ? [task.assigneeId] : [])])].sort();
  const unchanged =
    before.length === next.length &&
    next.every((a, i) => a.userId === before[i]) &&
    JSON.stringify(canonicalAllocations(Object.fromEntries(next.map((a) => [a.userId, a.allocation])))) === JSON.stringify(canonicalAllocations(task.allocations));
  if (unchanged) return undefined;
  const openedShare = (userId: string) => (opened.assigneeId === userId ? opened.allocation : opened.otherAllocations?.find((o) => o.userId === userId)?.allocation);
  const base = before.map((userId) => ({ userId, allocation: (isTouched(userId) ? openedShare(userId) : undefined) ?? allocationOf(task, userId) }));
  return { assignments: next, base };
}

/**
 * Issue 39: the Fields section of Edit Task, by field id: text for a text, number, date or choice field ('' for
 * none), the check of a checkbox.
 */
export type CustomDraft = Readonly<Record<string, string | boolean>>;

/** The Fields section's inputs for a task's values. */
export function customDraftOf(fields: readonly Pick<CustomField, 'id' | 'type'>[], custom: Readonly<CustomValues>): CustomDraft {
  return Object.fromEntries(fields.map((f) => [f.id, f.type === 'checkbox' ? custom[f.id] === true : custom[f.id] === undefined ? '' : String(custom[f.id])]));
}

/**
 * [custom-values] What Save sends as `custom`: the fields whose input differs from what the form opened with, each
 * as its type holds it (null clears), and nothing else, so a teammate's value of another field stays. A number that
 * does not read as one goes as typed: the server's 400 says why, naming the field.
 */
export function customChanges(fields: readonly Pick<CustomField, 'id' | 'type'>[], draft: CustomDraft, opened: CustomDraft): Record<string, CustomValue | null> | undefined {
  const changes: Record<string, CustomValue | null> = {};
  for (const field of fields) {
    const value = draft[field.id];
    if (value === undefined || value === opened[field.id]) continue;
    if (typeof value === 'boolean') changes[field.id] = value || null;
    else if (value.trim() === '') changes[field.id] = null;
    else if (field.type === 'number') changes[field.id] = Number.isFinite(Number(value)) ? Number(value) : value;
    else changes[field.id] = value;
  }
  return Object.keys(changes).length ? changes : undefined;
}
