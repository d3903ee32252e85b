/** The team workload view (issue 36): who is overloaded, and when, across the team's projects. */
export { WorkloadView } from './components/workload-view';
export { endWorkloadPreview, scheduleWorkloadRefetch, showWorkloadPreview, WORKLOAD_REFETCH_DELAY_MS } from './workload-live';
