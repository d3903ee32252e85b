import { WORKLOAD_PREVIEW_RENEW_MS } from '@planline/domain';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeMember, makeTask } from '../../../test/factories';
import { applyServerEvent, type RealtimeEffects } from '../realtime';
import { PREVIEW_LINGER_MS, PREVIEW_STALE_MS, previewBoard, showWorkloadPreview, WORKLOAD_REFETCH_DELAY_MS } from './workload-live';
import { workloadKey } from './workload-view-model';

const TEAM = crypto.randomUUID();
const OTHER_TEAM = crypto.randomUUID();
const PROJECT = crypto.randomUUID();
const range = { from: '2026-03-02', to: '2026-04-26' };
const effects: RealtimeEffects = { userId: crypto.randomUUID(), onRemovedFromTeam: () => {} };

/** A workload read on screen (an observer), counting how often it reaches the server. */
function openView(queryClient: QueryClient, teamId: string) {
  const reads = { count: 0 };
  const observer = new QueryObserver(queryClient, {
    queryKey: workloadKey(teamId, 'week', range),
    queryFn: async () => {
      reads.count += 1;
      return { people: [] };
    },
    staleTime: Infinity,
  });
  const unsubscribe = observer.subscribe(() => {});
  return { reads, unsubscribe };
}

describe('[workload-live] the open workload view follows live events', () => {
  let queryClient: QueryClient;
  beforeEach(() => {
    vi.useFakeTimers();
    queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  });
  afterEach(() => {
    queryClient.clear();
    vi.useRealTimers();
  });

  it('a burst of task events refetches at once, then once more when the burst is over', async () => {
    const view = openView(queryClient, TEAM);
    await vi.advanceTimersByTimeAsync(0);
    expect(view.reads.count).toBe(1);

    const task = makeTask();
    // The first event of a burst is read at once: a teammate's drop shows within one read of being stored.
    applyServerEvent(queryClient, { name: 'task:updated', payload: { projectId: PROJECT, task, fields: ['startDate'] } }, effects);
    await vi.advanceTimersByTimeAsync(0);
    expect(view.reads.count).toBe(2);
    for (let i = 0; i < 4; i++) {
      await vi.advanceTimersByTimeAsync(10);
      applyServerEvent(queryClient, { name: 'task:updated', payload: { projectId: PROJECT, task, fields: ['startDate'] } }, effects);
    }
    expect(view.reads.count).toBe(2);
    await vi.advanceTimersByTimeAsync(WORKLOAD_REFETCH_DELAY_MS);
    expect(view.reads.count).toBe(3);
    // Quiet since: nothing more.
    await vi.advanceTimersByTimeAsync(WORKLOAD_REFETCH_DELAY_MS * 4);
    expect(view.reads.count).toBe(3);

    await vi.advanceTimersByTimeAsync(WORKLOAD_REFETCH_DELAY_MS);
    applyServerEvent(queryClient, { name: 'task:deleted', payload: { projectId: PROJECT, taskId: task.id } }, effects);
    applyServerEvent(queryClient, { name: 'task:created', payload: { projectId: PROJECT, task: makeTask() } }, effects);
    await vi.advanceTimersByTimeAsync(WORKLOAD_REFETCH_DELAY_MS);
    expect(view.reads.count).toBe(5);
    view.unsubscribe();
  });

  it('capacity and membership changes refetch that team’s view only', async () => {
    const mine = openView(queryClient, TEAM);
    const theirs = openView(queryClient, OTHER_TEAM);
    await vi.advanceTimersByTimeAsync(0);

    applyServerEvent(queryClient, { name: 'capacity:updated', payload: { teamId: TEAM, userId: crypto.randomUUID() } }, effects);
    await vi.advanceTimersByTimeAsync(WORKLOAD_REFETCH_DELAY_MS);
    expect([mine.reads.count, theirs.reads.count]).toEqual([2, 1]);

    await vi.advanceTimersByTimeAsync(WORKLOAD_REFETCH_DELAY_MS);
    applyServerEvent(queryClient, { name: 'member:joined', payload: { teamId: TEAM, member: makeMember() } }, effects);
    await vi.advanceTimersByTimeAsync(WORKLOAD_REFETCH_DELAY_MS);
    await vi.advanceTimersByTimeAsync(WORKLOAD_REFETCH_DELAY_MS);
    applyServerEvent(queryClient, { name: 'member:removed', payload: { teamId: OTHER_TEAM, userId: crypto.randomUUID() } }, effects);
    await vi.advanceTimersByTimeAsync(WORKLOAD_REFETCH_DELAY_MS);
    expect([mine.reads.count, theirs.reads.count]).toEqual([3, 2]);
    mine.unsubscribe();
    theirs.unsubscribe();
  });

  it('a workload nobody shows is only marked out of date, not read', async () => {
    const view = openView(queryClient, TEAM);
    await vi.advanceTimersByTimeAsync(0);
    view.unsubscribe();
    applyServerEvent(queryClient, { name: 'capacity:updated', payload: { teamId: TEAM, userId: crypto.randomUUID() } }, effects);
    await vi.advanceTimersByTimeAsync(WORKLOAD_REFETCH_DELAY_MS);
    expect(view.reads.count).toBe(1);
    expect(queryClient.getQueryState(workloadKey(TEAM, 'week', range))?.isInvalidated).toBe(true);
  });
});

describe('[workload-preview] a teammate’s drag on the board of previews', () => {
  let queryClient: QueryClient;
  beforeEach(() => {
    vi.useFakeTimers();
    queryClient = new QueryClient();
  });
  afterEach(() => vi.useRealTimers());
  const people = [{ userId: crypto.randomUUID(), runs: [{ from: '2026-03-02', to: '2026-03-02', hours: 8 }] }];

  it('a preview replaces the last of its drag; its end keeps it a while (for the read of the drop), then it goes', async () => {
    const board = previewBoard(queryClient);
    const previewId = crypto.randomUUID();
    applyServerEvent(queryClient, { name: 'workload:preview', payload: { teamId: TEAM, previewId, people: [] } }, effects);
    applyServerEvent(queryClient, { name: 'workload:preview', payload: { teamId: TEAM, previewId, people } }, effects);
    expect(board.snapshot).toEqual([{ teamId: TEAM, previewId, people, endedAt: null }]);
    applyServerEvent(queryClient, { name: 'workload:previewEnd', payload: { teamId: TEAM, previewId } }, effects);
    expect(board.snapshot[0]!.endedAt).toBe(Date.now());
    await vi.advanceTimersByTimeAsync(PREVIEW_LINGER_MS);
    expect(board.snapshot).toEqual([]);
  });

  it('a preview whose end never comes goes by itself', async () => {
    const board = previewBoard(queryClient);
    showWorkloadPreview(queryClient, { teamId: TEAM, previewId: crypto.randomUUID(), people });
    await vi.advanceTimersByTimeAsync(PREVIEW_STALE_MS - 1);
    expect(board.snapshot).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(board.snapshot).toEqual([]);
  });

  it('a bar held still stays: the server’s renewals, every WORKLOAD_PREVIEW_RENEW_MS, keep its preview', async () => {
    const board = previewBoard(queryClient);
    const previewId = crypto.randomUUID();
    for (let i = 0; i < 10; i++) {
      showWorkloadPreview(queryClient, { teamId: TEAM, previewId, people });
      await vi.advanceTimersByTimeAsync(WORKLOAD_PREVIEW_RENEW_MS);
      expect(board.snapshot).toHaveLength(1);
    }
    // One renewal lost is no end either.
    await vi.advanceTimersByTimeAsync(WORKLOAD_PREVIEW_RENEW_MS);
    expect(board.snapshot).toHaveLength(1);
  });
});
