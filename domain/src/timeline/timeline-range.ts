import { addDays, addMonths, daysBetween, endOfMonth, maxDate, minDate, startOfMonth } from './calendar-date.js';
import { DAY_WIDTH_BASE_PX, FIT_MAX, FIT_MIN, ZOOM_DEFAULT, ZOOM_MAX, ZOOM_MIN, ZOOM_STEP } from './timeline-constants.js';

export type RangeKind = 'biweekly' | 'monthly' | 'quarterly';
export const RANGE_KINDS: readonly RangeKind[] = ['biweekly', 'monthly', 'quarterly'];
export const RANGE_LABELS: Record<RangeKind, string> = { biweekly: '2 Weeks', monthly: 'Month', quarterly: '3 Months' };

/** The days a timeline shows, both ends included, as 'yyyy-MM-dd'. */
export interface TimelineRange {
  start: string;
  end: string;
}

interface DatedTask {
  startDate: string;
  endDate: string;
}

/**
 * [timeline-range] 2 Weeks = 7 days back to 14 days ahead; Month = today to 30 days ahead; 3 Months = the
 * first of the current month to the end of the month three months on.
 */
export function timelineRange(kind: RangeKind, today: string): TimelineRange {
  switch (kind) {
    case 'biweekly':
      return { start: addDays(today, -7), end: addDays(today, 14) };
    case 'monthly':
      return { start: today, end: addDays(today, 30) };
    case 'quarterly':
      return { start: startOfMonth(today), end: endOfMonth(addMonths(startOfMonth(today), 3)) };
  }
}

/** Columns of a range: both ends count. */
export function rangeDayCount(range: TimelineRange): number {
  return daysBetween(range.start, range.end) + 1;
}

export function rangeContains(range: TimelineRange, date: string): boolean {
  return date >= range.start && date <= range.end;
}

/** The days from the earliest start to the latest end of the tasks; null without tasks. */
export function tasksSpan(tasks: Iterable<DatedTask>): TimelineRange | null {
  let span: TimelineRange | null = null;
  for (const t of tasks) {
    const end = maxDate(t.startDate, t.endDate);
    span = span ? { start: minDate(span.start, t.startDate), end: maxDate(span.end, end) } : { start: t.startDate, end };
  }
  return span;
}

/** [timeline-zoom] Day width is 32 px times the zoom. */
export function dayWidth(zoom: number): number {
  return DAY_WIDTH_BASE_PX * zoom;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
// Repeated ×1.2 and ÷1.2 would drift (0.4 → 0.48 → 0.39999…); four decimals are plenty for pixels.
const tidy = (zoom: number) => Math.round(zoom * 10_000) / 10_000;

/** [timeline-zoom] One step in: ×1.2, at most 3. */
export function zoomIn(zoom: number): number {
  return tidy(clamp(zoom * ZOOM_STEP, ZOOM_MIN, ZOOM_MAX));
}

/** [timeline-zoom] One step out: ÷1.2, at least 0.1. */
export function zoomOut(zoom: number): number {
  return tidy(clamp(zoom / ZOOM_STEP, ZOOM_MIN, ZOOM_MAX));
}

/** The zoom at which `dayCount` days exactly fill `viewportWidthPx`. */
export function fillZoom(dayCount: number, viewportWidthPx: number): number {
  if (dayCount <= 0 || viewportWidthPx <= 0) return ZOOM_MIN;
  return viewportWidthPx / (dayCount * DAY_WIDTH_BASE_PX);
}

/**
 * [timeline-fit] The zoom at which every task fits the viewport, clamped to 0.5–4. Without tasks it is the
 * zoom that fits nothing in particular: 1.
 */
export function fitZoom(tasks: Iterable<DatedTask>, viewportWidthPx: number): number {
  const span = tasksSpan(tasks);
  if (!span) return 1;
  return tidy(clamp(fillZoom(rangeDayCount(span), viewportWidthPx), FIT_MIN, FIT_MAX));
}

/**
 * What Fit shows: the tasks' span, widened (around its middle) to at least as many days as fill the viewport at
 * the zoom Fit chose, so a short project is not stretched into a few giant days. Null without tasks.
 */
export function fitRange(tasks: Iterable<DatedTask>, viewportWidthPx: number): TimelineRange | null {
  const list = [...tasks];
  const span = tasksSpan(list);
  return span && widenToFill(span, fitZoom(list, viewportWidthPx), viewportWidthPx);
}

/**
 * [timeline-zoom] The zoom the chart is drawn at. `zoom` null is the view a range button gives: the default
 * zoom, raised until the range fills the viewport. A zoom the person chose (zoom in/out, Fit) is drawn as it is,
 * down to 0.1: the range then widens to fill the viewport (widenToFill).
 */
export function displayZoom(zoom: number | null, range: TimelineRange, viewportWidthPx: number): number {
  return zoom ?? Math.max(ZOOM_DEFAULT, fillZoom(rangeDayCount(range), viewportWidthPx));
}

/**
 * [timeline-zoom] The days drawn at `zoom`: the range, grown around its middle (the extra odd day after it) until
 * it fills the viewport, so zooming out shows more days instead of an empty strip.
 */
export function widenToFill(range: TimelineRange, zoom: number, viewportWidthPx: number): TimelineRange {
  const missing = Math.ceil(viewportWidthPx / dayWidth(zoom) - 1e-9) - rangeDayCount(range);
  if (missing <= 0) return range;
  const before = Math.floor(missing / 2);
  return { start: addDays(range.start, -before), end: addDays(range.end, missing - before) };
}
