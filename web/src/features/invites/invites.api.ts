import { projectJoinResultSchema, teamJoinResultSchema } from '@planline/domain';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/query-client';
import { fetchUserProjectsNow } from '../projects';
import { fetchTeamsNow, teamKey } from '../teams';

/** A join changes both lists the workspace picks from: read them again before the page moves on. */
const refetchWorkspaceLists = (queryClient: QueryClient) =>
  Promise.all([fetchTeamsNow(queryClient), fetchUserProjectsNow(queryClient)]);

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
      await refetchWorkspaceLists(queryClient);
    },
  });
}

/** POST /api/projects/join with a project invite token; the lists are re-read before it resolves. */
export function useJoinProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (token: string) =>
      projectJoinResultSchema.parse(await (await apiRequest('POST', '/api/projects/join', { token })).json()),
    onSuccess: async () => {
      await refetchWorkspaceLists(queryClient);
    },
  });
}
