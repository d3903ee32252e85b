import { inviteLinkSchema, memberUserSchema, projectInviteInfoSchema, projectSchema } from '@planline/domain';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { parsedQueryFn } from '../../lib/parsed-query';

/** Every project the user can open: team ones (access 'team') and invited ones (access 'guest'). */
export const USER_PROJECTS_KEY = ['/api/projects/user'] as const;
/** Under the team's key, so a team-wide invalidation refreshes its projects too. */
export const teamProjectsKey = (teamId: string) => ['/api/teams', teamId, 'projects'] as const;
export const projectInviteLinkKey = (projectId: string) => ['/api/projects', projectId, 'invite-link'] as const;
/** The project's guests, for its team's owner and admins. */
export const projectGuestsKey = (projectId: string) => ['/api/projects', projectId, 'guests'] as const;
/** Everyone who works on a project (team members and guests): names and assignee choices. */
export const projectPeopleKey = (projectId: string) => ['/api/projects', projectId, 'people'] as const;
/** Matches every project's people query: membership events refresh them all. */
export const isProjectPeopleKey = (key: readonly unknown[]) => key[0] === '/api/projects' && key[2] === 'people';
export const projectInviteInfoKey = (token: string) =>
  [`/api/projects/invite-info?token=${encodeURIComponent(token)}`] as const;

const projectListFn = parsedQueryFn(projectSchema.array());
const inviteLinkFn = parsedQueryFn(inviteLinkSchema);
const inviteInfoFn = parsedQueryFn(projectInviteInfoSchema);
const peopleFn = parsedQueryFn(memberUserSchema.array());

/* Query options shared by the hooks and by reads started outside React (workspace-prefetch.ts). */
export const userProjectsQuery = { queryKey: USER_PROJECTS_KEY, queryFn: projectListFn };
export const teamProjectsQuery = (teamId: string) => ({ queryKey: teamProjectsKey(teamId), queryFn: projectListFn });
export const projectPeopleQuery = (projectId: string) => ({ queryKey: projectPeopleKey(projectId), queryFn: peopleFn });

/** The project's members and guests; nothing is asked while no project is chosen (null). */
export function useProjectPeople(projectId: string | null) {
  return useQuery({ ...projectPeopleQuery(projectId ?? ''), enabled: projectId !== null });
}

export function useUserProjects() {
  return useQuery(userProjectsQuery);
}

/** Reads the user's projects now, whoever is watching (see fetchTeamsNow). */
export function fetchUserProjectsNow(queryClient: QueryClient) {
  return queryClient.fetchQuery({ queryKey: USER_PROJECTS_KEY, queryFn: projectListFn, staleTime: 0 });
}

export function useTeamProjects(teamId: string | null) {
  return useQuery({ ...teamProjectsQuery(teamId ?? ''), enabled: teamId !== null });
}

export function useProjectInviteLink(projectId: string, enabled: boolean) {
  return useQuery({ queryKey: projectInviteLinkKey(projectId), queryFn: inviteLinkFn, enabled });
}

export function useProjectInviteInfo(token: string) {
  return useQuery({ queryKey: projectInviteInfoKey(token), queryFn: inviteInfoFn, enabled: token !== '' });
}

export function useProjectGuests(projectId: string, enabled: boolean) {
  return useQuery({ queryKey: projectGuestsKey(projectId), queryFn: peopleFn, enabled });
}
