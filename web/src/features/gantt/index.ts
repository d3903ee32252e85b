/**
 * The live Gantt timeline (PRODUCT-SPEC §2 "Project Timeline"), the header's presence avatars and task counts, the
 * document connection's loader (its own chunk) and the task query keys other features update.
 */
export { GanttView, type GanttViewProps } from './components/gantt-view';
export { PresenceAvatars } from './components/presence-avatars';
export { loadProjectConnection } from './connection/load-project-connection';
export { showTaskInChart } from './model/current-row.store';
export { useTaskCounts } from './model/use-task-counts';
export { isTaskHistoryKey, projectTasksKey, taskHistoryKey } from './tasks.queries';
