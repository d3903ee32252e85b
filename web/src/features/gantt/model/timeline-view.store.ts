import {
  daysBetween,
  displayZoom,
  fitView,
  rangeAround,
  rangeContains,
  timelineRange,
  widenToFill,
  withPlanRoom,
  zoomIn,
  zoomOut,
  type RangeKind,
  type TimelineRange,
} from '@planline/domain';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { immer } from 'zustand/middleware/immer';
import { TIMELINE_VIEW_KEY } from '../../../lib/first-screen';

interface TimelineViewState {
  rangeKind: RangeKind;
  /** The zoom the person chose; null until they zoom or Fit: the range's own view (displayZoom). */
  zoom: number | null;
  /** Set by Fit: the tasks' span, shown instead of the range until a range button or Today is pressed. */
  fit: TimelineRange | null;
  /**
   * The day a range button was pressed on (the one in the middle of the chart then): the range is shown around
   * it (rangeAround). Null: around today, as the spec's ranges are (on opening and after Today).
   */
  anchor: string | null;
  /** The critical path highlighted (toolbar toggle); remembered in this browser. */
  showCriticalPath: boolean;
  /** The baseline shown under the bars, by project id (issue 19); remembered in this browser. */
  baselineByProject: Readonly<Record<string, string>>;
  /** Only tasks ending later than in the shown baseline (toolbar toggle); for this visit only. */
  /** [workload-overload] Only tasks whose assignee is over-allocated on some of their days; for this visit only. */
  overAllocatedOnly: boolean;
  /** A range button: `centre` is the day in the middle of the chart, which stays there. */
  setRangeKind: (kind: RangeKind, centre: string | null) => void;
  /** Today: the range around today again (and Fit off when today is outside it). */
  showToday: (today: string) => void;
  /** Zoom steps start from the zoom on screen, which can be above the chosen one when the range fills the chart. */
  zoomIn: (shownZoom: number) => void;
  zoomOut: (shownZoom: number) => void;
  fitTo: (tasks: readonly { startDate: string; endDate: string }[], viewportWidthPx: number) => void;
  toggleCriticalPath: () => void;
  /** null shows no baseline (Late only, the grid view's filter, then keeps every task: it needs one). */
  showBaseline: (projectId: string, baselineId: string | null) => void;
  toggleOverAllocatedOnly: () => void;
}

/**
 * The timeline's view (PRODUCT-SPEC §4 timeline range, zoom; the critical path toggle; the baseline shown): client
 * state, the same for every project but the baseline, which is chosen per project.
 */
export const useTimelineView = create<TimelineViewState>()(
  persist(
    immer((set) => ({
      rangeKind: 'biweekly',
      zoom: null,
      fit: null,
      anchor: null,
      showCriticalPath: false,
      baselineByProject: {},
      overAllocatedOnly: false,
      setRangeKind: (kind, centre) =>
        set((s) => {
          s.rangeKind = kind;
          s.fit = null;
          s.zoom = null;
          s.anchor = centre;
        }),
      showToday: (today) =>
        set((s) => {
          s.anchor = null;
          if (s.fit && !rangeContains(s.fit, today)) s.fit = null;
        }),
      zoomIn: (shownZoom) => set((s) => void (s.zoom = zoomIn(shownZoom))),
      zoomOut: (shownZoom) => set((s) => void (s.zoom = zoomOut(shownZoom))),
      fitTo: (tasks, viewportWidthPx) =>
        set((s) => {
          const fit = fitView(tasks, viewportWidthPx);
          if (!fit) return;
          s.fit = fit.range;
          s.zoom = fit.zoom;
        }),
      toggleCriticalPath: () => set((s) => void (s.showCriticalPath = !s.showCriticalPath)),
      showBaseline: (projectId, baselineId) =>
        set((s) => {
          if (baselineId) s.baselineByProject[projectId] = baselineId;
          else delete s.baselineByProject[projectId];
        }),
      toggleOverAllocatedOnly: () => set((s) => void (s.overAllocatedOnly = !s.overAllocatedOnly)),
    })),
    {
      name: TIMELINE_VIEW_KEY,
      storage: createJSONStorage(() => localStorage),
      // The range and zoom start from the spec's defaults on every visit; the toggle and the chosen baselines are
      // standing preferences. Late only is the grid view's filter, remembered with the view (grid-view-persistence).
      partialize: ({ showCriticalPath, baselineByProject }) => ({ showCriticalPath, baselineByProject }),
    },
  ),
);

/**
 * The range and zoom the chart draws for a given day and chart width: the chosen range (around today or the
 * person's place; or Fit's), widened to fill the chart when zoomed out beyond it, and to leave room around the
 * plan's first and last days (`plan`: the tasks' span; Fit's range has its room already).
 */
export function shownTimeline(
  view: Pick<TimelineViewState, 'rangeKind' | 'zoom' | 'fit' | 'anchor'>,
  today: string,
  viewportWidthPx: number,
  plan: TimelineRange | null,
): { range: TimelineRange; zoom: number; kind: RangeKind | null } {
  if (view.fit) {
    const zoom = displayZoom(view.zoom, view.fit, viewportWidthPx);
    return { range: widenToFill(view.fit, zoom, viewportWidthPx), zoom, kind: null };
  }
  const chosen = view.anchor ? rangeAround(view.rangeKind, view.anchor) : timelineRange(view.rangeKind, today);
  const zoom = displayZoom(view.zoom, chosen, viewportWidthPx);
  return { range: withPlanRoom(widenToFill(chosen, zoom, viewportWidthPx), plan, zoom), zoom, kind: view.rangeKind };
}

/**
 * How far the chart scrolls to put `date` in the middle of the rows' timeline (today on opening, the person's
 * place after a range button), or to the range's start when `date` is not in it.
 */
export function centreScrollLeft(range: TimelineRange, date: string, dayWidthPx: number, viewportWidthPx: number): number {
  return rangeContains(range, date) ? Math.max(0, (daysBetween(range.start, date) + 0.5) * dayWidthPx - viewportWidthPx / 2) : 0;
}
