import {
  ALLOCATION_DEFAULT,
  allocationSchema,
  isCalendarDate,
  isCanonicalTaskId,
  maxDate,
  TASK_COLOR_DEFAULT,
  TASK_PRIORITIES,
  taskFieldSchemas,
  taskStatusOf,
  type CustomValues,
  type TaskKind,
  type TaskPriority,
  type TaskStatus,
} from '@planline/domain';
import type { DocTask } from '@planline/document';

/** A task as the timeline draws it: read from the project document, with safe fallbacks. */
export interface TimelineTask {
  id: string;
  name: string;
  description: string | null;
  startDate: string;
  endDate: string;
  status: TaskStatus;
  priority: TaskPriority;
  progress: number;
  color: string;
  assigneeId: string | null;
  /** Everyone assigned, the primary assignee among them (the document's `assigneeIds`, in id order). */
  assigneeIds: readonly string[];
  /** Issue 36: each assignee's share of their working day, for those not at 100 % (the document's `allocations`). */
  allocations: Readonly<Record<string, number>>;
  order: number;
  /** A milestone is drawn as a diamond on its start date (issue 17). */
  kind: TaskKind;
  /** The summary task above it, as the document says (tasks-store.ts decides whether it stands). */
  parentId: string | null;
  /**
   * How many tasks name it as their parent. A summary (more than 0) shows its subtasks' dates and progress
   * rolled up (tasks-store.ts), not its own.
   */
  subtasks: number;
  /** Issue 39: the task's custom field values, field id → value (the document's `custom`; {} for none). */
  custom: Readonly<CustomValues>;
}

const COLOR = /^#[0-9a-fA-F]{6}$/;

/**
 * The document may hold a value for a moment that the server is about to put back (a teammate's bad edit, a task
 * created without a name). The chart shows what can be drawn and waits: no name or no dates means no row yet.
 */
export function toTimelineTask(id: string, doc: DocTask | null): TimelineTask | null {
  if (!doc) return null;
  const { name, startDate, endDate } = doc;
  if (typeof name !== 'string' || !name.trim() || !isCalendarDate(startDate) || !isCalendarDate(endDate)) return null;
  const kind = doc.kind === 'milestone' ? 'milestone' : 'task';
  const progress = typeof doc.progress === 'number' && Number.isFinite(doc.progress) ? Math.min(100, Math.max(0, Math.round(doc.progress))) : 0;
  return {
    id,
    name,
    description: typeof doc.description === 'string' ? doc.description : null,
    startDate,
    // A milestone is on its start date, even while a bad end date waits to be put back.
    endDate: kind === 'milestone' ? startDate : maxDate(startDate, endDate),
    status: taskStatusOf(doc.status),
    priority: (TASK_PRIORITIES as readonly unknown[]).includes(doc.priority) ? (doc.priority as TaskPriority) : 'medium',
    progress,
    color: typeof doc.color === 'string' && COLOR.test(doc.color) ? doc.color : TASK_COLOR_DEFAULT,
    assigneeId: typeof doc.assigneeId === 'string' ? doc.assigneeId : null,
    assigneeIds: assigneeIdsOf(doc.assigneeIds),
    allocations: allocationsOf(doc.allocations),
    order: typeof doc.order === 'number' && Number.isFinite(doc.order) ? doc.order : 0,
    // Missing in documents from before milestones: a task.
    kind,
    parentId: typeof doc.parentId === 'string' && isCanonicalTaskId(doc.parentId) ? doc.parentId : null,
    subtasks: 0,
    custom: customOf(doc.custom),
  };
}

const NO_CUSTOM: Readonly<CustomValues> = Object.freeze({});

/** Custom values of a shape the document may hold; one the server is about to put back reads as none meanwhile. */
function customOf(value: unknown): Readonly<CustomValues> {
  if (value === undefined || value === null) return NO_CUSTOM;
  const parsed = taskFieldSchemas.custom.safeParse(value);
  return parsed.success && Object.keys(parsed.data).length ? Object.freeze(parsed.data) : NO_CUSTOM;
}

const NO_ALLOCATIONS: Readonly<Record<string, number>> = Object.freeze({});

/** The allocations a chart can use: whole percents from 1 to 200 by person; anything else waits to be put back. */
function allocationsOf(value: unknown): Readonly<Record<string, number>> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return NO_ALLOCATIONS;
  const valid = Object.entries(value as Record<string, unknown>).filter(
    (e): e is [string, number] => allocationSchema.safeParse(e[1]).success && e[1] !== ALLOCATION_DEFAULT,
  );
  return valid.length ? Object.freeze(Object.fromEntries(valid)) : NO_ALLOCATIONS;
}

const NO_ASSIGNEES: readonly string[] = Object.freeze([]);
function assigneeIdsOf(value: unknown): readonly string[] {
  if (!Array.isArray(value) || value.length === 0) return NO_ASSIGNEES;
  return value.filter((id): id is string => typeof id === 'string');
}

/** A task's allocation for one of its assignees, in percent (100 when none is stored). */
export const allocationOf = (task: Pick<TimelineTask, 'allocations'>, userId: string): number => task.allocations[userId] ?? ALLOCATION_DEFAULT;

/** Two records (allocations, custom values) with the same keys and values. */
function sameEntries<T>(a: Readonly<Record<string, T>>, b: Readonly<Record<string, T>>): boolean {
  if (a === b) return true;
  const keys = Object.keys(b);
  return keys.length === Object.keys(a).length && keys.every((k) => a[k] === b[k]);
}

export function sameTimelineTask(a: TimelineTask | undefined, b: TimelineTask): boolean {
  if (!a) return false;
  for (const key of Object.keys(b) as (keyof TimelineTask)[]) {
    if (key === 'allocations') {
      if (!sameEntries(a.allocations, b.allocations)) return false;
    } else if (key === 'custom') {
      if (!sameEntries(a.custom, b.custom)) return false;
    } else if (key === 'assigneeIds') {
      if (a.assigneeIds.length !== b.assigneeIds.length || a.assigneeIds.some((id, i) => id !== b.assigneeIds[i])) return false;
    } else if (a[key] !== b[key]) return false;
  }
  return true;
}

/** Row order: the task's order (creation order from the API), then start, then name; id breaks ties. */
export function compareTasks(a: TimelineTask, b: TimelineTask): number {
  return a.order - b.order || cmp(a.startDate, b.startDate) || cmp(a.name, b.name) || cmp(a.id, b.id);
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Fields whose change can move a row. */
export function affectsOrder(a: TimelineTask | undefined, b: TimelineTask | undefined): boolean {
  return !a || !b || a.order !== b.order || a.startDate !== b.startDate || a.name !== b.name || a.parentId !== b.parentId;
}
