import type { WorkloadScale } from '@planline/domain';

/*
 * GET /api/teams/{teamId}/workload as a query key, one shape for every reader (the workload view, the chart's
 * over-allocation marks), so one live refetch (workload-live.ts) reaches them all.
 */

/** The query key: the URL the default query function reads. */
export function workloadKey(teamId: string, scale: WorkloadScale, range: { from: string; to: string }) {
  const query = new URLSearchParams({ from: range.from, to: range.to, scale });
  return [`/api/teams/${encodeURIComponent(teamId)}/workload?${query.toString()}`] as const;
}

/** Every workload read of a team (any range or scale), or of every team. */
export function isWorkloadKey(key: readonly unknown[], teamId?: string): boolean {
  const first = key[0];
  if (typeof first !== 'string') return false;
  const prefix = teamId ? `/api/teams/${encodeURIComponent(teamId)}/workload?` : null;
  return prefix ? first.startsWith(prefix) : /^\/api\/teams\/[^/]+\/workload\?/.test(first);
}
