/** The live Gantt timeline (PRODUCT-SPEC §2 "Project Timeline") and the header's presence avatars and task counts. */
export { GanttView, type GanttViewProps } from './components/gantt-view';
export { PresenceAvatars } from './components/presence-avatars';
export { useTaskCounts } from './model/use-task-counts';
