import { WORKLOAD_PREVIEW_RENEW_MS, type PersonLoadDelta } from '@planline/domain';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo, useSyncExternalStore } from 'react';
import { isWorkloadKey } from './workload-view-model';

/**
 * Events close together (a drop that moves ten successors) cost at most two refetches: one at once, for the first
 * (a teammate's drop shows within a read of being stored), and one this long after it for the rest of the burst.
 */
export const WORKLOAD_REFETCH_DELAY_MS = 50;

const refreshers = new WeakMap<QueryClient, (teamId: string | null) => void>();

/**
 * Marks workload reads out of date after a live event, leading edge and trailing: the open view refetches at once,
 * then once more when the burst is over; reads nobody shows are only marked. `teamId` null means every team's (a
 * task's hours count in the workload of every team its assignee is in, so a task event concerns them all).
 */
export function scheduleWorkloadRefetch(queryClient: QueryClient, teamId: string | null): void {
  let refresh = refreshers.get(queryClient);
  if (!refresh) {
    refresh = burstRefresher(queryClient, WORKLOAD_REFETCH_DELAY_MS);
    refreshers.set(queryClient, refresh);
  }
  refresh(teamId);
}

export function burstRefresher(queryClient: QueryClient, delayMs: number): (teamId: string | null) => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let waiting = false;
  let everyTeam = false;
  const teams = new Set<string>();
  const refresh = () => {
    const all = everyTeam;
    const some = [...teams];
    everyTeam = false;
    teams.clear();
    void queryClient.invalidateQueries({
      predicate: (query) => (all ? isWorkloadKey(query.queryKey) : some.some((id) => isWorkloadKey(query.queryKey, id))),
    });
  };
  // While the window is open, events wait for its end; the refetch then opens another window.
  const openWindow = () => {
    timer = setTimeout(() => {
      timer = undefined;
      if (!waiting) return;
      waiting = false;
      refresh();
      openWindow();
    }, delayMs);
  };
  return (teamId) => {
    if (teamId === null) everyTeam = true;
    else teams.add(teamId);
    if (timer) {
      waiting = true;
      return;
    }
    refresh();
    openWindow();
  };
}

/**
 * [workload-preview] A teammate's bar being dragged, as the server sent it (`workload:preview`): each person's load
 * change by day. `endedAt` is set when the drag ended; the preview is then shown until a read newer than that
 * (which has the drop, if there was one), or PREVIEW_LINGER_MS.
 */
export interface LivePreview {
  previewId: string;
  teamId: string;
  people: PersonLoadDelta[];
  endedAt: number | null;
}

/** How long an ended preview stays when no read comes (a drag let go where it started, or put back). */
export const PREVIEW_LINGER_MS = 1500;
/**
 * A preview not renewed for this long is dropped (its end was lost: the dragging browser or server went away). The
 * server sends a drag's preview again every WORKLOAD_PREVIEW_RENEW_MS while it lasts, a bar held still too: this
 * leaves room for one renewal lost or late.
 */
export const PREVIEW_STALE_MS = 2.5 * WORKLOAD_PREVIEW_RENEW_MS;

/** The previews of one query client, for the views that show them. */
class PreviewBoard {
  private previews = new Map<string, LivePreview>();
  private timers = new Map<string, ReturnType<typeof setTimeout>>();
  private listeners = new Set<() => void>();
  snapshot: readonly LivePreview[] = [];

  constructor(private readonly now: () => number) {}

  show(preview: Omit<LivePreview, 'endedAt'>): void {
    this.set({ ...preview, endedAt: null }, PREVIEW_STALE_MS);
  }

  end(previewId: string): void {
    const preview = this.previews.get(previewId);
    if (preview) this.set({ ...preview, endedAt: this.now() }, PREVIEW_LINGER_MS);
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(preview: LivePreview, dropAfterMs: number): void {
    const { previewId } = preview;
    this.previews.set(previewId, preview);
    clearTimeout(this.timers.get(previewId));
    this.timers.set(
      previewId,
      setTimeout(() => {
        this.timers.delete(previewId);
        this.previews.delete(previewId);
        this.changed();
      }, dropAfterMs),
    );
    this.changed();
  }

  private changed(): void {
    this.snapshot = [...this.previews.values()];
    for (const listener of this.listeners) listener();
  }
}

const boards = new WeakMap<QueryClient, PreviewBoard>();

export function previewBoard(queryClient: QueryClient, now: () => number = Date.now): PreviewBoard {
  let board = boards.get(queryClient);
  if (!board) boards.set(queryClient, (board = new PreviewBoard(now)));
  return board;
}

/** `workload:preview`: a teammate's drag, shown over the team's open view. */
export function showWorkloadPreview(queryClient: QueryClient, preview: Omit<LivePreview, 'endedAt'>): void {
  previewBoard(queryClient).show(preview);
}

/** `workload:previewEnd`: the drag ended. */
export function endWorkloadPreview(queryClient: QueryClient, previewId: string): void {
  previewBoard(queryClient).end(previewId);
}

/** The previews of a team's drags now under way (or just ended). */
export function useWorkloadPreviews(teamId: string): LivePreview[] {
  const board = previewBoard(useQueryClient());
  const all = useSyncExternalStore(board.subscribe, () => board.snapshot, () => board.snapshot);
  return useMemo(() => all.filter((p) => p.teamId === teamId), [all, teamId]);
}
