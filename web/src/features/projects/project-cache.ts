import type { Project } from '@planline/domain';

/** A project as live events carry it: the viewer's access is not part of a broadcast. */
export type ProjectFields = Omit<Project, 'access'>;

/**
 * Adds a project, or replaces the one with its id. An existing entry keeps its access (a guest stays a guest);
 * a new one takes `access`.
 */
export function upsertProject(list: readonly Project[], project: ProjectFields, access: Project['access']): Project[] {
  const index = list.findIndex((p) => p.id === project.id);
  if (index === -1) return [...list, { ...project, access }];
  return list.map((p, i) => (i === index ? { ...project, access: p.access } : p));
}

/** Replaces a project that is already listed; a list without it is returned as is. */
export function replaceProject(list: readonly Project[], project: ProjectFields): Project[] {
  return list.map((p) => (p.id === project.id ? { ...project, access: p.access } : p));
}

/** What someone removed from a team still reaches: the projects they were invited to as a guest. */
export function dropTeamAccess(list: readonly Project[], teamId: string): Project[] {
  return list.filter((p) => !(p.teamId === teamId && p.access === 'team'));
}

/** [project-search] Projects whose name or description contains the query, ignoring case; blank keeps all. */
export function filterProjects<P extends Pick<Project, 'name' | 'description'>>(
  list: readonly P[],
  query: string,
): P[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [...list];
  return list.filter(
    (p) => p.name.toLocaleLowerCase().includes(needle) || (p.description ?? '').toLocaleLowerCase().includes(needle),
  );
}
