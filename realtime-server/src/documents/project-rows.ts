import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import * as Y from 'yjs';
import type { Author, Judged, PersistedRows } from './change-judge.js';
import type { PersistedTask } from './task-validation.js';

/*
 * The SQL of the document store: reading a project's rows and stored document, writing what a change was judged
 * to be, and folding the document's update log.
 */

type Sql = Pick<DataSource, 'query'>;

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
export async function assignableUsers(sql: Sql, projectId: string): Promise<Set<string>> {
  const rows: { user_id: string }[] = await sql.query(
    `SELECT tm.user_id FROM projects p JOIN team_members tm ON tm.team_id = p.team_id WHERE p.id = $1
     UNION SELECT pm.user_id FROM project_members pm WHERE pm.project_id = $1`,
    [projectId],
  );
  return new Set(rows.map((r) => r.user_id));
}

/** The project's tasks and dependency edges as stored. */
export async function readProjectRows(sql: Sql, projectId: string): Promise<PersistedRows> {
  const rows: Record<string, unknown>[] = await sql.query(
    `SELECT t.id, t.name, t.description, t.start_date, t.end_date, t.status, t.priority, t.progress, t.color,
            t.assignee_id, t."order",
            COALESCE((SELECT array_agg(a.user_id::text ORDER BY a.user_id::text) FROM task_assignments a WHERE a.task_id = t.id), '{}') AS assignee_ids
       FROM tasks t WHERE t.project_id = $1`,
    [projectId],
  );
  const tasks = new Map<string, PersistedTask>();
  for (const r of rows) tasks.set(r.id as string, taskFieldsFromRow(r));
  const deps: { task_id: string; depends_on_task_id: string }[] = await sql.query(
    `SELECT d.task_id, d.depends_on_task_id FROM task_dependencies d JOIN tasks t ON t.id = d.task_id WHERE t.project_id = $1`,
    [projectId],
  );
  return { tasks, dependencies: new Set(deps.map((d) => `${d.task_id}->${d.depends_on_task_id}`)) };
}

/** The stored document: base state and update log merged (null before the document was first built). */
export async function readStoredState(sql: Sql, projectId: string): Promise<{ state: Uint8Array | null; updatesInLog: number }> {
  const base: { state: Buffer }[] = await sql.query(`SELECT state FROM project_documents WHERE project_id = $1`, [projectId]);
  if (!base[0]) return { state: null, updatesInLog: 0 };
  const log: { update: Buffer }[] = await sql.query(`SELECT "update" FROM project_document_updates WHERE project_id = $1 ORDER BY id`, [projectId]);
  return { state: Y.mergeUpdates([base[0].state, ...log.map((l) => l.update)].map((b) => new Uint8Array(b))), updatesInLog: log.length };
}

/** Appends a (merged) Yjs update to the project's log; returns its id. */
export async function appendUpdate(m: EntityManager, projectId: string, update: Uint8Array): Promise<number> {
  const rows: { id: string }[] = await m.query(`INSERT INTO project_document_updates (project_id, "update") VALUES ($1, $2) RETURNING id`, [
    projectId,
    Buffer.from(update),
  ]);
  return Number(rows[0]!.id);
}

/** Task lists built before the current transaction are out of date from its commit on (the API's task list cache). */
export async function raiseTaskListVersion(m: EntityManager, projectId: string): Promise<void> {
  await m.query(`UPDATE projects SET tasks_version = tasks_version + 1 WHERE id = $1`, [projectId]);
}

/** One judged change's rows: tasks, assignments, history (unless `history` is false: repairs) and dependencies. */
export async function writeJudged(m: EntityManager, projectId: string, j: Judged, history: boolean): Promise<void> {
  if (j.deleted.length) await m.query(`DELETE FROM tasks WHERE project_id = $1 AND id = ANY($2::uuid[])`, [projectId, j.deleted]);
  for (const [id, task] of j.created) {
    await m.query(
      `INSERT INTO tasks (id, project_id, name, description, start_date, end_date, status, priority, progress, color, assignee_id, "order")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [id, projectId, task.name, task.description, task.startDate, task.endDate, task.status, task.priority, task.progress, task.color, task.assigneeId, task.order],
    );
    await writeAssignments(m, id, task.assigneeIds);
    if (history) await writeHistory(m, id, j.who, [{ field: 'created', from: null, to: task.name }]);
  }
  for (const [id, task, fields, previous] of j.updated) {
    await m.query(
      `UPDATE tasks SET name = $3, description = $4, start_date = $5, end_date = $6, status = $7, priority = $8,
              progress = $9, color = $10, assignee_id = $11, "order" = $12, updated_at = now()
        WHERE id = $1 AND project_id = $2`,
      [id, projectId, task.name, task.description, task.startDate, task.endDate, task.status, task.priority, task.progress, task.color, task.assigneeId, task.order],
    );
    if (fields.includes('assigneeIds')) await writeAssignments(m, id, task.assigneeIds);
    if (history) await writeHistory(m, id, j.who, fields.map((f) => ({ field: f, from: previous[f], to: task[f] })));
  }
  for (const key of j.removedDeps) {
    const [taskId, dependsOn] = key.split('->');
    await m.query(`DELETE FROM task_dependencies WHERE task_id = $1 AND depends_on_task_id = $2`, [taskId, dependsOn]);
  }
  for (const key of j.addedDeps) {
    const [taskId, dependsOn] = key.split('->');
    await m.query(
      `INSERT INTO task_dependencies (id, task_id, depends_on_task_id) VALUES ($1, $2, $3) ON CONFLICT (task_id, depends_on_task_id) DO NOTHING`,
      [randomUUID(), taskId, dependsOn],
    );
  }
}

/** Folds the stored log up to `uptoId` into the base state. Built from what is stored, never from a live document. */
export async function foldLog(dataSource: DataSource, projectId: string, uptoId: number): Promise<void> {
  await dataSource.transaction(async (m) => {
    const base: { state: Buffer }[] = await m.query(`SELECT state FROM project_documents WHERE project_id = $1 FOR UPDATE`, [projectId]);
    const log: { update: Buffer }[] = await m.query(
      `SELECT "update" FROM project_document_updates WHERE project_id = $1 AND id <= $2 ORDER BY id`,
      [projectId, uptoId],
    );
    const merged = Y.mergeUpdates([...(base[0] ? [base[0].state] : []), ...log.map((l) => l.update)].map((b) => new Uint8Array(b)));
    await m.query(
      `INSERT INTO project_documents (project_id, state, updated_at) VALUES ($1, $2, now())
       ON CONFLICT (project_id) DO UPDATE SET state = EXCLUDED.state, updated_at = now()`,
      [projectId, Buffer.from(merged)],
    );
    await m.query(`DELETE FROM project_document_updates WHERE project_id = $1 AND id <= $2`, [projectId, uptoId]);
  });
}

const historyValue = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.length ? value.join(',') : null;
  return String(value);
};

async function writeHistory(m: EntityManager, taskId: string, who: Author, entries: { field: string; from: unknown; to: unknown }[]): Promise<void> {
  if (!entries.length) return;
  // One statement for the change's fields; rows get their sequence in the order listed.
  const params: unknown[] = [];
  const values = entries.map((e) => {
    params.push(randomUUID(), taskId, who.userId, e.field, historyValue(e.from), historyValue(e.to), who.reason);
    const n = params.length;
    return `($${n - 6}, $${n - 5}, $${n - 4}, $${n - 3}, $${n - 2}, $${n - 1}, $${n})`;
  });
  await m.query(
    `INSERT INTO task_change_history (id, task_id, changed_by, field_name, old_value, new_value, change_reason) VALUES ${values.join(', ')}`,
    params,
  );
}

async function writeAssignments(m: EntityManager, taskId: string, userIds: string[]): Promise<void> {
  await m.query(`DELETE FROM task_assignments WHERE task_id = $1`, [taskId]);
  const users = [...new Set(userIds)];
  if (!users.length) return;
  await m.query(`INSERT INTO task_assignments (id, task_id, user_id) SELECT gen_random_uuid(), $1, u FROM unnest($2::uuid[]) AS u`, [taskId, users]);
}
