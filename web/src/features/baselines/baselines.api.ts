import { baselineSummarySchema, type BaselineSummary, type CreateBaselineInput } from '@planline/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/query-client';
import { baselineKey, baselinesKey } from './baselines.queries';

/** POST /api/projects/{id}/baselines: the new baseline goes to the top of the cached list. */
export function useSaveBaseline(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateBaselineInput) =>
      baselineSummarySchema.parse(await (await apiRequest('POST', `/api/projects/${projectId}/baselines`, input)).json()),
    onSuccess: (baseline) => {
      queryClient.setQueryData<BaselineSummary[]>(baselinesKey(projectId), (list) => (list ? [baseline, ...list.filter((b) => b.id !== baseline.id)] : list));
      void queryClient.invalidateQueries({ queryKey: baselinesKey(projectId), exact: true });
    },
  });
}

/** DELETE /api/projects/{id}/baselines/{baselineId}. */
export function useDeleteBaseline(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (baselineId: string) => {
      await apiRequest('DELETE', `/api/projects/${projectId}/baselines/${baselineId}`);
    },
    onSuccess: (_result, baselineId) => {
      queryClient.setQueryData<BaselineSummary[]>(baselinesKey(projectId), (list) => list?.filter((b) => b.id !== baselineId));
      queryClient.removeQueries({ queryKey: baselineKey(projectId, baselineId) });
    },
  });
}
