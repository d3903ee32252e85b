import {
  findDependencyCycle,
  findLinkViolations,
  type LinkType,
  type LinkViolation,
  type Link,
  type WorkCalendar,
} from '@planline/domain';
import { changedTaskIds } from './task-changes';
import type { TimelineTask } from './timeline-task';

/** A link of the document as the chart reads it: `taskId` (the successor) depends on `dependsOnTaskId`. */
export interface DependencyEdge extends Link {
  taskId: string;
  dependsOnTaskId: string;
}

export const LINK_TYPE_NAMES: Record<LinkType, string> = {
  FS: 'finish-to-start',
  SS: 'start-to-start',
  FF: 'finish-to-finish',
  SF: 'start-to-finish',
};

export const linkKey = (edge: Pick<DependencyEdge, 'taskId' | 'dependsOnTaskId'>) => `${edge.taskId}->${edge.dependsOnTaskId}`;

// Lag counts working days, as the cascade does: the words say so.
const days = (n: number) => `${n} working ${Math.abs(n) === 1 ? 'day' : 'days'}`;

export function lagText(lagDays: number): string {
  if (lagDays === 0) return 'no lag';
  return lagDays > 0 ? `lag ${days(lagDays)}` : `lead ${days(-lagDays)}`;
}

/** The arrow's accessible name: "Design → Build, finish-to-start, lag 2 working days". */
export function linkLabel(predecessorName: string, successorName: string, link: Link): string {
  return `${predecessorName} → ${successorName}, ${LINK_TYPE_NAMES[link.type]}, ${lagText(link.lagDays)}`;
}

export type LinkCheck = { ok: true } | { ok: false; reason: string };

/**
 * [link-refusals] What the server would put back, refused before it is written: a self-link, a second link
 * between the same two tasks (either way round) and a cycle.
 */
export function checkNewLink(edges: readonly Pick<DependencyEdge, 'taskId' | 'dependsOnTaskId'>[], taskId: string, dependsOnTaskId: string): LinkCheck {
  if (taskId === dependsOnTaskId) return { ok: false, reason: 'A task cannot depend on itself.' };
  if (edges.some((e) => (e.taskId === taskId && e.dependsOnTaskId === dependsOnTaskId) || (e.taskId === dependsOnTaskId && e.dependsOnTaskId === taskId))) {
    return { ok: false, reason: 'These two tasks are already linked.' };
  }
  if (findDependencyCycle(edges, { taskId, dependsOnTaskId })) return { ok: false, reason: 'This link would make a loop of dependencies.' };
  return { ok: true };
}

/** [link-violations] The links the plan breaks, by linkKey, counted in the project's working days. */
export function violatedLinks(tasks: ReadonlyMap<string, TimelineTask>, edges: readonly DependencyEdge[], calendar: WorkCalendar): Map<string, LinkViolation> {
  // Links to or from a summary are not scheduled (its dates are its subtasks'): they never break.
  const leaf = (id: string) => tasks.has(id) && tasks.get(id)!.subtasks === 0;
  const links = edges.filter((e) => leaf(e.taskId) && leaf(e.dependsOnTaskId));
  if (links.length === 0) return new Map();
  // Only linked tasks can break a link: a 10,000-task plan with 2,000 links judges ~2,000 tasks, not all of them,
  // on every change of the document (this runs in every open chart).
  const linked = new Set(links.flatMap((e) => [e.taskId, e.dependsOnTaskId]));
  const scheduled = [...linked].map((id) => tasks.get(id)!).map((t) => ({ id: t.id, name: t.name, startDate: t.startDate, endDate: t.endDate, kind: t.kind }));
  return new Map(findLinkViolations(scheduled, links, calendar).map((v) => [linkKey(v), v]));
}

/** "Starts 2 working days too early for its finish-to-start link to Design". */
export function violationText(violation: LinkViolation, predecessorName: string): string {
  const verb = violation.type === 'FS' || violation.type === 'SS' ? 'Starts' : 'Finishes';
  const n = violation.byWorkingDays;
  return `${verb} ${n} working ${n === 1 ? 'day' : 'days'} too early for its ${LINK_TYPE_NAMES[violation.type]} link to ${predecessorName}`;
}

/** The last judgment of a plan's links, by the links it judged (one document's links are one array until they change). */
const judgments = new WeakMap<readonly DependencyEdge[], { tasks: ReadonlyMap<string, TimelineTask>; calendar: WorkCalendar; violations: Map<string, LinkViolation> }>();

/**
 * violatedLinks, judged again only where the plan changed since the last judgment of the same links and calendar:
 * a drop judges the links at the tasks it moved, not every link (20,000 in a 100,000-task plan, ~0.2-0.9 s, in
 * every open chart on every change). Each link is judged on its own two tasks, so the others' verdicts stand.
 * `edgesByTask` indexes `edges` by either end.
 */
export function violatedLinksSince(
  tasks: ReadonlyMap<string, TimelineTask>,
  edges: readonly DependencyEdge[],
  edgesByTask: ReadonlyMap<string, readonly DependencyEdge[]>,
  calendar: WorkCalendar,
): Map<string, LinkViolation> {
  const last = judgments.get(edges);
  if (last && last.calendar === calendar && last.tasks === tasks) return last.violations;
  const changed = last && last.calendar === calendar ? changedTaskIds(last.tasks, tasks) : null;
  let violations: Map<string, LinkViolation>;
  // Most of the plan changed (a first sync, an undo of a big move): judged whole.
  if (!last || !changed || changed.size > Math.max(256, tasks.size / 8)) {
    violations = violatedLinks(tasks, edges, calendar);
  } else {
    const again = new Set<DependencyEdge>();
    for (const id of changed) for (const edge of edgesByTask.get(id) ?? []) again.add(edge);
    violations = last.violations;
    if (again.size) {
      violations = new Map(violations);
      for (const edge of again) violations.delete(linkKey(edge));
      for (const [key, violation] of violatedLinks(tasks, [...again], calendar)) violations.set(key, violation);
    }
  }
  judgments.set(edges, { tasks, calendar, violations });
  return violations;
}
