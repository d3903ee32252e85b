import { constrainedSide, datesAt, isMilestone, placementOf, pushedPlacement, type Placement } from './link-constraints.js';
import { buildScheduleGraph, compareIds, topologicalOrder } from './schedule-graph.js';
import type { ScheduleLink, ScheduleTask } from './scheduling.schema.js';
import type { WorkCalendar } from './work-calendar.js';

export interface TaskSlack {
  taskId: string;
  earlyStart: string;
  earlyFinish: string;
  lateStart: string;
  lateFinish: string;
  /** Working days the task can slip without moving the project's finish. */
  totalSlack: number;
}

export type CriticalPathResult =
  | {
      ok: true;
      /** Earliest early start and latest early finish; null for a project without (leaf) tasks. */
      projectStart: string | null;
      projectFinish: string | null;
      /** Leaf tasks, milestones included, sorted by id. */
      tasks: TaskSlack[];
      /** Tasks with zero total slack, sorted by id. */
      criticalTaskIds: string[];
    }
  | { ok: false; reason: 'cycle'; cycle: string[] };

/**
 * [critical-path] Forward and backward pass over the whole project, in working days. The forward pass is the
 * cascade run over every task: a task stays where it is drawn unless a link pushes it (tasks are placed by hand
 * and the engine never pulls; DHTMLX's slack likewise reads the chart as drawn). The project runs from the
 * earliest early start to the latest early finish, and the backward pass runs from that finish. Total slack is
 * late start minus early start, in working days; zero slack is critical. Summary tasks are left out (their dates
 * are their children's). A task drawn on non-working days only counts as drawn, zero working days wide.
 */
export function criticalPath(tasks: readonly ScheduleTask[], links: readonly ScheduleLink[], calendar: WorkCalendar): CriticalPathResult {
  const graph = buildScheduleGraph(tasks, links);
  const sorted = topologicalOrder(new Set(graph.tasks.keys()), graph);
  if (!sorted.ok) return { ok: false, reason: 'cycle', cycle: sorted.cycle };
  if (sorted.order.length === 0) return { ok: true, projectStart: null, projectFinish: null, tasks: [], criticalTaskIds: [] };

  // The forward pass is the cascade run over every task: a task stays as drawn unless a link pushes it.
  const early = new Map<string, Placement>();
  const pushed = new Set<string>();
  let projectFinish = -Infinity;
  for (const id of sorted.order) {
    const task = graph.tasks.get(id)!;
    const drawn = placementOf(task, calendar);
    const moved = pushedPlacement(task, drawn, graph.incoming.get(id) ?? [], (p) => early.get(p)!);
    if (moved) pushed.add(id);
    const placement = moved?.placement ?? drawn;
    early.set(id, placement);
    projectFinish = Math.max(projectFinish, placement.finish);
  }

  const late = new Map<string, Placement>();
  for (let i = sorted.order.length - 1; i >= 0; i--) {
    const id = sorted.order[i]!;
    const e = early.get(id)!;
    const width = e.finish - e.start;
    let finish = projectFinish;
    for (const link of graph.outgoing.get(id) ?? []) {
      const successor = late.get(link.taskId)!;
      const bound = successor[constrainedSide(link.type, isMilestone(graph.tasks.get(link.taskId)!))] - link.lagDays;
      // The link ties this task's finish (FS, FF) or its start (SS, SF) to the bound.
      finish = Math.min(finish, link.type[0] === 'F' ? bound : bound + width);
    }
    late.set(id, { start: finish - width, finish });
  }

  const result: TaskSlack[] = [];
  for (const id of [...sorted.order].sort(compareIds)) {
    const task = graph.tasks.get(id)!;
    const milestone = isMilestone(task);
    const e = early.get(id)!;
    const l = late.get(id)!;
    const slack = l.start - e.start;
    // A task left where it is drawn keeps its own dates, non-working days included; moved dates are working days.
    const drawn = { startDate: task.startDate, endDate: milestone ? task.startDate : task.endDate };
    const earlyDates = pushed.has(id) ? datesAt(e.start, e.finish - e.start, milestone, calendar) : drawn;
    const lateDates = slack === 0 ? earlyDates : datesAt(l.start, Math.max(1, l.finish - l.start), milestone, calendar);
    result.push({ taskId: id, earlyStart: earlyDates.startDate, earlyFinish: earlyDates.endDate, lateStart: lateDates.startDate, lateFinish: lateDates.endDate, totalSlack: slack });
  }
  return {
    ok: true,
    projectStart: result.reduce((min, t) => (t.earlyStart < min ? t.earlyStart : min), result[0]!.earlyStart),
    projectFinish: result.reduce((max, t) => (t.earlyFinish > max ? t.earlyFinish : max), result[0]!.earlyFinish),
    tasks: result,
    criticalTaskIds: result.filter((t) => t.totalSlack === 0).map((t) => t.taskId),
  };
}
