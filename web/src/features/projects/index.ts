/** Projects: the lists and their cache, the selected project's header controls, new projects, invite links. */
export { CompletedCount } from './components/completed-count';
export { CreateProjectDialog } from './components/create-project-dialog';
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
