import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useStore, type StoreApi } from 'zustand';
import { errorStatus, retryAfterSeconds } from '../../../lib/api-error';
import { parsedQueryFn } from '../../../lib/parsed-query';
import { overloadsKey, WORKLOAD_URL_PARTS } from '../../../lib/workload-key';
import { chartWorkloadParser, NO_OVER_ALLOCATION, overAllocatedTasks, workloadRange, type OverAllocation } from './over-allocation';
import type { TasksState } from './tasks-store';

/** How long the plan's span rests before it is a new read (a drag changes it many times a second). */
export const SPAN_SETTLE_MS = 500;

/** The chart's read of the workload URL: only the people's overloads are kept (chartWorkloadParser). */
export const chartWorkloadFn = parsedQueryFn(chartWorkloadParser, WORKLOAD_URL_PARTS);

/**
 * The chart's read: the workload view's URL, so the view's live refetch reaches it too, with a key of its own (its
 * answer has another shape than the view's, even for the view's own range). By month: the overload spans are
 * found day by day at any scale, and a month bucket is the fewest for the same marks.
 */
export const chartWorkloadKey = (teamId: string, range: { from: string; to: string }) => overloadsKey(teamId, range);

/**
 * Whether the chart's read was refused (the Free plan's 402, a guest's 403): no marks and no filter. A 429 (the
 * server is working the figures out too often for this person or team) is not a refusal: the marks it had stay.
 */
export const chartReadRefused = (error: unknown): boolean => error !== null && error !== undefined && errorStatus(error) !== 429;

/** When the server's 429 names no wait (its message says a minute). */
const BUSY_RETRY_DEFAULT_SECONDS = 60;
/** Busy answers in a row after which the chart waits for the next live event to read again. */
const BUSY_RETRIES = 3;

/**
 * The chart's read again after a busy answer (429), by itself: once the server's Retry-After has passed (the time
 * its budget takes to refill), a few times. Meanwhile the query is still fetching, with its last marks; a live
 * event's refetch cancels the wait and reads at once. The Free plan's 402 and a guest's 403 are answers, not
 * failures to try again.
 */
export const chartBusyRetry = {
  retry: (failures: number, error: unknown) => errorStatus(error) === 429 && failures < BUSY_RETRIES,
  retryDelay: (_failures: number, error: unknown) => (retryAfterSeconds(error) ?? BUSY_RETRY_DEFAULT_SECONDS) * 1000,
};

/**
 * [workload-overload] Which bars carry the over-allocation marker: the team's over-allocation spans over the
 * project's span, read when the chart opens and again after live task and capacity events (the workload view's
 * refetch, scheduleWorkloadRefetch, through chartWorkloadKey). No team (a guest's project) or the Free plan (the
 * API refuses) marks nothing and shows no error.
 */
export function useOverAllocation(teamId: string | null, tasks: StoreApi<TasksState>): { marks: OverAllocation; available: boolean } {
  const taskMap = useStore(tasks, (s) => s.tasks);
  // The span follows the plan a moment later: a new span is a new read, not one per edit.
  const [range, setRange] = useState(() => workloadRange(taskMap.values()));
  useEffect(() => {
    const timer = setTimeout(() => {
      const next = workloadRange(taskMap.values());
      setRange((r) => (r?.from === next?.from && r?.to === next?.to ? r : next));
    }, SPAN_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [taskMap]);

  const query = useQuery({
    queryKey: teamId && range ? chartWorkloadKey(teamId, range) : ['/api/teams', 'none', 'workload'],
    queryFn: chartWorkloadFn,
    enabled: teamId !== null && range !== null,
    ...chartBusyRetry,
    refetchOnWindowFocus: false,
  });
  // Refused (the Free plan, no longer a member): no marks, and no filter to offer. Busy (429): the last marks stay,
  // with no message, while the read is tried again (chartBusyRetry).
  const refused = query.isError && chartReadRefused(query.error);
  const marks = useMemo(() => (teamId && query.data && !refused ? overAllocatedTasks(query.data) : NO_OVER_ALLOCATION), [teamId, query.data, refused]);
  return { marks, available: teamId !== null && !refused };
}
