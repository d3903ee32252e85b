import { useTeamProjects, useUserProjects } from '../projects';
import { useTeams } from '../teams';
import { useWorkspaceUi } from '../../app/workspace-ui.store';
import { guestProjectsOf, resolveProject, resolveScope, type WorkspaceScope } from './workspace-selection';

/**
 * What the workspace shows now: the user's teams, the team (or shared list) in view, its projects and the
 * selected project, all derived from the queries and the choices kept in the workspace store.
 */
export function useWorkspace() {
  const teams = useTeams();
  const userProjects = useUserProjects();
  const selectedTeamId = useWorkspaceUi((state) => state.selectedTeamId);
  const selectedProjectId = useWorkspaceUi((state) => state.selectedProjectId);
  const search = useWorkspaceUi((state) => state.projectSearch);

  const guestProjects = guestProjectsOf(userProjects.data);
  const scope: WorkspaceScope = teams.data ? resolveScope(teams.data, guestProjects, selectedTeamId) : { kind: 'none' };
  const team = scope.kind === 'team' ? scope.team : null;
  const teamProjects = useTeamProjects(team?.id ?? null);
  const projects = scope.kind === 'team' ? teamProjects.data : scope.kind === 'shared' ? guestProjects : [];
  const selection = resolveProject(projects ?? [], search, selectedProjectId);

  return { teams, userProjects, guestProjects, scope, team, teamProjects, projects, search, ...selection };
}

export type WorkspaceData = ReturnType<typeof useWorkspace>;
