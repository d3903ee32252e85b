/** Weekly reports (PRODUCT-SPEC §2 "Weekly reports"). */
export { WeeklyReportsDialog } from './components/weekly-reports-dialog';
export { cacheReport } from './reports.api';
export { latestWeeklyReportKey, useWeeklyReports, weeklyReportsKey } from './reports.queries';
