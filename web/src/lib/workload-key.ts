import type { WorkloadScale } from '@planline/domain';

/*
 * GET /api/teams/{teamId}/workload as a query key. The first part is the URL for every reader, so one live refetch
 * (workload-live.ts, isWorkloadKey) reaches them all; a reader that keeps another shape of the answer (the chart
 * keeps only its people's overloads) adds a second part, so two shapes never share a cache entry.
 */

/** The query key of the workload view (the whole answer): the URL the default query function reads. */
export function workloadKey(teamId: string, scale: WorkloadScale, range: { from: string; to: string }) {
  const query = new URLSearchParams({ from: range.from, to: range.to, scale });
  return [`/api/teams/${encodeURIComponent(teamId)}/workload?${query.toString()}`] as const;
}

/** What tells the chart's read (people and their overloads only) apart from the view's read of the same URL. */
const OVERLOADS = 'overloads';

/**
 * The chart's over-allocation read, by month: the view's URL asking only for the overloads (no buckets: at 100,000
 * tasks the whole answer is tens of MB), and a second part for its own shape. It starts as the view's URLs do, so a
 * live refetch of the team's workload reaches it too.
 */
export function overloadsKey(teamId: string, range: { from: string; to: string }) {
  return [`${workloadKey(teamId, 'month', range)[0]}&only=${OVERLOADS}`, OVERLOADS] as const;
}

/** How many of a workload key's parts make the URL (the rest only keep the readers' answers apart). */
export const WORKLOAD_URL_PARTS = 1;

/** Every workload read of a team (any range, scale or reader), or of every team. */
export function isWorkloadKey(key: readonly unknown[], teamId?: string): boolean {
  const first = key[0];
  if (typeof first !== 'string') return false;
  const prefix = teamId ? `/api/teams/${encodeURIComponent(teamId)}/workload?` : null;
  return prefix ? first.startsWith(prefix) : /^\/api\/teams\/[^/]+\/workload\?/.test(first);
}

/** The workload view's reads only: the whole answer is cached under these (workloadKey), no other shape. */
export function isWorkloadViewKey(key: readonly unknown[], teamId?: string): boolean {
  return key.length === WORKLOAD_URL_PARTS && isWorkloadKey(key, teamId);
}
