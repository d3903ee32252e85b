import {
  daysBetween,
  displayZoom,
  fitRange,
  fitZoom,
  rangeContains,
  timelineRange,
  widenToFill,
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
  /** The critical path highlighted (toolbar toggle); remembered in this browser. */
  showCriticalPath: boolean;
  /** The baseline shown under the bars, by project id (issue 19); remembered in this browser. */
  baselineByProject: Readonly<Record<string, string>>;
  /** Only tasks ending later than in the shown baseline (toolbar toggle); for this visit only. */
  lateOnly: boolean;
  setRangeKind: (kind: RangeKind) => void;
  /** Zoom steps start from the zoom on screen, which can be above the chosen one when the range fills the chart. */
  zoomIn: (shownZoom: number) => void;
  zoomOut: (shownZoom: number) => void;
  fitTo: (tasks: readonly { startDate: string; endDate: string }[], viewportWidthPx: number) => void;
  clearFit: () => void;
  toggleCriticalPath: () => void;
  /** null shows no baseline (and ends Late only, which needs one). */
  showBaseline: (projectId: string, baselineId: string | null) => void;
  toggleLateOnly: () => void;
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
      showCriticalPath: false,
      baselineByProject: {},
      lateOnly: false,
      setRangeKind: (kind) =>
        set((s) => {
          s.rangeKind = kind;
          s.fit = null;
          s.zoom = null;
        }),
      zoomIn: (shownZoom) => set((s) => void (s.zoom = zoomIn(shownZoom))),
      zoomOut: (shownZoom) => set((s) => void (s.zoom = zoomOut(shownZoom))),
      fitTo: (tasks, viewportWidthPx) =>
        set((s) => {
          const range = fitRange(tasks, viewportWidthPx);
          if (!range) return;
          s.fit = range;
          s.zoom = fitZoom(tasks, viewportWidthPx);
        }),
      clearFit: () => set((s) => void (s.fit = null)),
      toggleCriticalPath: () => set((s) => void (s.showCriticalPath = !s.showCriticalPath)),
      showBaseline: (projectId, baselineId) =>
        set((s) => {
          if (baselineId) s.baselineByProject[projectId] = baselineId;
          else {
            delete s.baselineByProject[projectId];
            s.lateOnly = false;
          }
        }),
      toggleLateOnly: () => set((s) => void (s.lateOnly = !s.lateOnly)),
    })),
    {
      name: TIMELINE_VIEW_KEY,
      storage: createJSONStorage(() => localStorage),
      // The range and zoom start from the spec's defaults on every visit; the toggle and the chosen baselines are
      // standing preferences. Late only is not: a chart opened days later showing a few tasks would look emptied.
      partialize: ({ showCriticalPath, baselineByProject }) => ({ showCriticalPath, baselineByProject }),
    },
  ),
);

/**
 * The range and zoom the chart draws for a given day and chart width: the chosen range (or Fit's), widened to
 * fill the chart when zoomed out beyond it.
 */
export function shownTimeline(
  view: Pick<TimelineViewState, 'rangeKind' | 'zoom' | 'fit'>,
  today: string,
  viewportWidthPx: number,
): { range: TimelineRange; zoom: number; kind: RangeKind | null } {
  const chosen = view.fit ?? timelineRange(view.rangeKind, today);
  const zoom = displayZoom(view.zoom, chosen, viewportWidthPx);
  return { range: widenToFill(chosen, zoom, viewportWidthPx), zoom, kind: view.fit ? null : view.rangeKind };
}

/** Where the chart opens horizontally: today in the middle of the rows' timeline, or the range's start when today is not in it. */
export function todayScrollLeft(range: TimelineRange, today: string, dayWidthPx: number, viewportWidthPx: number): number {
  return rangeContains(range, today) ? Math.max(0, (daysBetween(range.start, today) + 0.5) * dayWidthPx - viewportWidthPx / 2) : 0;
}
