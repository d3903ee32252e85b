/** The workspace page's pieces: which team and project it shows, header, sidebar, dialogs, its first reads. */
export { NoProjectsCard } from './components/no-projects-card';
export { PlanInView } from './components/plan-in-view';
export { WelcomeCard } from './components/welcome-card';
export { WorkspaceDialogs } from './components/workspace-dialogs';
export { WorkspaceError } from './components/workspace-error';
export { WorkspaceHeader } from './components/workspace-header';
export { WorkspaceSidebar } from './components/workspace-sidebar';
export { useWorkspace, type WorkspaceData } from './use-workspace';
export { prefetchWorkspace, teamProjectsIn } from './workspace-prefetch';
export { scopeId, scopeOfProject } from './workspace-selection';
