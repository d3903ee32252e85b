import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useStore, type StoreApi } from 'zustand';
import { parsedQueryFn } from '../../../lib/parsed-query';
import { chartWorkloadParser, NO_OVER_ALLOCATION, overAllocatedTasks, workloadRange, type OverAllocation } from './over-allocation';
import type { TasksState } from './tasks-store';

/** How long the plan rests before the workload is read again (a drag or a cascade is several updates). */
export const WORKLOAD_REFRESH_MS = 800;

/** GET /api/teams/{teamId}/workload by day: every key of a team's, to read again after a task or capacity changed. */
export const teamWorkloadKeyPrefix = (teamId: string) => ['/api/teams', teamId] as const;
const chartWorkloadKey = (teamId: string, from: string, to: string) =>
  [...teamWorkloadKeyPrefix(teamId), `workload?from=${from}&to=${to}&scale=day`] as const;
const workloadFn = parsedQueryFn(chartWorkloadParser);

/**
 * [workload-overload] Which bars carry the over-allocation marker: the team's workload by day over the project's
 * span, read when the chart opens and again a moment after the plan changes (anyone's edit reaches this document).
 * No team (a guest's project) or the Free plan (the API refuses) marks nothing and shows no error.
 */
export function useOverAllocation(teamId: string | null, tasks: StoreApi<TasksState>): OverAllocation {
  const queryClient = useQueryClient();
  const taskMap = useStore(tasks, (s) => s.tasks);
  // The range follows the plan a moment later, like the refresh: not on every frame of a drag.
  const [range, setRange] = useState(() => workloadRange(taskMap.values()));
  const readWith = useRef(taskMap);
  useEffect(() => {
    if (teamId === null || taskMap === readWith.current) return;
    const timer = setTimeout(() => {
      readWith.current = taskMap;
      const next = workloadRange(taskMap.values());
      setRange((r) => (r?.from === next?.from && r?.to === next?.to ? r : next));
      void queryClient.invalidateQueries({ queryKey: teamWorkloadKeyPrefix(teamId), predicate: (q) => isWorkloadKey(q.queryKey) });
    }, WORKLOAD_REFRESH_MS);
    return () => clearTimeout(timer);
  }, [teamId, taskMap, queryClient]);

  const query = useQuery({
    queryKey: teamId && range ? chartWorkloadKey(teamId, range.from, range.to) : ['/api/teams', 'none', 'workload'],
    queryFn: workloadFn,
    enabled: teamId !== null && range !== null,
    // The Free plan's 402 and a guest's 403 are answers, not failures to try again.
    retry: false,
    refetchOnWindowFocus: false,
  });
  return useMemo(() => (teamId && query.data ? overAllocatedTasks(query.data) : NO_OVER_ALLOCATION), [teamId, query.data]);
}

/** A workload read of any range or scale (the chart's, and the workload view's when it shares the prefix). */
export const isWorkloadKey = (key: readonly unknown[]) => typeof key[2] === 'string' && key[2].startsWith('workload?');
