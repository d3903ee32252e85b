import type { Project, TeamSummary } from '@planline/domain';
import { filterProjects } from '../projects';
import { SHARED_SCOPE } from '../teams';

export type WorkspaceScope = { kind: 'team'; team: TeamSummary } | { kind: 'shared' } | { kind: 'none' };

/**
 * [workspace-auto-select] The team the workspace shows: the chosen one while the user still belongs to it,
 * else the first team, else the guest projects, else nothing (the welcome card).
 */
export function resolveScope(
  teams: readonly TeamSummary[],
  guestProjects: readonly Project[],
  selectedTeamId: string | null,
): WorkspaceScope {
  const chosen = teams.find((t) => t.id === selectedTeamId);
  if (chosen) return { kind: 'team', team: chosen };
  if (selectedTeamId === SHARED_SCOPE && guestProjects.length > 0) return { kind: 'shared' };
  if (teams[0]) return { kind: 'team', team: teams[0] };
  if (guestProjects.length > 0) return { kind: 'shared' };
  return { kind: 'none' };
}

export function scopeId(scope: WorkspaceScope): string | null {
  if (scope.kind === 'team') return scope.team.id;
  return scope.kind === 'shared' ? SHARED_SCOPE : null;
}

/** Where a project lives in the workspace: its team for members, the shared list for guests. */
export function scopeOfProject(project: Pick<Project, 'teamId' | 'access'>): string {
  return project.access === 'team' ? project.teamId : SHARED_SCOPE;
}

export function guestProjectsOf(projects: readonly Project[] | undefined): Project[] {
  return (projects ?? []).filter((p) => p.access === 'guest');
}

export interface ProjectSelection {
  /** The scope's projects that match the search, in the project select's order. */
  matching: Project[];
  /** The chosen project if it matches the search, else the first match, else null. */
  project: Project | null;
}

/** [workspace-auto-select] The first project matching the search is selected unless the user chose another. */
export function resolveProject(
  projects: readonly Project[],
  search: string,
  selectedProjectId: string | null,
): ProjectSelection {
  const matching = filterProjects(projects, search);
  const project = matching.find((p) => p.id === selectedProjectId) ?? matching[0] ?? null;
  return { matching, project };
}
