import { describe, expect, it } from 'vitest';
import {
  BAR_MIN_WIDTH_PX,
  DAY_WIDTH_BASE_PX,
  FIT_MAX,
  FIT_MIN,
  NAME_COLUMN_PX,
  PLACEHOLDER_ROWS,
  PLAN_ROOM_AFTER_PX,
  PLAN_ROOM_BEFORE_PX,
  ZOOM_DEFAULT,
  ZOOM_MAX,
  ZOOM_MIN,
  ZOOM_STEP,
} from './timeline-constants.js';
import {
  dayWidth,
  displayZoom,
  widenToFill,
  fitView,
  planRoom,
  rangeAround,
  rangeDayCount,
  rangeContains,
  tasksSpan,
  timelineRange,
  withPlanRoom,
  zoomIn,
  zoomOut,
} from './timeline-range.js';

describe('zoom and fit', () => {
  it('[timeline-sizing] the constants are the spec\'s', () => {
    expect([DAY_WIDTH_BASE_PX, ZOOM_DEFAULT, ZOOM_STEP, ZOOM_MIN, ZOOM_MAX, FIT_MIN, FIT_MAX]).toEqual([32, 0.4, 1.2, 0.1, 3, 0.5, 4]);
    expect([NAME_COLUMN_PX, BAR_MIN_WIDTH_PX, PLACEHOLDER_ROWS]).toEqual([320, 80, 10]);
  });

  it('[timeline-zoom] day width is 32 px times the zoom', () => {
    expect(dayWidth(ZOOM_DEFAULT)).toBeCloseTo(12.8);
    expect(dayWidth(1)).toBe(32);
  });

  it('[timeline-zoom] zoom steps by 1.2 and stays within 0.1–3', () => {
    expect(zoomIn(0.4)).toBe(0.48);
    expect(zoomOut(0.48)).toBe(0.4);
    expect(zoomIn(2.9)).toBe(3);
    expect(zoomIn(3)).toBe(3);
    expect(zoomOut(0.11)).toBe(0.1);
    expect(zoomOut(0.1)).toBe(0.1);
    let z = ZOOM_DEFAULT;
    for (let i = 0; i < 5; i++) z = zoomIn(z);
    for (let i = 0; i < 5; i++) z = zoomOut(z);
    expect(z).toBe(ZOOM_DEFAULT);
  });

  it('[timeline-zoom] a range button shows the default zoom, raised until the range fills the viewport', () => {
    const range = { start: '2026-03-01', end: '2026-03-22' }; // 22 days
    expect(displayZoom(null, range, 22 * 32)).toBe(1);
    expect(displayZoom(null, range, 100)).toBe(ZOOM_DEFAULT);
  });

  it('[timeline-zoom] a chosen zoom is drawn as it is, down to 0.1, and the range widens to fill the viewport', () => {
    const range = { start: '2026-03-01', end: '2026-03-22' }; // 22 days
    expect(displayZoom(2, range, 22 * 32)).toBe(2);
    expect(displayZoom(ZOOM_MIN, range, 22 * 32)).toBe(ZOOM_MIN);
    // Zooming out one step from the 2 Weeks view on a wide screen: 22 days at 32 px filled 704 px; at 32/1.2 px
    // a day 26.4 days are needed, so 27 are drawn, the extra ones split around the range.
    const zoom = zoomOut(displayZoom(null, range, 704));
    expect(zoom).toBeLessThan(1);
    expect(widenToFill(range, zoom, 704)).toEqual({ start: '2026-02-27', end: '2026-03-25' });
    // At 0.1 (3.2 px a day) 704 px hold 220 days.
    const widest = widenToFill(range, ZOOM_MIN, 704);
    expect(rangeDayCount(widest)).toBe(220);
    expect(rangeContains(widest, range.start) && rangeContains(widest, range.end)).toBe(true);
    // A range that already fills the viewport stays as it is.
    expect(widenToFill(range, 2, 704)).toBe(range);
  });

  it('[timeline-zoom] zooming out is possible from the default view, step by step down to 0.1', () => {
    const range = { start: '2026-03-01', end: '2026-03-22' };
    let zoom = displayZoom(null, range, 900);
    let steps = 0;
    while (zoom > ZOOM_MIN) {
      zoom = zoomOut(zoom);
      steps += 1;
    }
    expect(zoom).toBe(ZOOM_MIN);
    expect(steps).toBeGreaterThan(5);
  });

  /** Pixels from the range's start to the start of `date`'s column, and the range's width, at `zoom`. */
  const px = (range: { start: string; end: string }, date: string, zoom: number) =>
    (rangeDayCount({ start: range.start, end: date }) - 1) * dayWidth(zoom);

  it('[timeline-fit] Fit shows the whole plan and its room without sideways scrolling, at a zoom within 0.5–4', () => {
    const tasks = [
      { startDate: '2026-03-01', endDate: '2026-03-05' },
      { startDate: '2026-03-04', endDate: '2026-03-10' },
    ];
    expect(tasksSpan(tasks)).toEqual({ start: '2026-03-01', end: '2026-03-10' });
    const fit = fitView(tasks, 960)!;
    expect(fit.zoom).toBeGreaterThanOrEqual(FIT_MIN);
    expect(fit.zoom).toBeLessThanOrEqual(FIT_MAX);
    // The days fill the chart exactly: nothing to scroll, no empty strip.
    expect(rangeDayCount(fit.range) * dayWidth(fit.zoom)).toBeCloseTo(960, 6);
    // Room before the first day and after the last day's end.
    expect(px(fit.range, '2026-03-01', fit.zoom)).toBeGreaterThanOrEqual(PLAN_ROOM_BEFORE_PX - 1);
    expect(960 - px(fit.range, '2026-03-11', fit.zoom)).toBeGreaterThanOrEqual(PLAN_ROOM_AFTER_PX - 1);
    // A one-day plan is not blown up beyond Fit's 4.
    const day = fitView([{ startDate: '2026-03-01', endDate: '2026-03-01' }], 5000)!;
    expect(day.zoom).toBeLessThanOrEqual(FIT_MAX);
    expect(rangeDayCount(day.range) * dayWidth(day.zoom)).toBeCloseTo(5000, 6);
    expect(fitView([], 800)).toBeNull();
  });

  it('[timeline-fit] a plan too long for Fit\'s 0.5 still fits, down to the zoom\'s 0.1; beyond that it scrolls from its start', () => {
    // 100 days in 960 px: 0.5 (16 px a day) would need 1,600 px.
    const hundred = [{ startDate: '2026-01-01', endDate: '2026-04-10' }];
    const fit = fitView(hundred, 960)!;
    expect(fit.zoom).toBeLessThan(FIT_MIN);
    expect(fit.zoom).toBeGreaterThanOrEqual(ZOOM_MIN);
    expect(rangeDayCount(fit.range) * dayWidth(fit.zoom)).toBeCloseTo(960, 6);
    expect(rangeContains(fit.range, '2026-01-01') && rangeContains(fit.range, '2026-04-10')).toBe(true);
    // Three years do not fit at 3.2 px a day: the plan with its room, at 0.1.
    const years = fitView([{ startDate: '2026-01-01', endDate: '2028-12-31' }], 960)!;
    expect(years.zoom).toBe(ZOOM_MIN);
    const room = planRoom(ZOOM_MIN);
    expect(rangeDayCount(years.range)).toBe(rangeDayCount({ start: '2026-01-01', end: '2028-12-31' }) + room.before + room.after);
  });

  it('[timeline-room] a range leaves room before the plan\'s first day and after its last when they lie in it', () => {
    const range = { start: '2026-03-01', end: '2026-03-22' };
    // At 1 (32 px a day): 40 px is 2 days, 120 px is 4 days.
    expect(planRoom(1)).toEqual({ before: 2, after: 4 });
    expect(withPlanRoom(range, { start: '2026-03-02', end: '2026-03-21' }, 1)).toEqual({ start: '2026-02-28', end: '2026-03-25' });
    // Room already there, or the plan running on beyond the range (cut there anyway): the range as it is.
    expect(withPlanRoom(range, { start: '2026-03-10', end: '2026-03-12' }, 1)).toBe(range);
    expect(withPlanRoom(range, { start: '2026-02-01', end: '2026-04-30' }, 1)).toBe(range);
    expect(withPlanRoom(range, null, 1)).toBe(range);
    // Narrower days need more of them.
    expect(planRoom(ZOOM_DEFAULT)).toEqual({ before: 4, after: 10 });
  });

  it('[timeline-range-position] a range button keeps the day in the middle of the chart, with the range\'s length', () => {
    for (const kind of ['biweekly', 'monthly', 'quarterly'] as const) {
      const around = rangeAround(kind, '2026-09-15');
      expect(rangeDayCount(around)).toBe(rangeDayCount(timelineRange(kind, '2026-09-15')));
      // The middle of the range (in days from its start) falls on the 15th.
      const middle = rangeDayCount(around) / 2;
      expect(rangeDayCount({ start: around.start, end: '2026-09-15' }) - 1).toBe(Math.floor(middle));
    }
  });
});
