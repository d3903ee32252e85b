/** The project dashboard (PRODUCT-SPEC §2 "Dashboard") and the cache updates its live events make. */
export { DashboardView } from './components/dashboard-view';
export { removeTask, upsertTask, withSavedLayout } from './dashboard-cache';
export { dashboardConfigKey } from './dashboard.queries';
