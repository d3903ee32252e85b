import { dayNumber, fromDayNumber } from '../timeline/calendar-date.js';
import { summaryIds } from '../scheduling/schedule-graph.js';
import { DEFAULT_WORK_CALENDAR, type WorkCalendar } from '../scheduling/work-calendar.js';
import type { TaskKind } from '../scheduling/scheduling.schema.js';
import { HOURS_PER_DAY_DEFAULT, type Assignment, type PersonCapacity, type WorkloadScale } from '../schemas/workload.js';
import { HOURS_EPSILON, personDays, roundHours, weekdayOfDay, workingMask, type PersonDays } from './person-days.js';

/**
 * [workload-load] The load arithmetic of issue 36. Load is derived, never stored (ARCHITECTURE §3d): a pure
 * function of tasks, assignments, calendars and capacity, shared by the server's workload read, the browser's live
 * view and leveling.
 *
 * Load of a task on a day = allocation / 100 × the person's hours per day, on each day of the task that is a
 * working day of the task's project and of the person (their weekdays, not a day off). Milestones and summary tasks
 * carry none. Capacity of a day = hours per day on the person's working days (their own weekdays, else the base
 * calendar's working days) that are not days off. A task nobody is assigned to loads the Unassigned row at 100% of
 * the default day (8 hours) on its project's working days; that row has no capacity.
 *
 * Days are day numbers over the queried range: one typed array per person and per project, filled by a loop per
 * task and assignee; the only objects made per task are its entries in the buckets it touches.
 */

export interface LoadTask {
  id: string;
  projectId: string;
  startDate: string;
  endDate: string;
  kind?: TaskKind | undefined;
  /** A task that another task of the input names as its parent is a summary: it carries no load. */
  parentId?: string | null | undefined;
  assignments: readonly Assignment[];
}

export interface WorkloadInput {
  /** The team's members with their capacity; an assignee missing here counts with the default capacity. */
  people: readonly PersonCapacity[];
  /** Each project's working calendar; a project missing here works Monday to Friday without holidays. */
  calendars: ReadonlyMap<string, WorkCalendar>;
  tasks: readonly LoadTask[];
  /** Capacity days of people without working days of their own (the team's default); Monday to Friday if absent. */
  baseCalendar?: WorkCalendar | undefined;
}

export interface TaskHours {
  taskId: string;
  projectId: string;
  hours: number;
}

export interface WorkloadBucket {
  /** First and last day of the bucket inside the range (the first and last buckets may be cut by the range). */
  start: string;
  end: string;
  capacityHours: number;
  allocatedHours: number;
  /** The tasks behind the hours, in input order. */
  tasks: TaskHours[];
}

/** A run of days on which a person's load is over their day ("Ana is at 150% on 3-5 Mar"). */
export interface OverloadSpan {
  userId: string;
  /** First and last over-allocated day; days in between are over-allocated or not working days of theirs. */
  from: string;
  to: string;
  /** The highest load of a day in the span, in whole percent of the person's hours per day. */
  peakPercent: number;
  /** Tasks loading the person on an over-allocated day of the span, in input order. */
  taskIds: string[];
}

export interface WorkloadRow {
  /** null for the Unassigned row. */
  userId: string | null;
  buckets: WorkloadBucket[];
  overloads: OverloadSpan[];
}

export interface WorkloadResult {
  from: string;
  to: string;
  scale: WorkloadScale;
  people: WorkloadRow[];
  unassigned: WorkloadRow;
}

export interface DayRange {
  from: string;
  to: string;
}

/**
 * [workload-load] The team's workload over `from..to` (inclusive, validated by workloadQuerySchema) by day, ISO week
 * (Monday to Sunday) or calendar month. One row per person of `input.people` in that order, then assignees not
 * listed (by id), then the Unassigned row. With `buckets: false` the rows carry their overloads only (the same
 * spans), at the cost of the load grid alone.
 */
export function computeWorkload(
  input: WorkloadInput,
  query: DayRange & { scale: WorkloadScale },
  options: { buckets?: boolean } = {},
): WorkloadResult {
  const grid = loadGrid(input, query);
  const buckets = bucketsOf(grid.first, grid.length, query.scale);
  const rows = [...grid.rows.values()];
  const rowOf = (row: LoadRow): WorkloadRow => {
    const overloads = row.userId === null ? [] : overloadSpans(row, grid.first, grid.length);
    // The chart's read (only the spans): no bucket is filled, no per-task entry made.
    if (options.buckets === false) return { userId: row.userId, buckets: [], overloads };
    const capacity = new Float64Array(buckets.starts.length);
    const allocated = new Float64Array(buckets.starts.length);
    const tasks: TaskHours[][] = Array.from({ length: buckets.starts.length }, () => []);
    for (let i = 0; i < grid.length; i++) {
      const b = buckets.of[i]!;
      allocated[b]! += row.load[i]!;
      if (row.capacity[i]) capacity[b]! += row.days.hoursPerDay;
    }
    for (const share of row.shares) {
      let bucket = -1;
      let hours = 0;
      for (let i = share.first; i <= share.last; i++) {
        if (!share.mask[i] || !row.mayWork[i]) continue;
        const b = buckets.of[i]!;
        if (b !== bucket) {
          if (hours) tasks[bucket]!.push({ taskId: share.task.id, projectId: share.task.projectId, hours: roundHours(hours) });
          bucket = b;
          hours = 0;
        }
        hours += share.hours;
      }
      if (hours) tasks[bucket]!.push({ taskId: share.task.id, projectId: share.task.projectId, hours: roundHours(hours) });
    }
    return {
      userId: row.userId,
      buckets: buckets.starts.map((start, b) => ({
        start,
        end: buckets.ends[b]!,
        capacityHours: roundHours(capacity[b]!),
        allocatedHours: roundHours(allocated[b]!),
        tasks: tasks[b]!,
      })),
      overloads,
    };
  };
  return {
    from: query.from,
    to: query.to,
    scale: query.scale,
    people: rows.map(rowOf),
    unassigned: rowOf(grid.unassigned),
  };
}

/**
 * [workload-overload] Every person's over-allocation spans over `from..to`, person by person in the order of
 * computeWorkload's rows: what the chart's marker and its filter read.
 */
export function findOverallocations(input: WorkloadInput, range: DayRange): OverloadSpan[] {
  const grid = loadGrid(input, range);
  return [...grid.rows.values()].flatMap((row) => overloadSpans(row, grid.first, grid.length));
}

/** One task's hours per day for one person (or the Unassigned row), over the part of the range it covers. */
interface Share {
  task: LoadTask;
  hours: number;
  /** Range indexes of the task's first and last day inside the range. */
  first: number;
  last: number;
  /** The project's working days over the range. */
  mask: Uint8Array;
}

interface LoadRow {
  userId: string | null;
  days: PersonDays;
  /** Range index → 1 when the person's week and days off allow load. */
  mayWork: Uint8Array;
  /** Range index → 1 on a capacity day. */
  capacity: Uint8Array;
  /** Allocated hours per day. */
  load: Float64Array;
  shares: Share[];
}

interface LoadGrid {
  first: number;
  length: number;
  rows: Map<string, LoadRow>;
  unassigned: LoadRow;
}

const ALWAYS: PersonDays = { hoursPerDay: HOURS_PER_DAY_DEFAULT, mayWork: () => true, isCapacityDay: () => false };

function loadGrid(input: WorkloadInput, range: DayRange): LoadGrid {
  const first = dayNumber(range.from);
  const length = dayNumber(range.to) - first + 1;
  if (!(length > 0)) throw new RangeError('The range cannot end before it starts');
  const base = input.baseCalendar ?? DEFAULT_WORK_CALENDAR;
  const newRow = (userId: string | null, days: PersonDays): LoadRow => {
    const mayWork = new Uint8Array(length);
    const capacity = new Uint8Array(length);
    for (let i = 0; i < length; i++) {
      mayWork[i] = days.mayWork(first + i) ? 1 : 0;
      capacity[i] = days.isCapacityDay(first + i) ? 1 : 0;
    }
    return { userId, days, mayWork, capacity, load: new Float64Array(length), shares: [] };
  };
  const rows = new Map<string, LoadRow>();
  const window = { first, last: first + length - 1 };
  for (const person of input.people) if (!rows.has(person.userId)) rows.set(person.userId, newRow(person.userId, personDays(person, base, window)));
  const unlisted = new Set<string>();
  const masks = new Map<string, Uint8Array>();
  const maskOf = (projectId: string) => {
    let mask = masks.get(projectId);
    if (!mask) masks.set(projectId, (mask = workingMask(input.calendars.get(projectId) ?? DEFAULT_WORK_CALENDAR, first, length)));
    return mask;
  };
  const summaries = summaryIds(input.tasks);
  const loaded: { task: LoadTask; firstIndex: number; lastIndex: number }[] = [];
  for (const task of input.tasks) {
    if (task.kind === 'milestone' || summaries.has(task.id)) continue;
    const firstIndex = Math.max(0, dayNumber(task.startDate) - first);
    const lastIndex = Math.min(length - 1, dayNumber(task.endDate) - first);
    if (firstIndex > lastIndex) continue;
    loaded.push({ task, firstIndex, lastIndex });
    for (const a of task.assignments) if (!rows.has(a.userId)) unlisted.add(a.userId);
  }
  for (const userId of [...unlisted].sort()) rows.set(userId, newRow(userId, personDays(undefined, base)));
  const unassigned = newRow(null, ALWAYS);

  for (const { task, firstIndex, lastIndex } of loaded) {
    const mask = maskOf(task.projectId);
    if (task.assignments.length === 0) addShare(unassigned, { task, hours: HOURS_PER_DAY_DEFAULT, first: firstIndex, last: lastIndex, mask });
    for (const a of task.assignments) {
      const row = rows.get(a.userId)!;
      addShare(row, { task, hours: (a.allocation / 100) * row.days.hoursPerDay, first: firstIndex, last: lastIndex, mask });
    }
  }
  // A day someone works counts their day: a person who follows the project calendars and has work on a Saturday of a
  // project that works Saturdays has 8 hours that day, as the over-allocation spans (against hours per day) read it.
  for (const row of rows.values()) for (let i = 0; i < length; i++) if (row.load[i]! > 0) row.capacity[i] = 1;
  return { first, length, rows, unassigned };
}

function addShare(row: LoadRow, share: Share): void {
  const { load, mayWork } = row;
  const { mask, hours } = share;
  for (let i = share.first; i <= share.last; i++) if (mask[i] && mayWork[i]) load[i]! += hours;
  row.shares.push(share);
}

/**
 * Spans of over-allocated days. A day that is neither a capacity day nor loaded (a weekend, a day off) neither
 * breaks nor extends a span, so a Friday-to-Monday overload reads as one span.
 */
function overloadSpans(row: LoadRow, first: number, length: number): OverloadSpan[] {
  const { load, capacity, days } = row;
  const limit = days.hoursPerDay + HOURS_EPSILON;
  const spans: { from: number; to: number; peak: number }[] = [];
  const spanAt = new Int32Array(length).fill(-1);
  let open: { from: number; to: number; peak: number } | null = null;
  for (let i = 0; i < length; i++) {
    const hours = load[i]!;
    if (hours > limit) {
      if (!open) spans.push((open = { from: i, to: i, peak: hours }));
      open.to = i;
      open.peak = Math.max(open.peak, hours);
      spanAt[i] = spans.length - 1;
    } else if (hours > 0 || capacity[i]) open = null;
  }
  if (!spans.length) return [];
  const taskIds = spans.map(() => new Set<string>());
  for (const share of row.shares) {
    for (let i = share.first; i <= share.last; i++) {
      const s = spanAt[i]!;
      if (s >= 0 && share.mask[i] && row.mayWork[i]) taskIds[s]!.add(share.task.id);
    }
  }
  return spans.map((span, s) => ({
    userId: row.userId!,
    from: fromDayNumber(first + span.from),
    to: fromDayNumber(first + span.to),
    peakPercent: Math.round((span.peak / days.hoursPerDay) * 100),
    taskIds: [...taskIds[s]!],
  }));
}

interface Buckets {
  starts: string[];
  ends: string[];
  /** Range index → bucket index. */
  of: Int32Array;
}

function bucketsOf(first: number, length: number, scale: WorkloadScale): Buckets {
  const starts: string[] = [];
  const ends: string[] = [];
  const of = new Int32Array(length);
  for (let i = 0; i < length; i++) {
    const day = first + i;
    const date = fromDayNumber(day);
    const opens = i === 0 || scale === 'day' || (scale === 'week' ? weekdayOfDay(day) === 1 : date.endsWith('-01'));
    if (opens) {
      if (starts.length) ends.push(fromDayNumber(day - 1));
      starts.push(date);
    }
    of[i] = starts.length - 1;
  }
  ends.push(fromDayNumber(first + length - 1));
  return { starts, ends, of };
}
