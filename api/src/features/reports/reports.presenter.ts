import type { WeeklyReport } from '@planline/domain';
import type { ReportRow } from './reports.queries.js';

export function presentReport(r: ReportRow): WeeklyReport {
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
