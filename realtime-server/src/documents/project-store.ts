import { randomUUID } from 'node:crypto';
import { TASK_FIELDS, type TaskFieldName } from '@planline/domain';
import type { DataSource, EntityManager } from 'typeorm';
import * as Y from 'yjs';
import type { RealtimeLogger } from '../types.js';
import {
  dependenciesMap,
  dependencyEdges,
  deleteTask,
  readTask,
  tasksMap,
  writeTask,
  type DocTask,
} from './task-document.js';
import { judgeDependencies, judgeTask, type PersistedTask } from './task-validation.js';

/** Origin of a server-side edit (REST, quick add, AI creator): who, and why when they said. */
export interface ServerEdit {
  kind: 'server-edit';
  userId: string | null;
  reason?: string;
}
export const serverEdit = (userId: string | null, reason?: string): ServerEdit => ({ kind: 'server-edit', userId, reason });

/** Loading from the database: not a change. */
const LOAD = Symbol('load');
/** The server putting refused values back: persisted (the document log must have it) but never history. */
const REPAIR = Symbol('repair');
const CHANGED_TASKS = 'planline:changed-tasks';
const CHANGED_DEPS = 'planline:changed-deps';
/** Fold the update log into the base state once it holds this many updates. */
const COMPACT_AFTER_UPDATES = 200;
const RETRY_DELAYS_MS = [100, 500, 2000];

export interface PersistedChanges {
  projectId: string;
  created: string[];
  updated: { taskId: string; fields: TaskFieldName[] }[];
  deleted: string[];
  /** Tasks whose list of dependencies changed. */
  dependenciesChanged: string[];
}

interface ProjectState {
  projectId: string;
  doc: Y.Doc;
  tasks: Map<string, PersistedTask>;
  dependencies: Set<string>;
  queue: Promise<void>;
  updatesInLog: number;
  detach: () => void;
}

interface Change {
  update: Uint8Array;
  origin: unknown;
  snapshots: Map<string, DocTask | null>;
  edges: { taskId: string; dependsOnTaskId: string }[] | null;
}

const edgeKey = (e: { taskId: string; dependsOnTaskId: string }) => `${e.taskId}->${e.dependsOnTaskId}`;

/** A task's fields from a `tasks` row (snake_case columns, `assignee_ids` aggregated by the query). */
export function taskFieldsFromRow(r: Record<string, unknown>): PersistedTask {
  return {
    name: r.name as string,
    description: (r.description as string | null) ?? null,
    startDate: r.start_date as string,
    endDate: r.end_date as string,
    status: r.status as PersistedTask['status'],
    priority: r.priority as PersistedTask['priority'],
    progress: Number(r.progress),
    color: r.color as string,
    assigneeId: (r.assignee_id as string | null) ?? null,
    assigneeIds: (r.assignee_ids as string[] | null) ?? [],
    order: Number(r.order),
  };
}

/** Members of the project's team and guests of the project: who a task may be assigned to. */
export async function assignableUsers(sql: Pick<DataSource, 'query'>, projectId: string): Promise<Set<string>> {
  const rows: { user_id: string }[] = await sql.query(
    `SELECT tm.user_id FROM projects p JOIN team_members tm ON tm.team_id = p.team_id WHERE p.id = $1
     UNION SELECT pm.user_id FROM project_members pm WHERE pm.project_id = $1`,
    [projectId],
  );
  return new Set(rows.map((r) => r.user_id));
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Who made a change: a Hocuspocus connection carries its user in `context`, a server edit names its user. */
function author(origin: unknown): { userId: string | null; reason: string | null } {
  if (origin && typeof origin === 'object') {
    if ((origin as ServerEdit).kind === 'server-edit') return { userId: (origin as ServerEdit).userId, reason: (origin as ServerEdit).reason ?? null };
    const userId = (origin as { context?: { userId?: unknown } }).context?.userId;
    if (typeof userId === 'string') return { userId, reason: null };
  }
  return { userId: null, reason: null };
}

const historyValue = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.length ? value.join(',') : null;
  return String(value);
};

/**
 * Persistence of project documents (ARCHITECTURE §3), on every transaction whatever its origin: the changed
 * tasks are judged against their last persisted state, and what is valid goes to PostgreSQL in one
 * transaction — task rows, assignments, dependencies, history rows and the Yjs update itself — so rows and
 * document state can never disagree after a crash. Refused values are put back by a repair transaction.
 * Each project has one queue: its changes are written in the order they happened.
 */
export class ProjectDocumentStore {
  private readonly projects = new Map<Y.Doc, ProjectState>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly logger: RealtimeLogger,
    private readonly onPersisted: (changes: PersistedChanges) => void,
  ) {}

  /** Fills `doc` from the database: the stored Yjs state, or (first time) the task rows. */
  async load(projectId: string, doc: Y.Doc): Promise<void> {
    const [tasks, dependencies] = await this.readRows(this.dataSource.manager, projectId);
    const base: { state: Buffer }[] = await this.dataSource.query(`SELECT state FROM project_documents WHERE project_id = $1`, [projectId]);
    const log: { update: Buffer }[] = await this.dataSource.query(
      `SELECT "update" FROM project_document_updates WHERE project_id = $1 ORDER BY id`,
      [projectId],
    );
    if (base[0]) {
      Y.applyUpdate(doc, Y.mergeUpdates([base[0].state, ...log.map((l) => l.update)].map((b) => new Uint8Array(b))), LOAD);
    } else {
      // No state yet (tasks created before the document existed, or a fresh project): build it from rows.
      doc.transact(() => {
        for (const [id, task] of tasks) writeTask(doc, id, task);
        for (const key of dependencies) dependenciesMap(doc).set(key, true);
      }, LOAD);
      await this.dataSource.query(
        `INSERT INTO project_documents (project_id, state) VALUES ($1, $2) ON CONFLICT (project_id) DO NOTHING`,
        [projectId, Buffer.from(Y.encodeStateAsUpdate(doc))],
      );
    }
    const state: ProjectState = { projectId, doc, tasks, dependencies, queue: Promise.resolve(), updatesInLog: log.length, detach: () => {} };
    this.projects.set(doc, state);
    this.attach(state);
    this.reconcile(state);
  }

  /** Resolves once every change made to the document so far is in the database (rejects if it could not be). */
  whenPersisted(doc: Y.Doc): Promise<void> {
    return this.projects.get(doc)?.queue ?? Promise.resolve();
  }

  /** Before Hocuspocus unloads a document: finish its writes and forget it. */
  async release(doc: Y.Doc): Promise<void> {
    const state = this.projects.get(doc);
    if (!state) return;
    await state.queue.catch(() => {});
    state.detach();
    this.projects.delete(doc);
  }

  /** Rows are the persisted truth: a document that disagrees with them (a crash mid-repair) is put right. */
  private reconcile(state: ProjectState): void {
    const { doc } = state;
    const stray = [...tasksMap(doc).keys()].filter((id) => !state.tasks.has(id));
    const differing = [...state.tasks].filter(([id, task]) => {
      const inDoc = readTask(doc, id);
      return !inDoc || TASK_FIELDS.some((f) => JSON.stringify(inDoc[f]) !== JSON.stringify(task[f]));
    });
    const edges = new Set(dependencyEdges(doc).map(edgeKey));
    const depsDiffer = edges.size !== state.dependencies.size || [...edges].some((k) => !state.dependencies.has(k));
    if (!stray.length && !differing.length && !depsDiffer) return;
    this.logger.warn({ projectId: state.projectId, stray: stray.length, differing: differing.length }, 'document repaired from rows at load');
    doc.transact(() => {
      for (const id of stray) deleteTask(doc, id);
      for (const [id, task] of differing) writeTask(doc, id, task);
      const deps = dependenciesMap(doc);
      for (const key of [...deps.keys()]) if (!state.dependencies.has(key)) deps.delete(key);
      for (const key of state.dependencies) if (!deps.has(key)) deps.set(key, true);
    }, REPAIR);
  }

  private attach(state: ProjectState): void {
    const { doc } = state;
    const tasks = tasksMap(doc);
    const deps = dependenciesMap(doc);
    const onTasks = (events: Y.YEvent<Y.AbstractType<unknown>>[], tr: Y.Transaction) => {
      const changed: Set<string> = tr.meta.get(CHANGED_TASKS) ?? new Set();
      for (const event of events) {
        if (event.target === tasks) for (const key of event.changes.keys.keys()) changed.add(key);
        else if (typeof event.path[0] === 'string') changed.add(event.path[0]);
      }
      tr.meta.set(CHANGED_TASKS, changed);
    };
    const onDeps = (_event: Y.YMapEvent<boolean>, tr: Y.Transaction) => tr.meta.set(CHANGED_DEPS, true);
    const onUpdate = (update: Uint8Array, origin: unknown, _doc: Y.Doc, tr: Y.Transaction) => {
      if (origin === LOAD) return;
      // Read the changed tasks now: later transactions must not be credited to this one's author.
      const snapshots = new Map<string, DocTask | null>();
      for (const id of (tr.meta.get(CHANGED_TASKS) as Set<string> | undefined) ?? []) snapshots.set(id, readTask(doc, id));
      const edges = tr.meta.get(CHANGED_DEPS) || snapshots.size ? dependencyEdges(doc) : null;
      this.enqueue(state, { update, origin, snapshots, edges });
    };
    tasks.observeDeep(onTasks);
    deps.observe(onDeps);
    doc.on('update', onUpdate);
    state.detach = () => {
      tasks.unobserveDeep(onTasks);
      deps.unobserve(onDeps);
      doc.off('update', onUpdate);
    };
  }

  private enqueue(state: ProjectState, change: Change): void {
    state.queue = state.queue
      .catch(() => {}) // an earlier failure was reported to its own waiters
      .then(() => this.persistWithRetry(state, change));
  }

  private async persistWithRetry(state: ProjectState, change: Change): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.persist(state, change);
      } catch (err) {
        if (attempt >= RETRY_DELAYS_MS.length) {
          this.logger.error({ err, projectId: state.projectId }, 'could not persist a document change');
          throw err;
        }
        this.logger.warn({ err, projectId: state.projectId, attempt }, 'persisting a document change failed; retrying');
        await sleep(RETRY_DELAYS_MS[attempt]!);
      }
    }
  }

  private async persist(state: ProjectState, change: Change): Promise<void> {
    const { projectId, doc } = state;
    const who = author(change.origin);
    const isRepair = change.origin === REPAIR;
    const members = change.snapshots.size ? await assignableUsers(this.dataSource, projectId) : new Set<string>();

    const created: [string, PersistedTask][] = [];
    const updated: [string, PersistedTask, TaskFieldName[]][] = [];
    const deleted: string[] = [];
    const fixes = new Map<string, DocTask | null>();
    for (const [id, snapshot] of change.snapshots) {
      const previous = state.tasks.get(id);
      if (!snapshot) {
        if (previous) deleted.push(id);
        continue;
      }
      const verdict = judgeTask(snapshot, previous, members);
      if (verdict.kind === 'reject-new') {
        fixes.set(id, null);
        continue;
      }
      if (verdict.fix) fixes.set(id, verdict.fix);
      if (!previous) created.push([id, verdict.task]);
      else if (verdict.changed.length) updated.push([id, verdict.task, verdict.changed]);
    }

    const rejected = new Set([...fixes].filter(([, fix]) => fix === null).map(([id]) => id));
    const createdIds = new Set(created.map(([id]) => id));
    const existsAfter = (id: string) =>
      !rejected.has(id) && !deleted.includes(id) && (state.tasks.has(id) || createdIds.has(id));
    const deps = change.edges ? judgeDependencies(change.edges, state.dependencies, existsAfter) : null;
    const keepKeys = deps ? new Set(deps.keep.map(edgeKey)) : state.dependencies;
    const addedDeps = [...keepKeys].filter((k) => !state.dependencies.has(k));
    const removedDeps = [...state.dependencies].filter((k) => !keepKeys.has(k));

    let appendedId = 0;
    await this.dataSource.transaction(async (m) => {
      if (deleted.length) await m.query(`DELETE FROM tasks WHERE project_id = $1 AND id = ANY($2::uuid[])`, [projectId, deleted]);
      for (const [id, task] of created) {
        await m.query(
          `INSERT INTO tasks (id, project_id, name, description, start_date, end_date, status, priority, progress, color, assignee_id, "order")
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
          [id, projectId, task.name, task.description, task.startDate, task.endDate, task.status, task.priority, task.progress, task.color, task.assigneeId, task.order],
        );
        await this.writeAssignments(m, id, task.assigneeIds);
        if (!isRepair) await this.history(m, id, who, [{ field: 'created', from: null, to: task.name }]);
      }
      for (const [id, task, fields] of updated) {
        await m.query(
          `UPDATE tasks SET name = $3, description = $4, start_date = $5, end_date = $6, status = $7, priority = $8,
                  progress = $9, color = $10, assignee_id = $11, "order" = $12, updated_at = now()
            WHERE id = $1 AND project_id = $2`,
          [id, projectId, task.name, task.description, task.startDate, task.endDate, task.status, task.priority, task.progress, task.color, task.assigneeId, task.order],
        );
        if (fields.includes('assigneeIds')) await this.writeAssignments(m, id, task.assigneeIds);
        const previous = state.tasks.get(id)!;
        if (!isRepair) await this.history(m, id, who, fields.map((f) => ({ field: f, from: previous[f], to: task[f] })));
      }
      for (const key of removedDeps) {
        const [taskId, dependsOn] = key.split('->');
        await m.query(`DELETE FROM task_dependencies WHERE task_id = $1 AND depends_on_task_id = $2`, [taskId, dependsOn]);
      }
      for (const key of addedDeps) {
        const [taskId, dependsOn] = key.split('->');
        await m.query(
          `INSERT INTO task_dependencies (id, task_id, depends_on_task_id) VALUES ($1, $2, $3) ON CONFLICT (task_id, depends_on_task_id) DO NOTHING`,
          [randomUUID(), taskId, dependsOn],
        );
      }
      const rows: { id: string }[] = await m.query(
        `INSERT INTO project_document_updates (project_id, "update") VALUES ($1, $2) RETURNING id`,
        [projectId, Buffer.from(change.update)],
      );
      appendedId = Number(rows[0]!.id);
    });

    for (const id of deleted) state.tasks.delete(id);
    for (const [id, task] of [...created, ...updated.map(([i, t]) => [i, t] as [string, PersistedTask])]) state.tasks.set(id, task);
    for (const key of removedDeps) state.dependencies.delete(key);
    for (const key of addedDeps) state.dependencies.add(key);
    state.updatesInLog += 1;

    const refusedEdges = deps?.refuse ?? [];
    if (fixes.size || refusedEdges.length) {
      doc.transact(() => {
        for (const [id, fix] of fixes) {
          if (fix === null) deleteTask(doc, id);
          else writeTask(doc, id, fix);
        }
        for (const edge of refusedEdges) dependenciesMap(doc).delete(edgeKey(edge));
      }, REPAIR);
    }
    if (state.updatesInLog >= COMPACT_AFTER_UPDATES) await this.compact(state, appendedId);

    if (created.length || updated.length || deleted.length || addedDeps.length || removedDeps.length) {
      // Listeners (events to rooms) must not be able to break the queue.
      try {
        this.onPersisted({
        projectId,
        created: created.map(([id]) => id),
        updated: updated.map(([taskId, , fields]) => ({ taskId, fields })),
        deleted,
        dependenciesChanged: [...new Set([...addedDeps, ...removedDeps].map((k) => k.split('->')[0]!))],
        });
      } catch (err) {
        this.logger.error({ err, projectId }, 'a persisted-change listener failed');
      }
    }
  }

  /** Folds the persisted log into the base state. Built from what is stored, never from the live document. */
  private async compact(state: ProjectState, uptoId: number): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      const base: { state: Buffer }[] = await m.query(`SELECT state FROM project_documents WHERE project_id = $1 FOR UPDATE`, [state.projectId]);
      const log: { update: Buffer }[] = await m.query(
        `SELECT "update" FROM project_document_updates WHERE project_id = $1 AND id <= $2 ORDER BY id`,
        [state.projectId, uptoId],
      );
      const merged = Y.mergeUpdates([...(base[0] ? [base[0].state] : []), ...log.map((l) => l.update)].map((b) => new Uint8Array(b)));
      await m.query(
        `INSERT INTO project_documents (project_id, state, updated_at) VALUES ($1, $2, now())
         ON CONFLICT (project_id) DO UPDATE SET state = EXCLUDED.state, updated_at = now()`,
        [state.projectId, Buffer.from(merged)],
      );
      await m.query(`DELETE FROM project_document_updates WHERE project_id = $1 AND id <= $2`, [state.projectId, uptoId]);
    });
    state.updatesInLog = 0;
  }

  private async history(
    m: EntityManager,
    taskId: string,
    who: { userId: string | null; reason: string | null },
    entries: { field: string; from: unknown; to: unknown }[],
  ): Promise<void> {
    for (const e of entries) {
      await m.query(
        `INSERT INTO task_change_history (id, task_id, changed_by, field_name, old_value, new_value, change_reason)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [randomUUID(), taskId, who.userId, e.field, historyValue(e.from), historyValue(e.to), who.reason],
      );
    }
  }

  private async writeAssignments(m: EntityManager, taskId: string, userIds: string[]): Promise<void> {
    await m.query(`DELETE FROM task_assignments WHERE task_id = $1`, [taskId]);
    for (const userId of new Set(userIds)) {
      await m.query(`INSERT INTO task_assignments (id, task_id, user_id) VALUES ($1, $2, $3)`, [randomUUID(), taskId, userId]);
    }
  }

  private async readRows(m: EntityManager, projectId: string): Promise<[Map<string, PersistedTask>, Set<string>]> {
    const rows: Record<string, unknown>[] = await m.query(
      `SELECT t.id, t.name, t.description, t.start_date, t.end_date, t.status, t.priority, t.progress, t.color,
              t.assignee_id, t."order",
              COALESCE((SELECT array_agg(a.user_id::text ORDER BY a.user_id::text) FROM task_assignments a WHERE a.task_id = t.id), '{}') AS assignee_ids
         FROM tasks t WHERE t.project_id = $1`,
      [projectId],
    );
    const tasks = new Map<string, PersistedTask>();
    for (const r of rows) tasks.set(r.id as string, taskFieldsFromRow(r));
    const deps: { task_id: string; depends_on_task_id: string }[] = await m.query(
      `SELECT d.task_id, d.depends_on_task_id FROM task_dependencies d JOIN tasks t ON t.id = d.task_id WHERE t.project_id = $1`,
      [projectId],
    );
    return [tasks, new Set(deps.map((d) => `${d.task_id}->${d.depends_on_task_id}`))];
  }
}
