/** Projects: the lists and their cache, the selected project's header controls, new projects, invite links. */
export { CompletedCount } from './components/completed-count';
export { ProjectInviteButton } from './components/project-invite-button';
export { ProjectNameEditor } from './components/project-name-editor';
export { ProjectScheduleSettings, ProjectScheduleSettingsButton } from './components/project-schedule-settings';
export { ProjectSelect } from './components/project-select';
export { ProjectStatusSelect } from './components/project-status-select';
export { useProjectCreateFailure } from './use-project-create-failure';
export { dropTeamAccess, filterProjects, replaceProject, upsertProject } from './project-cache';
export {
  fetchUserProjectsNow,
  isProjectPeopleKey,
  projectPeopleKey,
  projectPeopleQuery,
  teamProjectsKey,
  teamProjectsQuery,
  useProjectInviteInfo,
  useProjectPeople,
  USER_PROJECTS_KEY,
  userProjectsQuery,
  useTeamProjects,
  useUserProjects,
} from './projects.queries';

// [lazy-parts] Parts no first screen shows, given as their code's loaders (lib/lazy-part.tsx): a page asks for
// them when one is first shown. Not exported as components too: the page imports this index, and would then
// have their code with its own.
export const loadCreateProjectDialog = () => import('./components/create-project-dialog').then((m) => m.CreateProjectDialog);
