import type { QueryClient } from '@tanstack/react-query';
import { isWorkloadKey } from './workload-view-model';

/** A burst of events (a drop that moves ten successors) costs one refetch, this long after the last of them. */
export const WORKLOAD_REFETCH_DELAY_MS = 50;

const refreshers = new WeakMap<QueryClient, (teamId: string | null) => void>();

/**
 * Marks workload reads out of date after a live event, debounced: the open view refetches once the burst is over;
 * reads nobody shows are only marked. `teamId` null means every team's (a task's hours count in the workload of
 * every team its assignee is in, so a task event concerns them all).
 */
export function scheduleWorkloadRefetch(queryClient: QueryClient, teamId: string | null): void {
  let refresh = refreshers.get(queryClient);
  if (!refresh) {
    refresh = debouncedRefresher(queryClient, WORKLOAD_REFETCH_DELAY_MS);
    refreshers.set(queryClient, refresh);
  }
  refresh(teamId);
}

export function debouncedRefresher(queryClient: QueryClient, delayMs: number): (teamId: string | null) => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let everyTeam = false;
  const teams = new Set<string>();
  return (teamId) => {
    if (teamId === null) everyTeam = true;
    else teams.add(teamId);
    clearTimeout(timer);
    timer = setTimeout(() => {
      const all = everyTeam;
      const some = [...teams];
      everyTeam = false;
      teams.clear();
      void queryClient.invalidateQueries({
        predicate: (query) => (all ? isWorkloadKey(query.queryKey) : some.some((id) => isWorkloadKey(query.queryKey, id))),
      });
    }, delayMs);
  };
}
