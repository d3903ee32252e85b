import { parseDependencyKey, planAt, stampsWanted, type PlanState, type PlanTask, type Task } from '@planline/domain';
import type { ProjectDocuments } from '@planline/realtime';
import type { DataSource } from 'typeorm';
import { requireProjectAccess } from '../access/access.policy.js';
import type { Sql } from '../access/access.queries.js';
import { rolledUp } from '../tasks/tasks.read.js';
import { currentPlan, historyAfter, peopleNames, planStamps } from './time-travel.queries.js';

/** The plan at `at` (issue 19), rebuilt from the stored rows and the history written since. */
export async function readPlanAt(sql: Sql, projectId: string, at: Date): Promise<PlanState> {
  // The rows first: history written after they are read only undoes changes they may not hold yet, which is
  // harmless for rows written after `at`; reading in one statement each keeps this cheap on 10,000 tasks.
  const now = await currentPlan(sql, projectId);
  const undo = await historyAfter(sql, projectId, at);
  const wanted = stampsWanted(undo);
  return planAt(now, undo, await planStamps(sql, projectId, at, wanted.tasks, wanted.links));
}

/** A past plan as GET /tasks answers (the same order: "order", then creation, then id). */
async function presentPlan(sql: Sql, projectId: string, plan: PlanState): Promise<Task[]> {
  const people = await peopleNames(sql, [...new Set([...plan.tasks.values()].flatMap((t) => (t.assigneeId ? [t.assigneeId] : [])))]);
  const linksOf = new Map<string, { dependsOnTaskId: string; type: Task['links'][number]['type']; lagDays: number; createdAt: string }[]>();
  for (const [key, link] of plan.links) {
    const { taskId, dependsOnTaskId } = parseDependencyKey(key)!;
    linksOf.set(taskId, [...(linksOf.get(taskId) ?? []), { dependsOnTaskId, type: link.type, lagDays: link.lagDays, createdAt: link.createdAt }]);
  }
  const byTime = <T extends { createdAt: string }>(a: T, b: T, ia: string, ib: string) =>
    a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : ia < ib ? -1 : ia > ib ? 1 : 0;
  const tasks = [...plan.tasks.values()]
    .sort((a, b) => a.order - b.order || byTime(a, b, a.id, b.id))
    .map((t: PlanTask): Task => {
      const person = t.assigneeId ? people.get(t.assigneeId) : undefined;
      const assignee = person && t.assigneeId ? { id: t.assigneeId, ...person } : null;
      const links = (linksOf.get(t.id) ?? []).sort((a, b) => byTime(a, b, a.dependsOnTaskId, b.dependsOnTaskId));
      return {
        ...t,
        projectId,
        assignee,
        assignedTo: assignee ? `${assignee.firstName} ${assignee.lastName}`.trim() : null,
        dependencies: links.map((l) => l.dependsOnTaskId),
        links: links.map(({ dependsOnTaskId, type, lagDays }) => ({ dependsOnTaskId, type, lagDays })),
      };
    });
  return rolledUp(sql, projectId, tasks);
}

/** Time travel: the plan as it was at an instant (read-only). */
export class TimeTravelService {
  constructor(
    private readonly dataSource: DataSource,
    // The restore's write path (next change).
    private readonly documents: ProjectDocuments,
  ) {}

  /** GET /api/projects/{id}/tasks?at=: an instant in the future reads as now. */
  async tasksAt(userId: string, projectId: string, at: Date): Promise<Task[]> {
    await requireProjectAccess(this.dataSource, userId, projectId);
    return presentPlan(this.dataSource, projectId, await readPlanAt(this.dataSource, projectId, at));
  }
}
