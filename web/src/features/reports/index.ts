/** Weekly reports (PRODUCT-SPEC §2 "Weekly reports"). */
export { cacheReport } from './reports.api';
export { latestWeeklyReportKey, useWeeklyReports, weeklyReportsKey } from './reports.queries';

// [lazy-parts] Parts no first screen shows, given as their code's loaders (lib/lazy-part.tsx): a page asks for
// them when one is first shown. Not exported as components too: the page imports this index, and would then
// have their code with its own.
export const loadWeeklyReportsDialog = () => import('./components/weekly-reports-dialog').then((m) => m.WeeklyReportsDialog);
