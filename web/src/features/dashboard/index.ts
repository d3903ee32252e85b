/** The project dashboard (PRODUCT-SPEC §2 "Dashboard") and the cache updates its live events make. */
export { removeTask, upsertTask, withSavedLayout } from './dashboard-cache';
export { dashboardConfigKey } from './dashboard.queries';

// [lazy-parts] Parts no first screen shows, given as their code's loaders (lib/lazy-part.tsx): a page asks for
// them when one is first shown. Not exported as components too: the page imports this index, and would then
// have their code with its own.
export const loadDashboardView = () => import('./components/dashboard-view').then((m) => m.DashboardView);
