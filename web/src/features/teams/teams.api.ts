import { teamSummarySchema, type CreateTeamInput, type TeamSummary } from '@planline/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, getQueryFn } from '../../lib/query-client';

export const TEAMS_KEY = ['/api/teams'] as const;

const readTeams = getQueryFn<unknown>({ on401: 'throw' });
const teamListSchema = teamSummarySchema.array();

/** GET /api/teams. A failed read is an error state, never "no teams": that would offer to create a duplicate. */
export function useTeams() {
  return useQuery({
    queryKey: TEAMS_KEY,
    queryFn: async (context): Promise<TeamSummary[]> => teamListSchema.parse(await readTeams(context)),
  });
}

export function useCreateTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateTeamInput) => (await apiRequest('POST', '/api/teams', input)).json(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TEAMS_KEY }),
  });
}
