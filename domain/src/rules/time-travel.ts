import { z } from 'zod';
import { dependencyKey, parseDependencyKey } from '../realtime/protocol.js';
import { readLinkSummary, type Link } from '../schemas/dependency.js';
import { TASK_FIELDS, taskFieldSchemas, type TaskFieldName, type TaskFields } from '../schemas/task.js';
import { MONTH_NAMES } from '../timeline/calendar-date.js';
import type { CustomValues } from '../schemas/custom-field.js';

/*
 * Time travel (issue 19): the plan at an instant, rebuilt from the rows as they are now by undoing, newest first,
 * every history row written after it. The history is complete for that since the 'complete history' migration: a
 * creation records the whole task ('created', new value), a deletion too ('deleted', old value), and a link's row
 * names its predecessor by id. Rows written before lack deletions (docs/scheduling.md, "Time travel").
 */

/** A task as a 'created' or 'deleted' history row records it: its stored fields, and its row's times when known. */
export const recordedTaskSchema = z.object({
  ...taskFieldSchemas,
  // Recorded before allocations were (issue 36): everyone at 100 %.
  allocations: taskFieldSchemas.allocations.default({}),
  // Recorded before custom fields were (issue 39): none.
  custom: taskFieldSchemas.custom.default({}),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
});
export type RecordedTask = z.infer<typeof recordedTaskSchema>;

/** The JSON a 'created' or 'deleted' row holds. */
export const recordTask = (task: TaskFields, times?: { createdAt: string; updatedAt: string }): string => JSON.stringify({ ...task, ...times });

/** A recorded task, or null for text that is not one (a 'created' row from before: the task's name alone). */
export function readRecordedTask(text: string | null): RecordedTask | null {
  if (!text?.startsWith('{')) return null;
  try {
    const parsed = recordedTaskSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A task of the plan at an instant: its stored fields and its row's times. */
export interface PlanTask extends TaskFields {
  id: string;
  createdAt: string;
  updatedAt: string;
}

/** A link of the plan at an instant, with when it was made (answers list a task's links in that order). */
export interface PlanLink extends Link {
  createdAt: string;
}

export interface PlanState {
  tasks: Map<string, PlanTask>;
  /** By dependencyKey (`taskId->dependsOnTaskId`). */
  links: Map<string, PlanLink>;
}

/** One task_change_history row, as the rebuild reads it. */
export interface HistoryRow {
  taskId: string;
  fieldName: string;
  oldValue: string | null;
  /** Read for links only (null: the link was removed). */
  newValue: string | null;
  dependsOnTaskId: string | null;
  /** When it was written, in microseconds since the epoch, as the database keeps it (instants compare in these). */
  writtenAtUs: number;
}

/** An instant in microseconds since the epoch, as HistoryRow.writtenAtUs counts. */
export const instantUs = (at: Date) => at.getTime() * 1000;
/** A row's time as answers give times (ISO, to the millisecond: the database's microseconds cut, as a Date cuts them). */
const isoOf = (us: number) => new Date(Math.floor(us / 1000)).toISOString();

/** Allocations as history rows hold them (JSON; null for none); anything unreadable reads as none. */
function readAllocations(text: string | null): Record<string, number> {
  if (!text) return {};
  try {
    const parsed = taskFieldSchemas.allocations.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** Custom values as history rows hold them (JSON; null for none); anything unreadable reads as none. */
function readCustomValues(text: string | null): CustomValues {
  if (!text) return {};
  try {
    const parsed = taskFieldSchemas.custom.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** A field's value as a history row holds it, back in the field's type (lists are comma-joined, an empty one null). */
export function readHistoryValue(field: TaskFieldName, text: string | null): TaskFields[TaskFieldName] {
  switch (field) {
    case 'progress':
    case 'order':
      return Number(text ?? 0);
    case 'assigneeIds':
      return text ? text.split(',') : [];
    case 'allocations':
      return readAllocations(text);
    case 'custom':
      return readCustomValues(text);
    case 'description':
      return text;
    case 'assigneeId':
    case 'parentId':
      return text === null || text === '' ? null : text;
    default:
      return text ?? '';
  }
}

const TASK_FIELD_NAMES: ReadonlySet<string> = new Set(TASK_FIELDS);
const isTaskField = (field: string): field is TaskFieldName => TASK_FIELD_NAMES.has(field);

/**
 * What the undone rows do not tell, from the rows written at or before the instant (newest first, so the first
 * found is the last): when each task whose fields went back was last created or changed, and when each link that
 * comes back was last made.
 */
function stampsAt(history: readonly HistoryRow[], atUs: number, tasks: ReadonlySet<string>, links: ReadonlySet<string>) {
  const lastChangedAt = new Map<string, string>();
  const linkMadeAt = new Map<string, string>();
  for (const row of history) {
    if (lastChangedAt.size === tasks.size && linkMadeAt.size === links.size) break;
    if (row.writtenAtUs > atUs) continue;
    if (row.fieldName === 'dependency') {
      const key = row.dependsOnTaskId && row.oldValue === null ? dependencyKey(row.taskId, row.dependsOnTaskId) : null;
      if (key && links.has(key) && !linkMadeAt.has(key)) linkMadeAt.set(key, isoOf(row.writtenAtUs));
    } else if (row.fieldName !== 'deleted' && tasks.has(row.taskId) && !lastChangedAt.has(row.taskId)) {
      lastChangedAt.set(row.taskId, isoOf(row.writtenAtUs));
    }
  }
  return { lastChangedAt, linkMadeAt };
}

/**
 * [time-travel] The plan at an instant (`atUs`, microseconds): `now` with every row of `history` (the project's,
 * newest first) written after the instant taken back, one by one. Tasks created after it disappear, deleted ones
 * come back, fields and links go back to their old values; the rows at or before it say when each task was last
 * changed then. Pure: `now` is not changed, and the tasks the rows leave alone are `now`'s own objects (copying all
 * 10,000 of a plan for each instant cost more than the rows undone). Rows it cannot read (from before complete
 * history) are skipped.
 */
export function planAt(now: PlanState, history: readonly HistoryRow[], atUs: number): PlanState {
  const tasks = new Map(now.tasks);
  const links = new Map(now.links);
  /** Tasks that are this plan's own (copied from `now` or come back), so free to change. */
  const own = new Set<string>();
  const changed = new Set<string>();
  const comeBack = new Set<string>();
  for (const row of history) {
    if (row.writtenAtUs <= atUs) continue;
    if (row.fieldName === 'created') {
      tasks.delete(row.taskId);
    } else if (row.fieldName === 'deleted') {
      const task = readRecordedTask(row.oldValue);
      if (task) {
        const { createdAt, updatedAt, ...fields } = task;
        const at = isoOf(row.writtenAtUs);
        tasks.set(row.taskId, { ...fields, id: row.taskId, createdAt: createdAt ?? at, updatedAt: updatedAt ?? at });
        own.add(row.taskId);
      }
    } else if (row.fieldName === 'dependency') {
      if (!row.dependsOnTaskId) continue;
      const key = dependencyKey(row.taskId, row.dependsOnTaskId);
      const before = row.oldValue === null ? null : readLinkSummary(row.oldValue)?.link;
      if (before === null) links.delete(key);
      else if (before) {
        links.set(key, { ...before, createdAt: links.get(key)?.createdAt ?? isoOf(row.writtenAtUs) });
        if (row.newValue === null) comeBack.add(key);
      }
    } else if (isTaskField(row.fieldName)) {
      let task = tasks.get(row.taskId);
      if (!task) continue;
      if (!own.has(row.taskId)) {
        task = { ...task };
        tasks.set(row.taskId, task);
        own.add(row.taskId);
      }
      (task as Record<TaskFieldName, unknown>)[row.fieldName] = readHistoryValue(row.fieldName, row.oldValue);
      changed.add(row.taskId);
    }
  }
  const stamps = stampsAt(history, atUs, changed, comeBack);
  // Every changed task is its plan's own: a field row copied it, or it came back from a 'deleted' row.
  for (const id of changed) {
    const task = tasks.get(id);
    if (task) task.updatedAt = stamps.lastChangedAt.get(id) ?? task.createdAt;
  }
  for (const key of comeBack) {
    const link = links.get(key);
    const madeAt = stamps.linkMadeAt.get(key);
    if (link && madeAt) links.set(key, { ...link, createdAt: madeAt });
  }
  // A link stands only between two tasks that stand (rows from before complete history may leave one behind).
  for (const key of links.keys()) {
    const edge = parseDependencyKey(key);
    if (!edge || !tasks.has(edge.taskId) || !tasks.has(edge.dependsOnTaskId)) links.delete(key);
  }
  return { tasks, links };
}

/** [restore-reason] "Restored to 20 Nov 10:00": the instant in UTC, as a restore's history reason gives it. */
export function restoreReason(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `Restored to ${at.getUTCDate()} ${MONTH_NAMES[at.getUTCMonth()]!.slice(0, 3)} ${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}`;
}
