import {
  joinRequestResultSchema,
  teamJoinResultSchema,
  teamSummarySchema,
  type CreateTeamInput,
  type JoinRequest,
  type JoinResponse,
  type TeamMember,
} from '@planline/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorStatus } from '../../lib/api-error';
import { apiRequest } from '../../lib/query-client';
import { fetchUserProjectsNow } from '../projects/projects.queries';
import { removeJoinRequest, removeMemberFrom } from './team-cache';
import { fetchTeamsNow, joinRequestsKey, teamKey, teamMembersKey, TEAMS_KEY } from './teams.queries';

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

/**
 * POST /api/teams/join with an invite token. Resolves once the team lists include the new team, so the
 * workspace opens on it instead of falling back to another team for a moment.
 */
export function useJoinTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (token: string) =>
      teamJoinResultSchema.parse(await (await apiRequest('POST', '/api/teams/join', { token })).json()),
    onSuccess: async ({ teamId }) => {
      queryClient.removeQueries({ queryKey: teamKey(teamId), type: 'inactive' });
      await Promise.all([fetchTeamsNow(queryClient), fetchUserProjectsNow(queryClient)]);
    },
  });
}
