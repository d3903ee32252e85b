import {
  displayName,
  instantUs,
  moveReason,
  parseDependencyKey,
  planAt,
  readLinkValue,
  restoreReason,
  sameLink,
  TASK_FIELDS,
  type PlanState,
  type PlanTask,
  type RestoreInput,
  type RestoreResult,
  type Task,
  type TaskMove,
} from '@planline/domain';
import { addDependency, dependencyLinks, deleteTask, fieldValue, readTask, removeDependency, sameTask, sameValue, taskIds, writeTask } from '@planline/document';
import { serverEdit, type ProjectDocuments } from '@planline/realtime';
import type { DataSource } from 'typeorm';
import { AppError } from '../../errors.js';
import { requireProjectAccess } from '../access/access.policy.js';
import type { Sql } from '../access/access.queries.js';
import { rolledUp, taskListVersion } from '../tasks/tasks.read.js';
import { extendHistory, PlanHistoryCache, type HistoryRead } from './plan-history-cache.js';
import { currentPlan, databaseNow, historySince, movesAfter, peopleNames } from './time-travel.queries.js';

/** History rows kept in memory for rebuilding (PlanHistoryCache): about three projects of 100,000 rows. */
const PLAN_HISTORY_CACHE_ROWS = 300_000;

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
      // Every field named, in the schema's order: spreading the task and adding to it cost tens of µs a task
      // (10,000 tasks: a third of a rebuild, profiled), a literal of one shape about one.
      return {
        id: t.id,
        projectId,
        name: t.name,
        description: t.description,
        startDate: t.startDate,
        endDate: t.endDate,
        status: t.status,
        priority: t.priority,
        progress: t.progress,
        color: t.color,
        assigneeId: t.assigneeId,
        assignee,
        assignedTo: assignee ? `${assignee.firstName} ${assignee.lastName}`.trim() : null,
        assigneeIds: t.assigneeIds,
        allocations: t.allocations,
        custom: t.custom,
        order: t.order,
        kind: t.kind,
        parentId: t.parentId,
        dependencies: links.map((l) => l.dependsOnTaskId),
        links: links.map(({ dependsOnTaskId, type, lagDays }) => ({ dependsOnTaskId, type, lagDays })),
        createdAt: t.createdAt,
        updatedAt: t.updatedAt,
      };
    });
  return rolledUp(sql, projectId, tasks);
}

/**
 * Time travel: the plan as it was at an instant (read-only), and restoring a task or the whole plan to it as an
 * ordinary edit through the write path, so it merges with live edits and shows in the history.
 */
export class TimeTravelService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly documents: ProjectDocuments,
  ) {}

  private readonly cache = new PlanHistoryCache(PLAN_HISTORY_CACHE_ROWS);

  /** The plan at `at` (issue 19), rebuilt from the stored rows and the history (brought up to date once per task list version). */
  private async planAt(projectId: string, at: Date): Promise<PlanState> {
    return (await this.plans(projectId, at)).past;
  }

  /** The plan as the rows are now, and as it was at `at` (null: now too). */
  private async plans(projectId: string, at: Date | null): Promise<{ now: PlanState; past: PlanState }> {
    // The version first: rows and history read after it are at least that new (TaskListCache does the same). The
    // rows before the history: a change stored between the two is in neither, or only in the history, where
    // undoing it is harmless (it is after any instant asked of a plan read before it).
    const version = await taskListVersion(this.dataSource, projectId);
    const read = this.cache.get(projectId, version) ?? this.cache.set(projectId, { version, now: await currentPlan(this.dataSource, projectId), ...(await this.history(projectId)) });
    return { now: read.now, past: at ? planAt(read.now, read.history, instantUs(at)) : read.now };
  }

  /** The project's whole history: the rows newer than the one kept, or all of them when it is missing or missed one. */
  private async history(projectId: string): Promise<HistoryRead> {
    const base = this.cache.latest(projectId);
    const extended = base && extendHistory(base, await historySince(this.dataSource, projectId, base.lastSeq));
    return extended ?? extendHistory(undefined, await historySince(this.dataSource, projectId, 0n))!;
  }

  /** GET /api/projects/{id}/tasks?at=: an instant in the future reads as now. */
  async tasksAt(userId: string, projectId: string, at: Date): Promise<Task[]> {
    await requireProjectAccess(this.dataSource, userId, projectId);
    return presentPlan(this.dataSource, projectId, await this.planAt(projectId, at));
  }

  /** GET /api/projects/{id}/task-moves?at=: per task, the latest move or deletion after `at`, by whom and why. */
  async movesAfter(userId: string, projectId: string, at: Date): Promise<TaskMove[]> {
    await requireProjectAccess(this.dataSource, userId, projectId);
    const rows = await movesAfter(this.dataSource, projectId, at);
    return rows.map((r) => ({
      taskId: r.task_id,
      kind: r.field === 'deleted' ? 'deleted' : 'moved',
      by: r.first_name === null && r.email === null ? null : displayName({ firstName: r.first_name ?? '', lastName: r.last_name ?? '', email: r.email ?? '' }),
      at: r.at.toISOString(),
      reason: moveReason(r.reason),
      changes: r.changes,
    }));
  }

  /**
   * [restore] One task (its fields and the links to its predecessors; a deleted one comes back) or the whole plan
   * (later tasks deleted too) back to `at`, in one document transaction with the reason "Restored to 20 Nov 10:00".
   * Answers the instant just before it (the database's clock, which stamps the history): a restore is a server
   * edit, which no browser's undo stack holds, so undoing it is restoring to that instant.
   *
   * Issue 34 item 5: an `at` past the database's clock (a browser whose clock runs ahead) is now, and a restore to
   * now changes nothing. The restore changes only what is in the document as it was in the rows it read: a
   * teammate's edit stored since (a field changed, a task or link added or deleted) is newer than the restore's
   * choice, and stays.
   */
  async restore(userId: string, projectId: string, input: RestoreInput): Promise<RestoreResult> {
    await requireProjectAccess(this.dataSource, userId, projectId);
    const clock = await databaseNow(this.dataSource);
    const { now: seen, past } = await this.plans(projectId, input.at < clock ? input.at : null);
    if (input.taskId && !past.tasks.has(input.taskId)) {
      throw new AppError('not_found', `That task did not exist at ${input.at.toISOString()}`);
    }
    const wanted = input.taskId ? [past.tasks.get(input.taskId)!] : [...past.tasks.values()];
    const kept = input.keepEditsAfter && input.keepEditsAfter < clock ? (await this.plans(projectId, input.keepEditsAfter)).past : null;
    /** Whether task `id`'s field is as it was at keepEditsAfter (nobody changed it since); always, without it. */
    const untouched = (id: string, f: (typeof TASK_FIELDS)[number]) => {
      if (!kept) return true;
      const then = kept.tasks.get(id);
      const was = seen.tasks.get(id);
      return !!then && !!was && sameValue(then[f], was[f]);
    };
    const undoAt = await databaseNow(this.dataSource);
    await this.documents.edit(projectId, serverEdit(userId, restoreReason(input.at)), (doc) => {
      /** Whether task `id` is in the document as the restore read it (both missing counts). */
      const asSeen = (id: string) => {
        const inDoc = readTask(doc, id);
        const was = seen.tasks.get(id);
        return inDoc && was ? sameTask(inDoc, was) : !inDoc && !was;
      };
      // Judged before any is deleted: deleting a summary moves its subtasks up, and a later task under a later
      // summary (an import's phases) must still read as seen.
      if (!input.taskId) for (const id of [...taskIds(doc)].filter((t) => !past.tasks.has(t) && seen.tasks.has(t) && asSeen(t) && TASK_FIELDS.every((f) => untouched(t, f)))) deleteTask(doc, id);
      for (const task of wanted) {
        const inDoc = readTask(doc, task.id);
        const was = seen.tasks.get(task.id);
        if (!inDoc !== !was) continue;
        // A field goes back only where it still holds what was read: each field is a teammate's to change.
        const fields = Object.fromEntries(TASK_FIELDS.filter((f) => !inDoc || !was || (sameValue(fieldValue(f, inDoc[f]), was[f]) && untouched(task.id, f))).map((f) => [f, task[f]]));
        writeTask(doc, task.id, fields);
      }
      const restoring = (successor: string) => !input.taskId || successor === input.taskId;
      const standing = new Map(dependencyLinks(doc).map((l) => [`${l.taskId}->${l.dependsOnTaskId}`, readLinkValue(l.value)]));
      /** Whether link `key` is in the document as the restore read it (both missing counts). */
      const linkAsSeen = (key: string) => {
        const now = standing.get(key);
        const was = seen.links.get(key);
        return standing.has(key) ? !!now && !!was && sameLink(now, was) : !was;
      };
      for (const [key] of standing) {
        const edge = parseDependencyKey(key)!;
        if (restoring(edge.taskId) && !past.links.has(key) && linkAsSeen(key)) removeDependency(doc, edge.taskId, edge.dependsOnTaskId);
      }
      for (const [key, link] of past.links) {
        const edge = parseDependencyKey(key)!;
        const now = standing.get(key);
        if (!restoring(edge.taskId) || !readTask(doc, edge.taskId) || !readTask(doc, edge.dependsOnTaskId) || (now && sameLink(now, link)) || !linkAsSeen(key)) continue;
        addDependency(doc, edge.taskId, edge.dependsOnTaskId, { type: link.type, lagDays: link.lagDays });
      }
    });
    return { undoAt: undoAt.toISOString() };
  }
}
