import { randomUUID } from 'node:crypto';
import {
  lastCompletedWeekEnding,
  reportFigures,
  rooms,
  type CreateWeeklyReportInput,
  type WeeklyReport,
} from '@planline/domain';
import type { RealtimeBus } from '@planline/realtime';
import type { DataSource } from 'typeorm';
import { requireProjectAccess, type Sql } from '../access/access.js';

const REPORT_COLUMNS = `id, project_id, week_ending_date, summary, gantt_screenshot, tasks_completed, tasks_total, progress_percentage, created_at`;

function presentReport(r: Record<string, unknown>): WeeklyReport {
  return {
    id: r.id as string,
    projectId: r.project_id as string,
    weekEndingDate: r.week_ending_date as string,
    summary: (r.summary as string | null) ?? null,
    ganttScreenshot: (r.gantt_screenshot as string | null) ?? null,
    tasksCompleted: Number(r.tasks_completed),
    tasksTotal: Number(r.tasks_total),
    progressPercentage: Number(r.progress_percentage),
    createdAt: (r.created_at as Date).toISOString(),
  };
}

async function figuresFor(sql: Sql, projectId: string) {
  const tasks: { status: string; progress: number }[] = await sql.query(`SELECT status, progress FROM tasks WHERE project_id = $1`, [projectId]);
  return reportFigures(tasks);
}

/** Weekly progress reports: one per project and week, figures always computed here from the tasks. */
export class ReportsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly bus: RealtimeBus,
  ) {}

  async list(userId: string, projectId: string): Promise<WeeklyReport[]> {
    await requireProjectAccess(this.dataSource, userId, projectId);
    const rows: Record<string, unknown>[] = await this.dataSource.query(
      `SELECT ${REPORT_COLUMNS} FROM weekly_reports WHERE project_id = $1 ORDER BY week_ending_date DESC`,
      [projectId],
    );
    return rows.map(presentReport);
  }

  async latest(userId: string, projectId: string): Promise<WeeklyReport | null> {
    return (await this.list(userId, projectId))[0] ?? null;
  }

  /** Creates the report of a week, or updates it (a second POST for the same week). */
  async save(userId: string, projectId: string, input: CreateWeeklyReportInput): Promise<WeeklyReport> {
    await requireProjectAccess(this.dataSource, userId, projectId);
    const figures = await figuresFor(this.dataSource, projectId);
    const rows: Record<string, unknown>[] = await this.dataSource.query(
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
    const report = presentReport(rows[0]!);
    this.bus.emit(rooms.project(projectId), 'report:created', { projectId, report });
    return report;
  }

  /**
   * [weekly-job] Reports for the week that last ended, for every active project that has none yet. Safe to run
   * again and in several processes at once: an advisory lock lets one run at a time, and an existing report
   * (made by a person or an earlier run) is never replaced.
   */
  async generateForLastWeek(now: Date): Promise<{ weekEndingDate: string; created: number }> {
    const weekEndingDate = lastCompletedWeekEnding(now.toISOString().slice(0, 10));
    const created: WeeklyReport[] = [];
    await this.dataSource.transaction(async (m) => {
      const lock: { locked: boolean }[] = await m.query(`SELECT pg_try_advisory_xact_lock(hashtext('planline:weekly-reports')) AS locked`);
      if (!lock[0]?.locked) return;
      const projects: { id: string }[] = await m.query(
        `SELECT p.id FROM projects p
          WHERE p.status = 'active'
            AND NOT EXISTS (SELECT 1 FROM weekly_reports r WHERE r.project_id = p.id AND r.week_ending_date = $1)`,
        [weekEndingDate],
      );
      for (const project of projects) {
        const f = await figuresFor(m, project.id);
        const rows: Record<string, unknown>[] = await m.query(
          `INSERT INTO weekly_reports (id, project_id, week_ending_date, summary, tasks_completed, tasks_total, progress_percentage)
           VALUES ($1, $2, $3, $4, $5, $6, $7)
           ON CONFLICT (project_id, week_ending_date) DO NOTHING
           RETURNING ${REPORT_COLUMNS}`,
          [randomUUID(), project.id, weekEndingDate, `Weekly report: ${f.tasksCompleted} of ${f.tasksTotal} tasks completed.`, f.tasksCompleted, f.tasksTotal, f.progressPercentage],
        );
        if (rows[0]) created.push(presentReport(rows[0]));
      }
    });
    for (const report of created) this.bus.emit(rooms.project(report.projectId), 'report:created', { projectId: report.projectId, report });
    return { weekEndingDate, created: created.length };
  }
}
