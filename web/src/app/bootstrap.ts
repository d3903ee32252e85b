import { memberUserSchema, projectSchema, publicUserSchema, teamSummarySchema } from '@planline/domain';
import type { QueryClient } from '@tanstack/react-query';
import { AUTH_USER_KEY } from '../features/auth';
import { projectPeopleKey, teamProjectsKey, USER_PROJECTS_KEY } from '../features/projects';
import { TEAMS_KEY } from '../features/teams';
import { teamProjectsIn } from '../features/workspace';
import { BOOTSTRAP_ELEMENT_ID } from '../lib/first-screen';


/** The page's bootstrap JSON, or null (signed out, another page, the dev server, or it is not readable). */
export function readBootstrapJson(doc: Document = document): Record<string, unknown> | null {
  const text = doc.getElementById(BOOTSTRAP_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Puts the reads the server answered inside the page (the user, their teams and projects) into the query cache,
 * checked against the same schemas as the reads themselves, so the workspace needs no round trip before it can
 * choose its project (issue 18). Whatever is missing or does not parse is read as before. Returns whether the
 * signed-in user came with the page.
 */
export function seedBootstrap(queryClient: QueryClient, doc: Document = document): boolean {
  return seedReads(queryClient, readBootstrapJson(doc));
}

/** seedBootstrap's work on the bootstrap itself (the server renders the first screen from the same reads). */
export function seedReads(queryClient: QueryClient, boot: Record<string, unknown> | null): boolean {
  if (!boot) return false;
  const user = publicUserSchema.safeParse(boot.user);
  if (!user.success) return false;
  queryClient.setQueryData(AUTH_USER_KEY, user.data);
  const teams = teamSummarySchema.array().safeParse(boot.teams);
  if (teams.success) queryClient.setQueryData(TEAMS_KEY, teams.data);
  const projects = projectSchema.array().safeParse(boot.userProjects);
  if (projects.success) {
    queryClient.setQueryData(USER_PROJECTS_KEY, projects.data);
    // Each team's projects are among them, in the same order: the workspace need not read its team's again.
    if (teams.success) for (const team of teams.data) queryClient.setQueryData(teamProjectsKey(team.id), teamProjectsIn(projects.data, team.id));
  }
  // The people of the project the server guessed the workspace opens: its rows name their assignees at once.
  const people = memberUserSchema.array().safeParse(boot.likelyProjectPeople);
  if (typeof boot.likelyProjectId === 'string' && people.success) queryClient.setQueryData(projectPeopleKey(boot.likelyProjectId), people.data);
  return true;
}
