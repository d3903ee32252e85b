import {
  lastCompletedWeekEnding,
  reportFiguresText,
  reportFigures,
  rooms,
  type CreateWeeklyReportInput,
  type WeeklyReport,
} from '@planline/domain';
import type { RealtimeBus } from '@planline/realtime';
import type { DataSource } from 'typeorm';
import { requireProjectAccess } from '../access/access.policy.js';
import type { Sql } from '../access/access.queries.js';
import { presentReport } from './reports.presenter.js';
import { activeProjectsWithoutReport, insertReportIfMissing, projectReports, reportTasks, tryWeeklyJobLock, upsertReport } from './reports.queries.js';

const figuresFor = async (sql: Sql, projectId: string) => reportFigures(await reportTasks(sql, projectId));

/** Weekly progress reports: one per project and week, figures always computed here from the tasks. */
export class ReportsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly bus: RealtimeBus,
  ) {}

  async list(userId: string, projectId: string): Promise<WeeklyReport[]> {
    await requireProjectAccess(this.dataSource, userId, projectId);
    return (await projectReports(this.dataSource, projectId)).map(presentReport);
  }

  async latest(userId: string, projectId: string): Promise<WeeklyReport | null> {
    return (await this.list(userId, projectId))[0] ?? null;
  }

  /** Creates the report of a week, or updates it (a second POST for the same week). */
  async save(userId: string, projectId: string, input: CreateWeeklyReportInput): Promise<WeeklyReport> {
    await requireProjectAccess(this.dataSource, userId, projectId);
    const report = presentReport(await upsertReport(this.dataSource, projectId, input, await figuresFor(this.dataSource, projectId)));
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
      if (!(await tryWeeklyJobLock(m))) return;
      for (const projectId of await activeProjectsWithoutReport(m, weekEndingDate)) {
        const f = await figuresFor(m, projectId);
        const row = await insertReportIfMissing(m, projectId, weekEndingDate, `Weekly report: ${reportFiguresText(f)}.`, f);
        if (row) created.push(presentReport(row));
      }
    });
    for (const report of created) this.bus.emit(rooms.project(report.projectId), 'report:created', { projectId: report.projectId, report });
    return { weekEndingDate, created: created.length };
  }
}
