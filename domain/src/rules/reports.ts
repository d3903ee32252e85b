import { dayNumber, fromDayNumber, weekday } from '../timeline/calendar-date.js';
import { completionPercent } from '../dashboard/project-stats.js';
import { normaliseTaskStatus } from '../schemas/task.js';

/** [report-week] Weeks run Monday to Sunday; a week is named by its Sunday, the week ending date. */
export function weekEndingFor(date: string): string {
  return fromDayNumber(dayNumber(date) + ((7 - weekday(date)) % 7));
}

/** The last week that has fully ended on `today` (its Sunday is before today). */
export function lastCompletedWeekEnding(today: string): string {
  const thisWeek = weekEndingFor(today);
  return thisWeek === today ? fromDayNumber(dayNumber(today) - 7) : fromDayNumber(dayNumber(thisWeek) - 7);
}

/**
 * [report-figures] Completed and total task counts, and progress as the mean of the tasks' progress with a
 * completed task counting 100 (0 with no tasks), rounded to a whole percent.
 */
export function reportFigures(tasks: readonly { status: string; progress: number }[]) {
  const tasksTotal = tasks.length;
  const tasksCompleted = tasks.filter((t) => normaliseTaskStatus(t.status) === 'completed').length;
  const sum = tasks.reduce((acc, t) => acc + (normaliseTaskStatus(t.status) === 'completed' ? 100 : Math.max(0, Math.min(100, t.progress))), 0);
  return { tasksCompleted, tasksTotal, progressPercentage: tasksTotal ? Math.round(sum / tasksTotal) : 0 };
}

/**
 * [report-labels] A report carries two figures that measure different things and often differ (a project whose
 * tasks are all half done is 50% along, 0% completed), so wherever both appear each goes by its name.
 */
export const AVERAGE_PROGRESS_LABEL = 'Average progress';
export const COMPLETION_RATE_LABEL = 'Completion rate';

export interface ReportCounts {
  progressPercentage: number;
  tasksCompleted: number;
  tasksTotal: number;
}

/** [report-labels] The completion rate of a report's counts, by the same rule as the dashboard's. */
export function reportCompletionRate(report: Pick<ReportCounts, 'tasksCompleted' | 'tasksTotal'>): number {
  return completionPercent(report.tasksCompleted, report.tasksTotal);
}

/** [report-labels] 'Average progress 8% · Completion rate 0% (0 of 15 tasks completed)'. */
export function reportFiguresText(report: ReportCounts): string {
  return (
    `${AVERAGE_PROGRESS_LABEL} ${report.progressPercentage}% · ${COMPLETION_RATE_LABEL} ${reportCompletionRate(report)}%` +
    ` (${report.tasksCompleted} of ${report.tasksTotal} tasks completed)`
  );
}
