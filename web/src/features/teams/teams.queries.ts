import {
  capacityInputSchema,
  joinRequestSchema,
  teamDetailSchema,
  teamInviteInfoSchema,
  teamInviteLinkSchema,
  teamMemberSchema,
  teamSummarySchema,
} from '@planline/domain';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { parsedQueryFn } from '../../lib/parsed-query';

/*
 * Query keys are the URL split at '/', so invalidating ['/api/teams', id] also refreshes that team's
 * members, join requests and projects.
 */
export const TEAMS_KEY = ['/api/teams'] as const;
export const teamKey = (teamId: string) => ['/api/teams', teamId] as const;
export const teamMembersKey = (teamId: string) => ['/api/teams', teamId, 'members'] as const;
export const joinRequestsKey = (teamId: string) => ['/api/teams', teamId, 'join-requests'] as const;
export const memberCapacityKey = (teamId: string, userId: string) =>
  ['/api/teams', teamId, 'members', userId, 'capacity'] as const;
export type InviteRole = 'member' | 'admin';
export const teamInviteLinkKey = (teamId: string, role: InviteRole) =>
  ['/api/teams', teamId, `invite-link?role=${role}`] as const;
/** Outside the ['/api/teams'] prefix on purpose: it is public and never changes with membership. */
export const teamInviteInfoKey = (token: string) =>
  [`/api/teams/invite-info?token=${encodeURIComponent(token)}`] as const;

const teamsFn = parsedQueryFn(teamSummarySchema.array());
const teamDetailFn = parsedQueryFn(teamDetailSchema);
const membersFn = parsedQueryFn(teamMemberSchema.array());
const joinRequestsFn = parsedQueryFn(joinRequestSchema.array());
const inviteLinkFn = parsedQueryFn(teamInviteLinkSchema);
const capacityFn = parsedQueryFn(capacityInputSchema);
const inviteInfoFn = parsedQueryFn(teamInviteInfoSchema);

/** GET /api/teams, for the hook and for reads started outside React (workspace-prefetch.ts). */
export const teamsQuery = { queryKey: TEAMS_KEY, queryFn: teamsFn };

/** GET /api/teams. A failed read is an error state, never "no teams": that would offer to create a duplicate. */
export function useTeams() {
  return useQuery(teamsQuery);
}

/** Reads the teams now, whoever is watching: for flows that must see a new membership before moving on. */
export function fetchTeamsNow(queryClient: QueryClient) {
  return queryClient.fetchQuery({ queryKey: TEAMS_KEY, queryFn: teamsFn, staleTime: 0 });
}

/** GET /api/teams/{id}, for pages that read it with options of their own (the upgrade success page polls it). */
export function teamDetailQuery(teamId: string) {
  return { queryKey: teamKey(teamId), queryFn: teamDetailFn };
}

export function useTeamDetail(teamId: string | null) {
  return useQuery({ queryKey: teamKey(teamId ?? ''), queryFn: teamDetailFn, enabled: teamId !== null });
}

export function useTeamMembers(teamId: string | null) {
  return useQuery({ queryKey: teamMembersKey(teamId ?? ''), queryFn: membersFn, enabled: teamId !== null });
}

/** Pending requests; only owners and admins may read them, so callers pass whether the viewer can. */
export function useJoinRequests(teamId: string | null, canManage: boolean) {
  return useQuery({
    queryKey: joinRequestsKey(teamId ?? ''),
    queryFn: joinRequestsFn,
    enabled: teamId !== null && canManage,
  });
}

export function useTeamInviteLink(teamId: string, role: InviteRole, enabled: boolean) {
  return useQuery({ queryKey: teamInviteLinkKey(teamId, role), queryFn: inviteLinkFn, enabled });
}

export function useTeamInviteInfo(token: string) {
  return useQuery({ queryKey: teamInviteInfoKey(token), queryFn: inviteInfoFn, enabled: token !== '' });
}

/** GET /api/teams/{id}/members/{userId}/capacity (issue 36); read only while the Capacity dialog is open. */
export function useMemberCapacity(teamId: string, userId: string, enabled: boolean) {
  return useQuery({ queryKey: memberCapacityKey(teamId, userId), queryFn: capacityFn, enabled, staleTime: 0 });
}
