import { baselineSchema, baselineSummarySchema } from '@planline/domain';
import { useQuery } from '@tanstack/react-query';
import { parsedQueryFn } from '../../lib/parsed-query';

/** GET /api/projects/{id}/baselines: newest first. */
export const baselinesKey = (projectId: string) => ['/api/projects', projectId, 'baselines'] as const;
/** GET /api/projects/{id}/baselines/{baselineId}: its tasks and links; a baseline never changes once saved. */
export const baselineKey = (projectId: string, baselineId: string) => ['/api/projects', projectId, 'baselines', baselineId] as const;

const listFn = parsedQueryFn(baselineSummarySchema.array());
const detailFn = parsedQueryFn(baselineSchema);

export function useBaselines(projectId: string, enabled = true) {
  return useQuery({ queryKey: baselinesKey(projectId), queryFn: listFn, enabled });
}

export function useBaseline(projectId: string, baselineId: string | null) {
  return useQuery({ queryKey: baselineKey(projectId, baselineId ?? ''), queryFn: detailFn, enabled: baselineId !== null });
}
