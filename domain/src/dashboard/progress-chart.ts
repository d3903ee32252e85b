import type { WidgetSize } from '../schemas/enums.js';
import { WEEKLY_REPORTS_SHOWN } from './widget-limits.js';

export interface ChartReport {
  weekEndingDate: string;
  progressPercentage: number;
  tasksCompleted: number;
  tasksTotal: number;
  createdAt: string;
}

export interface ProgressChart<R> {
  /** The latest 4/6/8 reports by size, newest first. */
  latest: R[];
  /** The same reports oldest first: the bars read left to right. */
  bars: R[];
  /** Progress of the newest report; null without reports. */
  current: number | null;
  /** Newest minus the week before; null with fewer than two reports. */
  change: number | null;
  /** Large shows tasks completed and total tasks. */
  showTaskCounts: boolean;
}

/** Newest week first; two reports of one week (should not happen) newest written first. */
export function sortReportsNewestFirst<R extends Pick<ChartReport, 'weekEndingDate' | 'createdAt'>>(reports: readonly R[]): R[] {
  return [...reports].sort((a, b) =>
    a.weekEndingDate === b.weekEndingDate ? b.createdAt.localeCompare(a.createdAt) : b.weekEndingDate.localeCompare(a.weekEndingDate),
  );
}

/** [progress-chart] Reports newest first, the latest 4/6/8; current % and the change from the previous week. */
export function progressChart<R extends ChartReport>(reports: readonly R[], size: WidgetSize): ProgressChart<R> {
  const latest = sortReportsNewestFirst(reports).slice(0, WEEKLY_REPORTS_SHOWN[size]);
  const [newest, previous] = latest;
  return {
    latest,
    bars: [...latest].reverse(),
    current: newest ? newest.progressPercentage : null,
    change: newest && previous ? newest.progressPercentage - previous.progressPercentage : null,
    showTaskCounts: size === 'large',
  };
}
