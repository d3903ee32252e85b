import type { Logger } from '../../logger.js';
import type { ReportsService } from './reports.service.js';

/** How often the weekly job looks for a finished week without reports; each run is cheap when there is none. */
export const WEEKLY_REPORT_CHECK_MS = 60 * 60 * 1000;

/**
 * Runs the weekly report job at start and then every hour: whenever a week has ended, its reports appear
 * within the hour. Several processes may run it; the job itself makes that safe.
 */
export function scheduleWeeklyReports(reports: ReportsService, logger: Logger, intervalMs = WEEKLY_REPORT_CHECK_MS) {
  const run = () =>
    reports.generateForLastWeek(new Date()).then(
      (result) => {
        if (result.created) logger.info(result, 'weekly reports created');
      },
      (err: unknown) => logger.warn({ err }, 'weekly report job failed; it runs again later'),
    );
  const first = setTimeout(run, 5_000);
  const timer = setInterval(run, intervalMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
