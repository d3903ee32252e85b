import { sortReportsNewestFirst, type WeeklyReport } from '@planline/domain';

/**
 * Adds a report, or replaces the one of the same id or the same week (the server keeps one report per project
 * and week, and a second save of a week updates it); the list stays newest first.
 */
export function upsertReport(list: readonly WeeklyReport[], report: WeeklyReport): WeeklyReport[] {
  const others = list.filter((r) => r.id !== report.id && r.weekEndingDate !== report.weekEndingDate);
  return sortReportsNewestFirst([...others, report]);
}

/** The newest of the cached latest report and one just written. */
export function newerReport(latest: WeeklyReport | null, report: WeeklyReport): WeeklyReport {
  if (!latest || latest.id === report.id) return report;
  return sortReportsNewestFirst([latest, report])[0]!;
}
