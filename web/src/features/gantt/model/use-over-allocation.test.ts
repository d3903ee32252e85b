import { hashKey, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTask } from '../../../../test/factories';
import { applyServerEvent, type RealtimeEffects } from '../../realtime';
import { createQueryClient } from '../../../lib/query-client';
import { isWorkloadKey, workloadKey } from '../../../lib/workload-key';
import { scheduleWorkloadRefetch, WORKLOAD_REFETCH_DELAY_MS } from '../../workload';
import { chartBusyRetry, chartReadRefused, chartWorkloadFn, chartWorkloadKey } from './use-over-allocation';

const TEAM = crypto.randomUUID();
const effects: RealtimeEffects = { userId: crypto.randomUUID(), onRemovedFromTeam: () => {} };

describe('[workload-overload] live events read the chart’s marks again, with the workload view’s one refetch', () => {
  afterEach(() => vi.useRealTimers());

  it('at once on a task event, as the view does, then at most once a window for the rest of a burst, and only the workload reads', async () => {
    vi.useFakeTimers();
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    const reads = { chart: 0, members: 0 };
    // Observed, as an open chart observes its read: invalidation refetches the reads someone is showing.
    const watch = (queryKey: readonly string[], count: keyof typeof reads) =>
      new QueryObserver(client, { queryKey, queryFn: () => ++reads[count] }).subscribe(() => undefined);
    const stops = [watch(chartWorkloadKey(TEAM, { from: '2026-03-02', to: '2027-06-30' }), 'chart'), watch(['/api/teams', TEAM, 'members'], 'members')];
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toEqual({ chart: 1, members: 1 });

    // A drop that moves five successors: five events in one tick, one read at once and one for the rest.
    const task = makeTask();
    const event = () => applyServerEvent(client, { name: 'task:updated', payload: { projectId: task.projectId, task, fields: ['startDate'] } }, effects);
    for (let i = 0; i < 5; i++) event();
    await vi.advanceTimersByTimeAsync(0);
    expect(reads.chart).toBe(2);
    await vi.advanceTimersByTimeAsync(WORKLOAD_REFETCH_DELAY_MS * 3);
    expect(reads).toEqual({ chart: 3, members: 1 });

    // Events every tenth of a window for four windows: about one read a window, not one an event.
    const before = reads.chart;
    for (let i = 0; i < 40; i++) {
      event();
      await vi.advanceTimersByTimeAsync(WORKLOAD_REFETCH_DELAY_MS / 10);
    }
    await vi.advanceTimersByTimeAsync(WORKLOAD_REFETCH_DELAY_MS * 3);
    expect(reads.chart - before).toBeGreaterThanOrEqual(4);
    expect(reads.chart - before).toBeLessThanOrEqual(6);

    // A teammate's day off: that team's reads, the chart's among them.
    const beforeDayOff = reads.chart;
    applyServerEvent(client, { name: 'capacity:updated', payload: { teamId: TEAM, userId: crypto.randomUUID() } }, effects);
    await vi.advanceTimersByTimeAsync(0);
    expect(reads.chart).toBe(beforeDayOff + 1);
    for (const stop of stops) stop();
  });

  it('reads by month and only the overloads: the spans are the same at any scale, and the buckets are not sent', () => {
    expect(chartWorkloadKey(TEAM, { from: '2026-03-02', to: '2028-03-01' })[0]).toBe(`/api/teams/${TEAM}/workload?from=2026-03-02&to=2028-03-01&scale=month&only=overloads`);
  });

  it('never shares a cache entry with the view’s read of the same range (another shape), and one refetch reaches both', async () => {
    vi.useFakeTimers();
    const range = { from: '2026-03-01', to: '2026-08-31' };
    const viewKey = workloadKey(TEAM, 'month', range);
    const chartKey = chartWorkloadKey(TEAM, range);
    expect(hashKey(chartKey)).not.toBe(hashKey(viewKey));
    expect(isWorkloadKey(chartKey, TEAM)).toBe(true);

    // The chart reads the same URL asking for the overloads only; its key's part after it keeps the answers apart.
    const urls: string[] = [];
    const answer = { teamId: TEAM, ...range, scale: 'month', people: [{ userId: 'u1', name: 'Ana', overloads: [], buckets: [] }], unassigned: { userId: null, name: 'Unassigned', overloads: [], buckets: [] }, projects: [] };
    vi.stubGlobal('fetch', async (url: string) => {
      urls.push(url);
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    try {
      const client = createQueryClient();
      const view = new QueryObserver(client, { queryKey: viewKey }).subscribe(() => undefined);
      const chart = new QueryObserver(client, { queryKey: chartKey, queryFn: chartWorkloadFn }).subscribe(() => undefined);
      await vi.advanceTimersByTimeAsync(0);
      expect(urls).toEqual([viewKey[0], `${viewKey[0]}&only=overloads`]);
      // Each keeps its own shape: the view the whole answer, the chart its people's overloads.
      expect(client.getQueryData(viewKey)).toEqual(answer);
      expect(client.getQueryData(chartKey)).toEqual({ people: [{ name: 'Ana', overloads: [] }] });

      scheduleWorkloadRefetch(client, TEAM);
      await vi.advanceTimersByTimeAsync(0);
      expect(urls).toHaveLength(4);
      view();
      chart();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('a busy server (429) keeps the marks the chart has; the Free plan (402) and a guest (403) are refusals', async () => {
    const range = { from: '2026-03-01', to: '2026-08-31' };
    const spans = [{ userId: 'u1', from: '2026-03-02', to: '2026-03-04', peakPercent: 150, taskIds: ['t1'] }];
    const answer = { teamId: TEAM, ...range, scale: 'month', people: [{ userId: 'u1', name: 'Ana', overloads: spans, buckets: [] }], unassigned: { userId: null, name: 'Unassigned', overloads: [], buckets: [] }, projects: [] };
    let status = 200;
    vi.stubGlobal('fetch', async () =>
      status === 200
        ? new Response(JSON.stringify(answer), { status, headers: { 'Content-Type': 'application/json' } })
        : new Response(JSON.stringify({ message: 'Wait a minute and reload' }), { status, headers: { 'Content-Type': 'application/json' } }),
    );
    try {
      const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      const key = chartWorkloadKey(TEAM, range);
      await client.fetchQuery({ queryKey: key, queryFn: chartWorkloadFn });
      const outcomes: Record<number, boolean> = {};
      for (const refused of [429, 402, 403]) {
        status = refused;
        await client.refetchQueries({ queryKey: key }).catch(() => undefined);
        const state = client.getQueryState(key)!;
        expect(state.status).toBe('error');
        outcomes[refused] = chartReadRefused(state.error);
        // The last answer is still there to draw from.
        expect(client.getQueryData(key)).toEqual({ people: [{ name: 'Ana', overloads: spans }] });
      }
      expect(outcomes).toEqual({ 429: false, 402: true, 403: true });
      expect(chartReadRefused(null)).toBe(false);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('a busy answer is read again by itself once its Retry-After has passed, keeping the marks meanwhile; a live event reads at once; a 402 is not tried again', async () => {
    vi.useFakeTimers();
    const range = { from: '2026-03-01', to: '2026-08-31' };
    const spans = [{ userId: 'u1', from: '2026-03-02', to: '2026-03-04', peakPercent: 150, taskIds: ['t1'] }];
    const answer = { teamId: TEAM, ...range, scale: 'month', people: [{ userId: 'u1', name: 'Ana', overloads: spans, buckets: [] }], unassigned: { userId: null, name: 'Unassigned', overloads: [], buckets: [] }, projects: [] };
    const statuses: number[] = [];
    let next = [200];
    vi.stubGlobal('fetch', async () => {
      const status = next.length > 1 ? next.shift()! : next[0]!;
      statuses.push(status);
      const body = status === 200 ? answer : status === 429 ? { message: 'Wait a minute and reload', code: 'too_many_requests', retryAfterSeconds: 12 } : { message: 'Upgrade', code: 'payment_required' };
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    });
    try {
      const client = createQueryClient();
      const key = chartWorkloadKey(TEAM, range);
      const marks = { people: [{ name: 'Ana', overloads: spans }] };
      const stop = new QueryObserver(client, { queryKey: key, queryFn: chartWorkloadFn, ...chartBusyRetry }).subscribe(() => undefined);
      await vi.advanceTimersByTimeAsync(0);
      expect(statuses).toEqual([200]);

      // An edit's refetch finds the server busy: nothing more is asked before the 12 s it named, the marks stay.
      next = [429, 429, 200];
      scheduleWorkloadRefetch(client, TEAM);
      await vi.advanceTimersByTimeAsync(11_900);
      expect(statuses).toEqual([200, 429]);
      expect(client.getQueryData(key)).toEqual(marks);
      expect(client.getQueryState(key)?.status).toBe('success');
      await vi.advanceTimersByTimeAsync(200);
      expect(statuses).toEqual([200, 429, 429]);
      await vi.advanceTimersByTimeAsync(12_000);
      expect(statuses).toEqual([200, 429, 429, 200]);

      // Busy again, then a live event before the wait is over: read at once.
      next = [429, 200];
      scheduleWorkloadRefetch(client, TEAM);
      await vi.advanceTimersByTimeAsync(0);
      expect(statuses.slice(4)).toEqual([429]);
      scheduleWorkloadRefetch(client, TEAM);
      await vi.advanceTimersByTimeAsync(WORKLOAD_REFETCH_DELAY_MS * 2);
      expect(statuses.slice(4)).toEqual([429, 200]);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(statuses.slice(4)).toEqual([429, 200]);

      // Busy every time: a few tries, then it waits for the next live event.
      next = [429];
      scheduleWorkloadRefetch(client, TEAM);
      await vi.advanceTimersByTimeAsync(WORKLOAD_REFETCH_DELAY_MS * 2 + 10 * 12_000);
      expect(statuses.slice(6)).toEqual([429, 429, 429, 429]);
      expect(client.getQueryState(key)?.status).toBe('error');
      expect(client.getQueryData(key)).toEqual(marks);

      // The Free plan's 402 is an answer: asked once.
      next = [402];
      scheduleWorkloadRefetch(client, TEAM);
      await vi.advanceTimersByTimeAsync(WORKLOAD_REFETCH_DELAY_MS * 2 + 120_000);
      expect(statuses.slice(10)).toEqual([402]);
      stop();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
