import { createWorkCalendar, readRecordedTask, withRolledUpSummaries, type ScheduleTask, type Task, type TaskHistoryEntry, type TaskLink } from '@planline/domain';
import { taskFieldsFromRow } from '@planline/realtime';
import type { DataSource } from 'typeorm';
import type { Sql } from '../access/access.queries.js';
import type { ListedTasks } from './task-list-parts.js';
import { projectCalendarSettings, scheduleTasks } from '../schedule/schedule.queries.js';

/**
 * Tasks with their assignee's name, assignee ids and dependencies, for the tasks `scope` picks (a condition on
 * `t`; `$1` is its parameter). Assignments and dependencies are aggregated once for the whole scope and joined
 * by hash, not per task in a correlated subquery: on a 10,000-task project that halves the query's time and
 * keeps its estimated cost below PostgreSQL's JIT threshold (the per-row plan spent ~20 ms compiling).
 */
const taskSelect = (scope: string, extra = '') => `
  SELECT ${extra} t.id, t.project_id, t.name, t.description, t.start_date, t.end_date, t.status, t.priority, t.progress,
         t.color, t.assignee_id, t."order", t.kind, t.parent_id, t.custom, t.created_at, t.updated_at,
         u.first_name AS assignee_first_name, u.last_name AS assignee_last_name,
         COALESCE(a.ids, '{}') AS assignee_ids, a.allocations,
         COALESCE(d.ids, '{}') AS dependencies,
         COALESCE(d.links, '[]') AS links
    FROM tasks t
    LEFT JOIN users u ON u.id = t.assignee_id
    LEFT JOIN (SELECT a.task_id, array_agg(a.user_id::text ORDER BY a.user_id::text) AS ids,
                      json_object_agg(a.user_id::text, a.allocation) FILTER (WHERE a.allocation <> 100) AS allocations
                 FROM task_assignments a
                WHERE a.task_id IN (SELECT t.id FROM tasks t WHERE ${scope})
                GROUP BY a.task_id) a ON a.task_id = t.id
    LEFT JOIN (SELECT d.task_id, array_agg(d.depends_on_task_id::text ORDER BY d.created_at, d.depends_on_task_id) AS ids,
                      json_agg(json_build_object('dependsOnTaskId', d.depends_on_task_id, 'type', d.type, 'lagDays', d.lag_days)
                               ORDER BY d.created_at, d.depends_on_task_id) AS links
                 FROM task_dependencies d
                WHERE d.task_id IN (SELECT t.id FROM tasks t WHERE ${scope})
                GROUP BY d.task_id) d ON d.task_id = t.id
   WHERE ${scope}`;

type TaskRow = Record<string, unknown>;

function presentTask(r: TaskRow): Task {
  const assignee =
    r.assignee_id && r.assignee_first_name !== null
      ? { id: r.assignee_id as string, firstName: r.assignee_first_name as string, lastName: r.assignee_last_name as string }
      : null;
  return {
    id: r.id as string,
    projectId: r.project_id as string,
    ...taskFieldsFromRow(r),
    assignee,
    assignedTo: assignee ? `${assignee.firstName} ${assignee.lastName}`.trim() : null,
    dependencies: (r.dependencies as string[]) ?? [],
    links: (r.links as TaskLink[]) ?? [],
    createdAt: (r.created_at as Date).toISOString(),
    updatedAt: (r.updated_at as Date).toISOString(),
  };
}

/**
 * [summary-rollup] Summaries as every reader shows them: their subtasks' dates and progress, in the project's
 * calendar (docs/scheduling.md: rolled up when read, not stored). `tasks` are the whole project's.
 */
export async function rolledUp<T extends ScheduleTask>(sql: Sql, projectId: string, tasks: T[]): Promise<T[]> {
  if (!tasks.some((t) => t.parentId !== null)) return tasks;
  const calendar = createWorkCalendar(await projectCalendarSettings(sql, projectId));
  if (!calendar.ok) throw new Error(`Project ${projectId} has an invalid calendar: ${calendar.reason}`);
  return withRolledUpSummaries(tasks, calendar.calendar);
}

/** Tasks as the API presents them, read from the persisted rows. */
export async function listTasks(sql: Sql, projectId: string): Promise<Task[]> {
  return rolledUp(sql, projectId, (await storedTasks(sql, projectId)).tasks);
}

/** A task's creation time to the microsecond, as text that sorts as the times do (ListedTasks.created). */
const CREATED = `to_char(t.created_at AT TIME ZONE 'UTC', 'YYYYMMDDHH24MISSUS') AS created_key,`;
const listed = (rows: TaskRow[]): ListedTasks => ({ tasks: rows.map(presentTask), created: rows.map((r) => r.created_key as string) });

/** The project's tasks as their rows hold them (summaries not rolled up), in list order. */
async function storedTasks(sql: Sql, projectId: string): Promise<ListedTasks> {
  return listed(await sql.query(`${taskSelect('t.project_id = $1', CREATED)} ORDER BY t."order", t.created_at, t.id`, [projectId]));
}

/**
 * A project's task list as stored at one task list version, read in one snapshot (REPEATABLE READ), so the rows are
 * exactly those of the version read: a project's writers raise its version first in their transaction and hold the
 * project row until they commit (project-rows.ts), so a change stamped with a version up to the one read is in the
 * snapshot, and one stamped later is not. Summaries are not rolled up.
 */
export function readWholeTaskList(db: DataSource, projectId: string): Promise<{ version: bigint } & ListedTasks> {
  return db.transaction('REPEATABLE READ', async (m) => ({ version: await taskListVersion(m, projectId), ...(await storedTasks(m, projectId)) }));
}

/**
 * The tasks stamped after `since` (tasks.list_version), with the project's task list version and how many tasks it
 * has, in one statement (one snapshot, as readWholeTaskList's transaction gives, in one round trip instead of six:
 * the first read after a change is mostly waiting for PostgreSQL on a busy machine). Null when the project is gone.
 */
export async function readTaskListChanges(sql: Sql, projectId: string, since: bigint): Promise<({ version: bigint; count: number } & ListedTasks) | null> {
  const rows: TaskRow[] = await sql.query(
    `WITH head AS (SELECT p.tasks_version AS head_version, (SELECT count(*)::int FROM tasks WHERE project_id = $1) AS head_count
                     FROM projects p WHERE p.id = $1)
     SELECT head.head_version, head.head_count, changed.*
       FROM head LEFT JOIN (${taskSelect('t.project_id = $1 AND t.list_version > $2', CREATED)}) changed ON true`,
    [projectId, since.toString()],
  );
  const head = rows[0];
  if (!head) return null;
  return { version: BigInt(head.head_version as string), count: head.head_count as number, ...listed(rows.filter((r) => r.id !== null)) };
}

/**
 * As readTaskListChanges, with the ids of all the project's tasks in list order (`order`) in place of their count,
 * for when the changed tasks cannot simply be put into a kept list (patchTasks: a task was deleted). One snapshot.
 */
export function readTaskListSince(db: DataSource, projectId: string, since: bigint): Promise<{ version: bigint; order: string[] } & ListedTasks> {
  return db.transaction('REPEATABLE READ', async (m) => {
    const version = await taskListVersion(m, projectId);
    const changed = listed(await m.query(taskSelect('t.project_id = $1 AND t.list_version > $2', CREATED), [projectId, since.toString()]));
    const ids: { id: string }[] = await m.query(`SELECT id FROM tasks WHERE project_id = $1 ORDER BY "order", created_at, id`, [projectId]);
    return { version, order: ids.map((r) => r.id), ...changed };
  });
}

/** The project's task list version (see TaskListCache). */
export async function taskListVersion(sql: Sql, projectId: string): Promise<bigint> {
  const rows: { tasks_version: string }[] = await sql.query(`SELECT tasks_version FROM projects WHERE id = $1`, [projectId]);
  return BigInt(rows[0]?.tasks_version ?? 0);
}

export async function findTasks(sql: Sql, taskIds: string[]): Promise<Task[]> {
  if (!taskIds.length) return [];
  const rows: TaskRow[] = await sql.query(taskSelect('t.id = ANY($1::uuid[])', 'EXISTS (SELECT 1 FROM tasks c WHERE c.parent_id = t.id) AS is_summary,'), [taskIds]);
  const tasks = rows.map(presentTask);
  const projects = new Set(rows.filter((r) => r.is_summary).map((r) => r.project_id as string));
  // A summary's roll-up reads the rest of its project (the few fields the engine needs).
  const rolled = new Map<string, ScheduleTask>();
  for (const projectId of projects) for (const t of await rolledUp(sql, projectId, await scheduleTasks(sql, projectId))) rolled.set(t.id, t);
  return tasks.map((t) => {
    const r = rolled.get(t.id);
    return r ? { ...t, startDate: r.startDate, endDate: r.endDate, progress: r.progress ?? t.progress } : t;
  });
}

export async function findTask(sql: Sql, taskId: string): Promise<Task | null> {
  return (await findTasks(sql, [taskId]))[0] ?? null;
}

export async function taskProjectId(sql: Sql, taskId: string): Promise<string | null> {
  const rows: { project_id: string }[] = await sql.query(`SELECT project_id FROM tasks WHERE id = $1`, [taskId]);
  return rows[0]?.project_id ?? null;
}

/** Newest first, with who made each change (PRODUCT-SPEC §7: changedByUser {firstName, email}). */
export async function taskHistory(sql: Sql, taskId: string): Promise<TaskHistoryEntry[]> {
  const rows: Record<string, unknown>[] = await sql.query(
    `SELECT h.id, h.task_id, h.field_name, h.old_value, h.new_value, h.change_reason, h.created_at,
            u.first_name, u.email
       FROM task_change_history h LEFT JOIN users u ON u.id = h.changed_by
      WHERE h.task_id = $1
      ORDER BY h.seq DESC`,
    [taskId],
  );
  // A creation and a deletion keep the whole task (for time travel); the history says them by the task's name,
  // as it always has (PRODUCT-SPEC §7).
  const told = (field: unknown, value: string | null) =>
    (field === 'created' || field === 'deleted') && value !== null ? (readRecordedTask(value)?.name ?? value) : value;
  return rows.map((r) => ({
    id: r.id as string,
    taskId: r.task_id as string,
    fieldName: r.field_name as string,
    oldValue: told(r.field_name, (r.old_value as string | null) ?? null),
    newValue: told(r.field_name, (r.new_value as string | null) ?? null),
    changeReason: (r.change_reason as string | null) ?? null,
    createdAt: (r.created_at as Date).toISOString(),
    changedByUser: r.email ? { firstName: r.first_name as string, email: r.email as string } : null,
  }));
}
