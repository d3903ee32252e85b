/** Pure rules of the dashboard widgets (PRODUCT-SPEC §2 "Dashboard widgets", §9); `today` is always a parameter. */
export * from './widget-limits.js';
export * from './project-stats.js';
export * from './recent-tasks.js';
export * from './gantt-preview.js';
export * from './team-activity.js';
export * from './progress-chart.js';
export * from './upcoming-tasks.js';
export * from './layout-edit.js';
