import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useStore, type StoreApi } from 'zustand';
import { parsedQueryFn } from '../../../lib/parsed-query';
import { chartWorkloadParser, NO_OVER_ALLOCATION, overAllocatedTasks, workloadRange, type OverAllocation } from './over-allocation';
import type { TasksState } from './tasks-store';

/** How long the live events rest before the workload is read again (a drop and its cascade are several events). */
export const WORKLOAD_REFRESH_MS = 500;

/** GET /api/teams/{teamId}/workload by day: every key of a team's, to read again after a task or capacity changed. */
const teamWorkloadKeyPrefix = (teamId: string) => ['/api/teams', teamId] as const;
const chartWorkloadKey = (teamId: string, from: string, to: string) =>
  [...teamWorkloadKeyPrefix(teamId), `workload?from=${from}&to=${to}&scale=day`] as const;
const workloadFn = parsedQueryFn(chartWorkloadParser);

const pending = new WeakMap<QueryClient, ReturnType<typeof setTimeout>>();

/**
 * [workload-overload] The live `task:*` and `capacity:updated` events (sent once the change is in the database,
 * which the workload is read from): every workload read is refetched once they rest, not once per event.
 */
export function refreshWorkloadSoon(queryClient: QueryClient): void {
  clearTimeout(pending.get(queryClient));
  pending.set(
    queryClient,
    setTimeout(() => {
      pending.delete(queryClient);
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === '/api/teams' && isWorkloadKey(q.queryKey) });
    }, WORKLOAD_REFRESH_MS),
  );
}

/**
 * [workload-overload] Which bars carry the over-allocation marker: the team's workload by day over the project's
 * span, read when the chart opens and again after live task and capacity events (refreshWorkloadSoon). No team (a
 * guest's project) or the Free plan (the API refuses) marks nothing and shows no error.
 */
export function useOverAllocation(teamId: string | null, tasks: StoreApi<TasksState>): { marks: OverAllocation; available: boolean } {
  const taskMap = useStore(tasks, (s) => s.tasks);
  // The span follows the plan a moment later: a new span is a new read, not one per edit.
  const [range, setRange] = useState(() => workloadRange(taskMap.values()));
  useEffect(() => {
    const timer = setTimeout(() => {
      const next = workloadRange(taskMap.values());
      setRange((r) => (r?.from === next?.from && r?.to === next?.to ? r : next));
    }, WORKLOAD_REFRESH_MS);
    return () => clearTimeout(timer);
  }, [taskMap]);

  const query = useQuery({
    queryKey: teamId && range ? chartWorkloadKey(teamId, range.from, range.to) : ['/api/teams', 'none', 'workload'],
    queryFn: workloadFn,
    enabled: teamId !== null && range !== null,
    // The Free plan's 402 and a guest's 403 are answers, not failures to try again.
    retry: false,
    refetchOnWindowFocus: false,
  });
  // Refused (the Free plan, no longer a member): no marks, and no filter to offer.
  const refused = query.isError;
  const marks = useMemo(() => (teamId && query.data && !refused ? overAllocatedTasks(query.data) : NO_OVER_ALLOCATION), [teamId, query.data, refused]);
  return { marks, available: teamId !== null && !refused };
}

/** A workload read of any range or scale (the chart's, and the workload view's when it shares the prefix). */
const isWorkloadKey = (key: readonly unknown[]) => typeof key[2] === 'string' && key[2].startsWith('workload?');
