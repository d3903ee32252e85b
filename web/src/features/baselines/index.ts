/** Baselines (issue 19): a project's saved snapshots, read by the chart and the export dialog. */
export { useDeleteBaseline, useSaveBaseline } from './baselines.api';
export { baselineKey, baselinesKey, useBaseline, useBaselines } from './baselines.queries';
