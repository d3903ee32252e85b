import { addDays, addMonths, daysBetween, endOfMonth, maxDate, minDate, startOfMonth } from './calendar-date.js';
import {
  DAY_WIDTH_BASE_PX,
  FIT_MAX,
  FIT_MIN,
  PLAN_ROOM_AFTER_PX,
  PLAN_ROOM_BEFORE_PX,
  ZOOM_DEFAULT,
  ZOOM_MAX,
  ZOOM_MIN,
  ZOOM_STEP,
} from './timeline-constants.js';

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

/**
 * [timeline-range-position] What a range button shows when the person has moved away from today: as many days as
 * the range has from `centre`'s point of view, with `centre` (the day in the middle of the chart when the button
 * was pressed) in the middle, so changing the range keeps their place instead of jumping back to today.
 */
export function rangeAround(kind: RangeKind, centre: string): TimelineRange {
  const days = rangeDayCount(timelineRange(kind, centre));
  const start = addDays(centre, -Math.floor(days / 2));
  return { start, end: addDays(start, days - 1) };
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

/** Whole days that give at least `px` at `zoom`. */
function daysFor(px: number, zoom: number): number {
  return Math.ceil(px / dayWidth(zoom) - 1e-9);
}

/** [timeline-room] The room before a plan's first day and after its last, in whole days at `zoom`. */
export function planRoom(zoom: number): { before: number; after: number } {
  return { before: daysFor(PLAN_ROOM_BEFORE_PX, zoom), after: daysFor(PLAN_ROOM_AFTER_PX, zoom) };
}

/** [timeline-room] The plan's days with their room on both sides at `zoom`. */
export function withRoom(span: TimelineRange, zoom: number): TimelineRange {
  const room = planRoom(zoom);
  return { start: addDays(span.start, -room.before), end: addDays(span.end, room.after) };
}

/**
 * [timeline-room] The chart never stops at the plan's first or last day: when either lies in `range`, the range
 * grows to give it its room (a milestone there is drawn whole, its link handle and name reachable). A plan's end
 * outside the range is cut there anyway (partial bars), so it needs none.
 */
export function withPlanRoom(range: TimelineRange, plan: TimelineRange | null, zoom: number): TimelineRange {
  if (!plan) return range;
  const room = withRoom(plan, zoom);
  const start = rangeContains(range, plan.start) ? minDate(range.start, room.start) : range.start;
  const end = rangeContains(range, plan.end) ? maxDate(range.end, room.end) : range.end;
  return start === range.start && end === range.end ? range : { start, end };
}

/**
 * [timeline-fit] What Fit shows: the whole plan with its room, without sideways scrolling. The zoom is the one at
 * which the plan and its room fill the chart, clamped to Fit's 0.5–4; the days then fill the chart exactly (the
 * range widened around the plan's middle). A plan too long for 0.5 is not left to scroll: Fit's lower bound gives
 * way to the zoom's own, 0.1, since the person pressed Fit to see the whole plan. Only a plan too long even at 0.1
 * (about 300 days in 1,000 px) scrolls, shown from its start. Null without tasks.
 */
export function fitView(tasks: Iterable<DatedTask>, viewportWidthPx: number): { range: TimelineRange; zoom: number } | null {
  const span = tasksSpan(tasks);
  if (!span) return null;
  // Room rounds up to whole days: two days of slack make sure the rounded room fits too.
  const fill = fillZoom(rangeDayCount(span) + 2, viewportWidthPx - PLAN_ROOM_BEFORE_PX - PLAN_ROOM_AFTER_PX);
  const zoom = fill >= FIT_MIN ? Math.min(fill, FIT_MAX) : Math.max(fill, ZOOM_MIN);
  const room = withRoom(span, zoom);
  if (rangeDayCount(room) * dayWidth(zoom) > viewportWidthPx) return { range: room, zoom };
  // Whole days that fill the chart exactly, at a zoom a hair below the clamped one.
  const filled = fillZoom(daysFor(viewportWidthPx, zoom), viewportWidthPx);
  return { range: widenToFill(room, filled, viewportWidthPx), zoom: filled };
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
