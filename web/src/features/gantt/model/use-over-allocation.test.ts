import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTask } from '../../../../test/factories';
import { applyServerEvent, type RealtimeEffects } from '../../realtime';
import { WORKLOAD_REFETCH_DELAY_MS } from '../../workload';
import { chartWorkloadKey } from './use-over-allocation';

const TEAM = crypto.randomUUID();
const effects: RealtimeEffects = { userId: crypto.randomUUID(), onRemovedFromTeam: () => {} };

describe('[workload-overload] live events read the chart’s marks again, with the workload view’s one refetch', () => {
  afterEach(() => vi.useRealTimers());

  it('once after a burst of task events rests, as soon as the view would, and only the workload reads', async () => {
    vi.useFakeTimers();
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    const reads = { chart: 0, members: 0 };
    // Observed, as an open chart observes its read: invalidation refetches the reads someone is showing.
    const watch = (queryKey: readonly string[], count: keyof typeof reads) =>
      new QueryObserver(client, { queryKey, queryFn: () => ++reads[count] }).subscribe(() => undefined);
    const stops = [watch(chartWorkloadKey(TEAM, { from: '2026-03-02', to: '2027-06-30' }), 'chart'), watch(['/api/teams', TEAM, 'members'], 'members')];
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toEqual({ chart: 1, members: 1 });

    const task = makeTask();
    for (let i = 0; i < 5; i++) {
      applyServerEvent(client, { name: 'task:updated', payload: { projectId: task.projectId, task, fields: ['startDate'] } }, effects);
      await vi.advanceTimersByTimeAsync(WORKLOAD_REFETCH_DELAY_MS / 2);
    }
    expect(reads.chart).toBe(1);
    await vi.advanceTimersByTimeAsync(WORKLOAD_REFETCH_DELAY_MS);
    expect(reads).toEqual({ chart: 2, members: 1 });

    // A teammate's day off: that team's reads, the chart's among them.
    applyServerEvent(client, { name: 'capacity:updated', payload: { teamId: TEAM, userId: crypto.randomUUID() } }, effects);
    await vi.advanceTimersByTimeAsync(WORKLOAD_REFETCH_DELAY_MS);
    expect(reads.chart).toBe(3);
    for (const stop of stops) stop();
  });

  it('reads by month: the overload spans are the same at any scale, in the fewest buckets', () => {
    expect(chartWorkloadKey(TEAM, { from: '2026-03-02', to: '2028-03-01' })).toEqual([`/api/teams/${TEAM}/workload?from=2026-03-02&to=2028-03-01&scale=month`]);
  });
});
