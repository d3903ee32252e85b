import { criticalPath, type ScheduleTask, type WorkCalendar } from '@planline/domain';
import { useStore } from 'zustand';
import type { StoreApi } from 'zustand/vanilla';
import { linkKey, type DependencyEdge } from './links';
import type { TasksState } from './tasks-store';
import { useWorkCalendar } from './work-calendar';

/** The critical path and slack of the live plan, as the chart shows them. */
export interface PlanSchedule {
  /**
   * Total slack by task id, in working days: how far the task can slip without moving the project's finish
   * (docs/scheduling.md). Summary tasks are not in it.
   */
  slackDays: ReadonlyMap<string, number>;
  /** Tasks with zero total slack. */
  criticalTaskIds: ReadonlySet<string>;
  /** linkKey of each link between two critical tasks. */
  criticalLinkKeys: ReadonlySet<string>;
  /** The links make a loop (the write path refuses one; the document may hold it for a moment): nothing is known. */
  cycle: boolean;
}

const UNKNOWN: PlanSchedule = { slackDays: new Map(), criticalTaskIds: new Set(), criticalLinkKeys: new Set(), cycle: true };

/**
 * [critical-path] The engine's critical path (domain `criticalPath`: forward pass from the plan as drawn, backward
 * pass from the project's finish) over the live tasks and links, in the project's calendar: the same answer as
 * GET /api/projects/{id}/schedule gives for the stored plan.
 */
export function planSchedule(tasks: ReadonlyMap<string, ScheduleTask>, edges: readonly DependencyEdge[], calendar: WorkCalendar): PlanSchedule {
  const result = criticalPath([...tasks.values()], edges, calendar);
  if (!result.ok) return UNKNOWN;
  const critical = new Set(result.criticalTaskIds);
  return {
    slackDays: new Map(result.tasks.map((t) => [t.taskId, t.totalSlack])),
    criticalTaskIds: critical,
    criticalLinkKeys: new Set(edges.filter((e) => critical.has(e.taskId) && critical.has(e.dependsOnTaskId)).map(linkKey)),
    cycle: false,
  };
}

/** Whether two snapshots of the tasks give the same schedule: the same tasks with the same dates, kinds and parents. */
function sameScheduleInputs(before: ReadonlyMap<string, ScheduleTask>, after: ReadonlyMap<string, ScheduleTask>): boolean {
  if (before.size !== after.size) return false;
  for (const [id, task] of after) {
    const old = before.get(id);
    if (old === task) continue;
    if (!old || old.startDate !== task.startDate || old.endDate !== task.endDate || old.kind !== task.kind || old.parentId !== task.parentId) return false;
  }
  return true;
}

export type ScheduleMemo = (tasks: ReadonlyMap<string, ScheduleTask>, edges: readonly DependencyEdge[], calendar: WorkCalendar) => PlanSchedule;

/**
 * [critical-path-memo] planSchedule, computed again only when dates, links or the calendar change: every row on
 * screen reads the same result, a scroll or a render computes nothing, and a teammate's edit of a name, a status
 * or progress costs one walk over the tasks (~2 ms on 10,000) instead of the whole critical path (~30 ms on
 * 10,000 tasks and 2,000 links, measured by hand in Node; docs/benchmarks.md has the engine's own figures).
 */
export function createScheduleMemo(compute: ScheduleMemo = planSchedule): ScheduleMemo {
  let last: { tasks: ReadonlyMap<string, ScheduleTask>; edges: readonly DependencyEdge[]; calendar: WorkCalendar; result: PlanSchedule } | null = null;
  return (tasks, edges, calendar) => {
    if (last && last.edges === edges && last.calendar === calendar && (last.tasks === tasks || sameScheduleInputs(last.tasks, tasks))) {
      // The next call compares against this snapshot: unchanged tasks are then the same objects.
      last.tasks = tasks;
      return last.result;
    }
    const result = compute(tasks, edges, calendar);
    last = { tasks, edges, calendar, result };
    return result;
  };
}

/** One memo per open project document, shared by the chart, its rows and the details dialog. */
const memos = new WeakMap<StoreApi<TasksState>, ScheduleMemo>();

function memoFor(store: StoreApi<TasksState>): ScheduleMemo {
  let memo = memos.get(store);
  if (!memo) memos.set(store, (memo = createScheduleMemo()));
  return memo;
}

/** The live plan's schedule for a state of `store` (memoised per store, as usePlanSchedule reads it). */
export function scheduleOf(store: StoreApi<TasksState>, state: Pick<TasksState, 'tasks' | 'edges'>, calendar: WorkCalendar): PlanSchedule {
  return memoFor(store)(state.tasks, state.edges, calendar);
}

/**
 * A value read from the live plan's schedule, or null while `enabled` is false: then nothing is computed, so a chart
 * with the critical path off pays for slack only when a tooltip or the details dialog shows it. The component
 * re-renders only when its selected value changes (select a boolean or a number for one row).
 */
export function usePlanSchedule<T>(store: StoreApi<TasksState>, select: (schedule: PlanSchedule) => T, enabled = true): T | null {
  const calendar = useWorkCalendar();
  const memo = memoFor(store);
  return useStore(store, (s) => (enabled ? select(memo(s.tasks, s.edges, calendar)) : null));
}

/** [slack-text] "Slack: 3 working days", or "Critical: no slack" (docs/scheduling.md, total slack). */
export function slackText(slackDays: number): string {
  if (slackDays === 0) return 'Critical: no slack';
  return `Slack: ${slackDays} working ${Math.abs(slackDays) === 1 ? 'day' : 'days'}`;
}

/**
 * What the tooltip and the details dialog say of a task's slack; null for a task the engine leaves out (a
 * summary: its dates are its tasks').
 */
export function taskSlackText(schedule: PlanSchedule, taskId: string): string | null {
  if (schedule.cycle) return 'Slack unknown: the links make a loop';
  const slack = schedule.slackDays.get(taskId);
  return slack === undefined ? null : slackText(slack);
}
