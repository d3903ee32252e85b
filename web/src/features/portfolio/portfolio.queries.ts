import { portfolioSchema, shiftProjectAnswerSchema, type ShiftProjectInput } from '@planline/domain';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { parsedQueryFn } from '../../lib/parsed-query';
import { apiRequest } from '../../lib/query-client';

/** GET /api/teams/{id}/portfolio (issue 40): one row per project the person can see. */
export const portfolioKey = (teamId: string) => ['/api/teams', teamId, 'portfolio'] as const;
const isPortfolioKey = (key: readonly unknown[]) => key.length === 3 && key[0] === '/api/teams' && key[2] === 'portfolio';

const portfolioFn = parsedQueryFn(portfolioSchema);

export function usePortfolio(teamId: string) {
  // A 402 (not Enterprise) is an answer, not a failure to retry.
  return useQuery({ queryKey: portfolioKey(teamId), queryFn: portfolioFn, retry: false });
}

/** POST /api/projects/{id}/shift: the whole project to a new start, one edit. */
export function useShiftProject(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ projectId, ...input }: ShiftProjectInput & { projectId: string }) =>
      shiftProjectAnswerSchema.parse(await (await apiRequest('POST', `/api/projects/${projectId}/shift`, input)).json()),
    onSettled: () => queryClient.invalidateQueries({ queryKey: portfolioKey(teamId) }),
  });
}

/** How long task events gather before an open portfolio is read again (a drag's cascade is one refetch). */
const PORTFOLIO_REFETCH_DELAY_MS = 250;
const pending = new WeakMap<QueryClient, ReturnType<typeof setTimeout>>();

/**
 * [portfolio-live] A task or project changed somewhere: every open portfolio is read again once the burst settles,
 * within a second of the change (only open ones fetch; the server reads only the projects that changed).
 */
export function notePortfolioChange(queryClient: QueryClient): void {
  if (pending.has(queryClient)) return;
  pending.set(
    queryClient,
    setTimeout(() => {
      pending.delete(queryClient);
      void queryClient.invalidateQueries({ predicate: (query) => isPortfolioKey(query.queryKey) });
    }, PORTFOLIO_REFETCH_DELAY_MS),
  );
}
