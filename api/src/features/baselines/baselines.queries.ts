import { ProjectBaselineEntity } from '@planline/db';
import type { BaselineLink } from '@planline/domain';
import type { Db, Sql } from '../access/access.queries.js';

/** The baselines' SQL: the snapshot taken in one statement, the lists and the lookups. */

export type BaselineRow = {
  id: string;
  project_id: string;
  name: string;
  created_at: Date;
  created_by: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  task_count: number;
};

const SUMMARY = `
  SELECT b.id, b.project_id, b.name, b.created_at, b.created_by, u.first_name, u.last_name, u.email,
         (SELECT count(*) FROM project_baseline_tasks bt WHERE bt.baseline_id = b.id)::int AS task_count
    FROM project_baselines b
    LEFT JOIN users u ON u.id = b.created_by`;

/** A project's baselines, newest first. */
export function baselineSummaries(sql: Sql, projectId: string): Promise<BaselineRow[]> {
  return sql.query(`${SUMMARY} WHERE b.project_id = $1 ORDER BY b.created_at DESC, b.id`, [projectId]);
}

/** One baseline of one project: another project's baseline id finds nothing. */
export async function baselineSummary(sql: Sql, projectId: string, baselineId: string): Promise<BaselineRow | null> {
  const rows: BaselineRow[] = await sql.query(`${SUMMARY} WHERE b.project_id = $1 AND b.id = $2`, [projectId, baselineId]);
  return rows[0] ?? null;
}

export type BaselineTaskRow = { task_id: string; name: string; start_date: string; end_date: string; progress: number };

/** A baseline's tasks in the timeline's row order (order, start, name, id). */
export function baselineTasks(sql: Sql, baselineId: string): Promise<BaselineTaskRow[]> {
  // ::text so both drivers return 'yyyy-MM-dd' strings (node-postgres would parse date into a local-time Date).
  return sql.query(
    `SELECT task_id, name, start_date::text AS start_date, end_date::text AS end_date, progress
       FROM project_baseline_tasks WHERE baseline_id = $1
      ORDER BY "order", start_date, name, task_id`,
    [baselineId],
  );
}

export async function baselineLinks(sql: Sql, baselineId: string): Promise<BaselineLink[]> {
  const rows: { task_id: string; depends_on_task_id: string; type: BaselineLink['type']; lag_days: number }[] = await sql.query(
    `SELECT task_id, depends_on_task_id, type, lag_days FROM project_baseline_links WHERE baseline_id = $1 ORDER BY task_id, depends_on_task_id`,
    [baselineId],
  );
  return rows.map((r) => ({ taskId: r.task_id, dependsOnTaskId: r.depends_on_task_id, type: r.type, lagDays: r.lag_days }));
}

/** Locks the project's row for the rest of the transaction: baselines of one project are counted and made in turns. */
export async function lockProjectRow(sql: Sql, projectId: string): Promise<{ teamId: string } | null> {
  const rows: { team_id: string }[] = await sql.query(`SELECT team_id FROM projects WHERE id = $1 FOR UPDATE`, [projectId]);
  return rows[0] ? { teamId: rows[0].team_id } : null;
}

export async function baselineCount(sql: Sql, projectId: string): Promise<number> {
  const rows: { n: number }[] = await sql.query(`SELECT count(*)::int AS n FROM project_baselines WHERE project_id = $1`, [projectId]);
  return Number(rows[0]?.n ?? 0);
}

/**
 * The baseline row and the snapshot of the project's stored tasks and links, in one statement: its data-modifying
 * parts all read the same snapshot of the database, so a link never names a task the copy missed, whatever
 * commits meanwhile (each part runs to completion whether or not the final SELECT reads it).
 */
export async function insertBaselineSnapshot(
  sql: Sql,
  baseline: { id: string; projectId: string; name: string; createdBy: string },
): Promise<{ tasks: number; links: number }> {
  const rows: { tasks: number; links: number }[] = await sql.query(
    `WITH baseline AS (
       INSERT INTO project_baselines (id, project_id, name, created_by) VALUES ($1::uuid, $2::uuid, $3, $4::uuid) RETURNING id
     ), snapshot_tasks AS (
       INSERT INTO project_baseline_tasks (baseline_id, task_id, name, start_date, end_date, progress, "order")
       SELECT $1::uuid, t.id, t.name, t.start_date, t.end_date, t.progress, t."order" FROM tasks t WHERE t.project_id = $2::uuid
       RETURNING 1
     ), snapshot_links AS (
       INSERT INTO project_baseline_links (baseline_id, task_id, depends_on_task_id, type, lag_days)
       SELECT $1::uuid, d.task_id, d.depends_on_task_id, d.type, d.lag_days
         FROM task_dependencies d JOIN tasks t ON t.id = d.task_id
        WHERE t.project_id = $2::uuid
       RETURNING 1
     )
     SELECT (SELECT count(*) FROM snapshot_tasks)::int AS tasks, (SELECT count(*) FROM snapshot_links)::int AS links`,
    [baseline.id, baseline.projectId, baseline.name, baseline.createdBy],
  );
  return { tasks: Number(rows[0]!.tasks), links: Number(rows[0]!.links) };
}

/**
 * [import] Sets the dates of a baseline's tasks to the ones given (an imported file's baseline 0, issue 37): one
 * statement, whatever the number of tasks. Tasks not named keep the dates the snapshot took.
 */
export async function setBaselineDates(sql: Sql, baselineId: string, dates: readonly { taskId: string; startDate: string; endDate: string }[]): Promise<void> {
  if (!dates.length) return;
  await sql.query(
    `UPDATE project_baseline_tasks b SET start_date = d.start_date, end_date = d.end_date
       FROM unnest($2::uuid[], $3::date[], $4::date[]) AS d(task_id, start_date, end_date)
      WHERE b.baseline_id = $1::uuid AND b.task_id = d.task_id`,
    [baselineId, dates.map((d) => d.taskId), dates.map((d) => d.startDate), dates.map((d) => d.endDate)],
  );
}

/** Deletes one baseline of one project (its tasks and links go with it); whether there was one. */
export async function deleteBaseline(db: Db, projectId: string, baselineId: string): Promise<boolean> {
  const removed = await db.getRepository(ProjectBaselineEntity).delete({ id: baselineId, projectId });
  return !!removed.affected;
}
