/** The live Gantt timeline (PRODUCT-SPEC §2 "Project Timeline") and the header's presence avatars. */
export { GanttView, type GanttViewProps } from './components/gantt-view';
export { PresenceAvatars } from './components/presence-avatars';
