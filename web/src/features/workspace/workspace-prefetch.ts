import type { Project } from '@planline/domain';
import type { QueryClient } from '@tanstack/react-query';
import { loadProjectConnection } from '../gantt';
import { projectPeopleQuery, teamProjectsQuery, userProjectsQuery } from '../projects';
import { teamsQuery } from '../teams';
import { useWorkspaceUi } from '../../app/workspace-ui.store';
import { guestProjectsOf, resolveProject, resolveScope } from './workspace-selection';

/**
 * The project the workspace will show, found with the same reads and rules as the page (use-workspace.ts), or
 * null when it will show none (no teams, no projects, or a read failed: the page then shows that state itself).
 * Reads go through the query cache, so the page's own queries find them done or in flight and never ask twice.
 */
export async function resolveWorkspaceProject(queryClient: QueryClient): Promise<Project | null> {
  const [teams, userProjects] = await Promise.all([
    queryClient.ensureQueryData(teamsQuery),
    queryClient.ensureQueryData(userProjectsQuery).catch(() => null),
  ]);
  const { selectedTeamId, selectedProjectId, projectSearch } = useWorkspaceUi.getState();
  const scope = resolveScope(teams, guestProjectsOf(userProjects ?? []), selectedTeamId);
  if (scope.kind === 'none') return null;
  if (scope.kind === 'shared') return resolveProject(guestProjectsOf(userProjects ?? []), projectSearch, selectedProjectId).project;
  // The page reads the team's projects itself, and this starts that read. The user's list holds the same
  // projects in the same order (oldest first), so the choice need not wait for a third round trip.
  const teamProjects = queryClient.ensureQueryData(teamProjectsQuery(scope.team.id));
  teamProjects.catch(() => {});
  const projects = userProjects ? teamProjectsIn(userProjects, scope.team.id) : await teamProjects;
  return resolveProject(projects, projectSearch, selectedProjectId).project;
}

/** A team's projects as GET /api/teams/{id}/projects lists them, taken from GET /api/projects/user. */
export function teamProjectsIn(userProjects: readonly Project[], teamId: string): Project[] {
  return userProjects.filter((p) => p.access === 'team' && p.teamId === teamId);
}

/** The user whose workspace was prefetched in this page load. */
let startedFor: string | null = null;

/**
 * Starts what the workspace page needs as soon as the signed-in user is known, while the page's code is still
 * arriving: its lists (teams, projects), then the selected project's live document and people. Without this the
 * three rounds of reads wait for the page to render, and the document waits for them (issue #8: time to first
 * bars). Once per page load; failures are left to the page, which reads again and shows its error states.
 */
export function prefetchWorkspace(queryClient: QueryClient, userId: string): void {
  if (startedFor === userId) return;
  startedFor = userId;
  // The choice this browser remembers, when it is one of this person's projects (a copy of the page's lists may
  // say): the remembered choice is the browser's, and the person before on it may have left theirs.
  const choice = useWorkspaceUi.getState().selectedProjectId;
  const listed = queryClient.getQueryData<Project[]>(userProjectsQuery.queryKey);
  const remembered = choice && (!listed || listed.some((p) => p.id === choice)) ? choice : null;
  const selected = resolveWorkspaceProject(queryClient);
  // The document's code (Yjs, the provider) loads beside the reads instead of after them, asked for second so
  // that the reads are first in the browser's queue of six connections.
  const connections = loadProjectConnection();
  connections.catch(() => {});
  // The project chosen on the last visit is most likely the one shown again: its document need not wait for
  // the lists. If the lists choose another, this one closes unused (PREWARM_HOLD_MS).
  if (remembered) connections.then((m) => m.prewarmProjectConnection(remembered, userId)).catch(() => {});
  void selected
    .then(async (project) => {
      if (!project) return;
      void queryClient.prefetchQuery(projectPeopleQuery(project.id));
      (await connections).prewarmProjectConnection(project.id, userId);
    })
    .catch(() => {});
}
