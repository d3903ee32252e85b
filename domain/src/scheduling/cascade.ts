import { datesAt, isMilestone, placementOf, pushedPlacement, shortfall, type Placement } from './link-constraints.js';
import { buildScheduleGraph, compareIds, topologicalOrder } from './schedule-graph.js';
import type { LinkType } from '../schemas/dependency.js';
import type { ScheduleLink, ScheduleTask } from './scheduling.schema.js';
import type { WorkCalendar } from './work-calendar.js';

/** A task the cascade moved, and the link that moved it (for the history reason). */
export interface CascadeMove {
  taskId: string;
  startDate: string;
  endDate: string;
  previousStartDate: string;
  previousEndDate: string;
  /** The predecessor whose link decided the new dates (on a tie, the smallest predecessor id). */
  movedBy: { taskId: string; name: string; type: LinkType; lagDays: number };
}

export type CascadeResult =
  | { ok: true; moves: CascadeMove[]; skippedLinks: ScheduleLink[] }
  | { ok: false; reason: 'cycle'; cycle: string[] };

/** The history reason of a task the cascade moved (ARCHITECTURE §3a). */
export function cascadeMoveReason(move: Pick<CascadeMove, 'movedBy'>): string {
  return move.movedBy.name ? `Moved by dependency on «${move.movedBy.name}»` : 'Moved by dependency';
}

/**
 * [forward-cascade] After an edit of `editedTaskIds` (tasks hold their new dates), moves every task downstream of
 * the edit that now starts or finishes earlier than one of its links allows, as little as needed, keeping its
 * working-day duration and landing on working days. Push, never pull: no task moves earlier, and a task that
 * satisfies its links keeps its dates (even on a non-working day). An edited task that breaks one of its own
 * links is pushed too, as MS Project and DHTMLX do under auto-scheduling. Moves come back sorted by task id;
 * arguments are not changed. A cycle in the links (refused when links are made) is reported, never followed.
 */
export function cascadeSchedule(
  tasks: readonly ScheduleTask[],
  links: readonly ScheduleLink[],
  calendar: WorkCalendar,
  editedTaskIds: Iterable<string>,
): CascadeResult {
  const graph = buildScheduleGraph(tasks, links);
  const downstream = new Set<string>();
  const queue = [...editedTaskIds].filter((id) => graph.tasks.has(id));
  for (const id of queue) downstream.add(id);
  while (queue.length) {
    const id = queue.pop()!;
    for (const link of graph.outgoing.get(id) ?? []) {
      if (downstream.has(link.taskId)) continue;
      downstream.add(link.taskId);
      queue.push(link.taskId);
    }
  }
  const sorted = topologicalOrder(downstream, graph);
  if (!sorted.ok) return { ok: false, reason: 'cycle', cycle: sorted.cycle };

  const placed = new Map<string, Placement>();
  const placementOfId = (id: string) => placed.get(id) ?? cache(placed, id, placementOf(graph.tasks.get(id)!, calendar));
  const moves: CascadeMove[] = [];
  for (const id of sorted.order) {
    const task = graph.tasks.get(id)!;
    const pushed = pushedPlacement(task, placementOfId(id), graph.incoming.get(id) ?? [], placementOfId);
    if (!pushed) continue;
    const { placement, cause } = pushed;
    placed.set(id, placement);
    moves.push({
      taskId: id,
      ...datesAt(placement.start, placement.finish - placement.start, isMilestone(task), calendar),
      previousStartDate: task.startDate,
      previousEndDate: task.endDate,
      movedBy: { taskId: cause.dependsOnTaskId, name: graph.tasks.get(cause.dependsOnTaskId)!.name, type: cause.type, lagDays: cause.lagDays },
    });
  }
  moves.sort((a, b) => compareIds(a.taskId, b.taskId));
  return { ok: true, moves, skippedLinks: [...graph.skippedLinks] };
}

/** A link whose successor is earlier than the link allows. */
export interface LinkViolation {
  taskId: string;
  dependsOnTaskId: string;
  type: LinkType;
  lagDays: number;
  /** Working days the successor would have to move later. */
  byWorkingDays: number;
}

/**
 * [link-violations] With auto-scheduling off nothing moves: these are the links the plan breaks, sorted by
 * successor then predecessor id. Links to or from summary tasks are not judged (see ScheduleGraph).
 */
export function findLinkViolations(tasks: readonly ScheduleTask[], links: readonly ScheduleLink[], calendar: WorkCalendar): LinkViolation[] {
  const graph = buildScheduleGraph(tasks, links);
  const placed = new Map<string, Placement>();
  const placementOfId = (id: string) => placed.get(id) ?? cache(placed, id, placementOf(graph.tasks.get(id)!, calendar));
  const violations: LinkViolation[] = [];
  for (const link of graph.links) {
    const successor = graph.tasks.get(link.taskId)!;
    const by = shortfall(link, placementOfId(link.dependsOnTaskId), placementOfId(link.taskId), isMilestone(successor));
    if (by > 0) violations.push({ taskId: link.taskId, dependsOnTaskId: link.dependsOnTaskId, type: link.type, lagDays: link.lagDays, byWorkingDays: by });
  }
  return violations;
}

function cache<V>(map: Map<string, V>, key: string, value: V): V {
  map.set(key, value);
  return value;
}
