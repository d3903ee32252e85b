import { maxDate, minDate } from '../timeline/calendar-date.js';
import { workingDuration } from './link-constraints.js';
import { compareIds } from './schedule-graph.js';
import type { ScheduleTask } from './scheduling.schema.js';
import type { WorkCalendar } from './work-calendar.js';

export interface SummaryRollup {
  taskId: string;
  startDate: string;
  endDate: string;
  /** Whole percent, rounded half up. */
  progress: number;
  /** Working days of the leaf work beneath: the summary's weight in its own parent. */
  workingDays: number;
}

export type SummaryRollupResult =
  | { ok: true; summaries: SummaryRollup[] }
  | { ok: false; reason: 'parent-cycle'; cycle: string[] };

type RollupTask = Pick<ScheduleTask, 'id' | 'parentId' | 'startDate' | 'endDate' | 'kind' | 'progress'>;

/**
 * [summary-rollup] A task with children is a summary: it spans its children (earliest start, latest end) and its
 * progress is their average weighted by working days, milestones weighing nothing. A nested summary weighs the
 * working days of the leaf work beneath it (not its span), so a summary's progress is that of all its leaves, as
 * MS Project rolls up % complete. When every child weighs nothing (only milestones), the plain average is used.
 * A parentId naming no task is ignored; parents that loop are refused with the loop. Sorted by task id.
 */
export function rollUpSummaries(tasks: readonly RollupTask[], calendar: WorkCalendar): SummaryRollupResult {
  const byId = new Map(tasks.map((t) => [t.id, t]));
  const children = new Map<string, RollupTask[]>();
  for (const t of tasks) {
    if (t.parentId == null || !byId.has(t.parentId)) continue;
    const list = children.get(t.parentId);
    if (list) list.push(t);
    else children.set(t.parentId, [t]);
  }
  const cycle = findParentCycle(tasks, byId);
  if (cycle) return { ok: false, reason: 'parent-cycle', cycle };

  const done = new Map<string, SummaryRollup>();
  // Unrounded, so that a summary's progress is exactly that of the leaves beneath it.
  const exact = new Map<string, number>();
  const leafWeight = (t: RollupTask) => workingDuration(t, calendar);
  const rollUp = (id: string): SummaryRollup => {
    const known = done.get(id);
    if (known) return known;
    let startDate: string | undefined;
    let endDate: string | undefined;
    let weight = 0;
    let weighted = 0;
    let plain = 0;
    const kids = children.get(id)!;
    for (const child of kids) {
      const sub = children.has(child.id) ? rollUp(child.id) : undefined;
      const [s, e] = sub ? [sub.startDate, sub.endDate] : [child.startDate, child.endDate];
      startDate = startDate === undefined ? s : minDate(startDate, s);
      endDate = endDate === undefined ? e : maxDate(endDate, e);
      const w = sub ? sub.workingDays : leafWeight(child);
      const p = sub ? exact.get(child.id)! : (child.progress ?? 0);
      weight += w;
      weighted += w * p;
      plain += p;
    }
    const progress = weight > 0 ? weighted / weight : plain / kids.length;
    const summary = { taskId: id, startDate: startDate!, endDate: endDate!, progress: Math.round(progress), workingDays: weight };
    done.set(id, summary);
    exact.set(id, progress);
    return summary;
  };
  // Deep trees are rolled up from the bottom so that recursion stays shallow.
  const level = depths(byId);
  for (const id of [...children.keys()].sort((a, b) => level.get(b)! - level.get(a)!)) rollUp(id);
  return { ok: true, summaries: [...done.values()].sort((a, b) => compareIds(a.taskId, b.taskId)) };
}

/** Levels above each task (parents must not loop), walking each chain of parents once. */
function depths(byId: ReadonlyMap<string, RollupTask>): Map<string, number> {
  const known = new Map<string, number>();
  for (const id of byId.keys()) {
    const chain: string[] = [];
    let at: string | undefined = id;
    while (at !== undefined && !known.has(at)) {
      chain.push(at);
      const parent: string | null | undefined = byId.get(at)!.parentId;
      at = parent != null && byId.has(parent) ? parent : undefined;
    }
    let level = at === undefined ? -1 : known.get(at)!;
    for (let i = chain.length - 1; i >= 0; i--) known.set(chain[i]!, ++level);
  }
  return known;
}

/** [parent-cycle] A task that is its own ancestor: the loop as ids, child to parent, first id repeated. */
export function findParentCycle(
  tasks: readonly Pick<ScheduleTask, 'id' | 'parentId'>[],
  byId: ReadonlyMap<string, Pick<ScheduleTask, 'id' | 'parentId'>> = new Map(tasks.map((t) => [t.id, t])),
): string[] | null {
  const state = new Map<string, 'walking' | 'clear'>();
  for (const t of [...tasks].sort((a, b) => compareIds(a.id, b.id))) {
    const path: string[] = [];
    let at: string | null | undefined = t.id;
    while (at != null && byId.has(at) && !state.has(at)) {
      state.set(at, 'walking');
      path.push(at);
      at = byId.get(at)!.parentId;
    }
    if (at != null && state.get(at) === 'walking') {
      const loop = path.slice(path.indexOf(at));
      return [...loop, at];
    }
    for (const id of path) state.set(id, 'clear');
  }
  return null;
}
