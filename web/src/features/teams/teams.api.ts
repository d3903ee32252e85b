import {
  capacityInputSchema,
  joinRequestResultSchema,
  teamInviteLinkSchema,
  teamSummarySchema,
  type Capacity,
  type CreateTeamInput,
  type JoinRequest,
  type JoinResponse,
  type TeamMember,
} from '@planline/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorStatus } from '../../lib/api-error';
import { apiRequest } from '../../lib/query-client';
import { removeJoinRequest, removeMemberFrom } from './team-cache';
import {
  joinRequestsKey,
  memberCapacityKey,
  teamInviteLinkKey,
  teamKey,
  teamMembersKey,
  TEAMS_KEY,
  type InviteRole,
} from './teams.queries';

export function useCreateTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateTeamInput) =>
      teamSummarySchema.parse(await (await apiRequest('POST', '/api/teams', input)).json()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TEAMS_KEY, exact: true }),
  });
}

/** POST /api/teams/request-join: asks a team's owner and admins to let the user in. */
export function useRequestJoin() {
  return useMutation({
    mutationFn: async (teamCode: string) =>
      joinRequestResultSchema.parse(await (await apiRequest('POST', '/api/teams/request-join', { teamCode })).json()),
  });
}

export function useRespondJoinRequest(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ request, response }: { request: JoinRequest; response: JoinResponse }) => {
      await apiRequest('POST', `/api/teams/join-requests/${request.id}/respond`, { response });
      return { request, response };
    },
    onSuccess: ({ request, response }) => {
      queryClient.setQueryData<JoinRequest[]>(joinRequestsKey(teamId), (list) =>
        list ? removeJoinRequest(list, request.id) : list,
      );
      if (response === 'approved') {
        void queryClient.invalidateQueries({ queryKey: teamMembersKey(teamId) });
        void queryClient.invalidateQueries({ queryKey: teamKey(teamId), exact: true });
      }
    },
    onError: (err) => {
      // Someone else answered first: the list on screen is out of date.
      if (errorStatus(err) === 409) void queryClient.invalidateQueries({ queryKey: joinRequestsKey(teamId) });
    },
  });
}

export function useRemoveMember(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (member: TeamMember) => {
      await apiRequest('DELETE', `/api/teams/${teamId}/members/${member.userId}`);
      return member;
    },
    onSuccess: (member) => {
      queryClient.setQueryData<TeamMember[]>(teamMembersKey(teamId), (list) =>
        list ? removeMemberFrom(list, member.userId) : list,
      );
      void queryClient.invalidateQueries({ queryKey: teamKey(teamId), exact: true });
    },
  });
}

/** POST /api/teams/{id}/invite-link/regenerate: new tokens for both roles; the answer is the `role` link. */
export function useRegenerateTeamInviteLink(teamId: string, role: InviteRole) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      teamInviteLinkSchema.parse(await (await apiRequest('POST', `/api/teams/${teamId}/invite-link/regenerate`, { role })).json()),
    onSuccess: (link) => {
      queryClient.setQueryData(teamInviteLinkKey(teamId, role), link);
      // The other role's token changed too.
      void queryClient.invalidateQueries({ queryKey: teamInviteLinkKey(teamId, role === 'admin' ? 'member' : 'admin') });
    },
  });
}

/**
 * PUT /api/teams/{id}/members/{userId}/capacity. The answer is the stored capacity; the server's
 * 'capacity:updated' event makes open workload views (and the chart's overload marks) refetch.
 */
export function useSaveCapacity(teamId: string, userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (capacity: Capacity) =>
      capacityInputSchema.parse(
        await (await apiRequest('PUT', `/api/teams/${teamId}/members/${userId}/capacity`, capacity)).json(),
      ),
    onSuccess: (saved) => queryClient.setQueryData(memberCapacityKey(teamId, userId), saved),
  });
}
