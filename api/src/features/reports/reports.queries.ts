import { randomUUID } from 'node:crypto';
import type { CreateWeeklyReportInput, ReportCounts } from '@planline/domain';
import type { Sql } from '../access/access.queries.js';

/** Weekly reports' SQL. */

export type ReportRow = Record<string, unknown>;

const REPORT_COLUMNS = `id, project_id, week_ending_date, summary, gantt_screenshot, tasks_completed, tasks_total, progress_percentage, created_at`;

export function projectReports(sql: Sql, projectId: string): Promise<ReportRow[]> {
  return sql.query(`SELECT ${REPORT_COLUMNS} FROM weekly_reports WHERE project_id = $1 ORDER BY week_ending_date DESC`, [projectId]);
}

/**
 * The project's tasks as the report figures count them: the work itself. A summary task stands for its subtasks
 * (docs/scheduling.md), so counting it too would count their work twice.
 */
export function reportTasks(sql: Sql, projectId: string): Promise<{ status: string; progress: number }[]> {
  return sql.query(
    `SELECT t.status, t.progress FROM tasks t WHERE t.project_id = $1 AND NOT EXISTS (SELECT 1 FROM tasks c WHERE c.parent_id = t.id)`,
    [projectId],
  );
}

/** Creates the report of a week, or updates it: a summary or screenshot left out keeps the one stored. */
export async function upsertReport(sql: Sql, projectId: string, input: CreateWeeklyReportInput, figures: ReportCounts): Promise<ReportRow> {
  const rows: ReportRow[] = await sql.query(
    `INSERT INTO weekly_reports (id, project_id, week_ending_date, summary, gantt_screenshot, tasks_completed, tasks_total, progress_percentage)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (project_id, week_ending_date) DO UPDATE SET
       summary = CASE WHEN $9 THEN EXCLUDED.summary ELSE weekly_reports.summary END,
       gantt_screenshot = CASE WHEN $10 THEN EXCLUDED.gantt_screenshot ELSE weekly_reports.gantt_screenshot END,
       tasks_completed = EXCLUDED.tasks_completed, tasks_total = EXCLUDED.tasks_total,
       progress_percentage = EXCLUDED.progress_percentage
     RETURNING ${REPORT_COLUMNS}`,
    [
      randomUUID(), projectId, input.weekEndingDate, input.summary || null, input.ganttScreenshot ?? null,
      figures.tasksCompleted, figures.tasksTotal, figures.progressPercentage,
      input.summary !== undefined, input.ganttScreenshot !== undefined,
    ],
  );
  return rows[0]!;
}

/** The weekly job's lock for this transaction; false when another run holds it. */
export async function tryWeeklyJobLock(sql: Sql): Promise<boolean> {
  const lock: { locked: boolean }[] = await sql.query(`SELECT pg_try_advisory_xact_lock(hashtext('planline:weekly-reports')) AS locked`);
  return !!lock[0]?.locked;
}

export async function activeProjectsWithoutReport(sql: Sql, weekEndingDate: string): Promise<string[]> {
  const projects: { id: string }[] = await sql.query(
    `SELECT p.id FROM projects p
      WHERE p.status = 'active'
        AND NOT EXISTS (SELECT 1 FROM weekly_reports r WHERE r.project_id = p.id AND r.week_ending_date = $1)`,
    [weekEndingDate],
  );
  return projects.map((p) => p.id);
}

/** The week's report unless one exists already (never replaced); the new row, or null. */
export async function insertReportIfMissing(
  sql: Sql,
  projectId: string,
  weekEndingDate: string,
  summary: string,
  figures: ReportCounts,
): Promise<ReportRow | null> {
  const rows: ReportRow[] = await sql.query(
    `INSERT INTO weekly_reports (id, project_id, week_ending_date, summary, tasks_completed, tasks_total, progress_percentage)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (project_id, week_ending_date) DO NOTHING
     RETURNING ${REPORT_COLUMNS}`,
    [randomUUID(), projectId, weekEndingDate, summary, figures.tasksCompleted, figures.tasksTotal, figures.progressPercentage],
  );
  return rows[0] ?? null;
}
