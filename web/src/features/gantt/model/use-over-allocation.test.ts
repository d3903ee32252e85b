import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refreshWorkloadSoon, WORKLOAD_REFRESH_MS } from './use-over-allocation';

describe('[workload-overload] live events read the workload again', () => {
  afterEach(() => vi.useRealTimers());

  it('once after a burst of events rests, and only the workload reads', async () => {
    vi.useFakeTimers();
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    const reads = { workload: 0, members: 0 };
    // Observed, as an open chart observes its read: invalidation refetches the reads someone is showing.
    const watch = (queryKey: string[], count: keyof typeof reads) =>
      new QueryObserver(client, { queryKey, queryFn: () => ++reads[count] }).subscribe(() => undefined);
    const stops = [
      watch(['/api/teams', 't1', 'workload?from=2026-03-01&to=2026-03-31&scale=day'], 'workload'),
      watch(['/api/teams', 't1', 'members'], 'members'),
    ];
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toEqual({ workload: 1, members: 1 });

    for (let i = 0; i < 5; i++) {
      refreshWorkloadSoon(client);
      await vi.advanceTimersByTimeAsync(WORKLOAD_REFRESH_MS / 2);
    }
    expect(reads.workload).toBe(1);
    await vi.advanceTimersByTimeAsync(WORKLOAD_REFRESH_MS);
    expect(reads).toEqual({ workload: 2, members: 1 });
    for (const stop of stops) stop();
  });
});
