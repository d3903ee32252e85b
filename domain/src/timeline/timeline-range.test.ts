import { describe, expect, it } from 'vitest';
import {
  BAR_MIN_WIDTH_PX,
  DAY_WIDTH_BASE_PX,
  FIT_MAX,
  FIT_MIN,
  NAME_COLUMN_PX,
  PLACEHOLDER_ROWS,
  ZOOM_DEFAULT,
  ZOOM_MAX,
  ZOOM_MIN,
  ZOOM_STEP,
} from './timeline-constants.js';
import {
  dayWidth,
  displayZoom,
  widenToFill,
  fitRange,
  fitZoom,
  rangeDayCount,
  rangeContains,
  tasksSpan,
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

  it('[timeline-fit] Fit zooms so every task fits, clamped to 0.5–4', () => {
    const tasks = [
      { startDate: '2026-03-01', endDate: '2026-03-05' },
      { startDate: '2026-03-04', endDate: '2026-03-10' },
    ];
    expect(tasksSpan(tasks)).toEqual({ start: '2026-03-01', end: '2026-03-10' });
    expect(fitZoom(tasks, 10 * 32 * 2)).toBe(2);
    expect(fitZoom(tasks, 10)).toBe(FIT_MIN);
    expect(fitZoom([{ startDate: '2026-03-01', endDate: '2026-03-01' }], 5000)).toBe(FIT_MAX);
    expect(fitZoom([], 800)).toBe(1);
  });

  it('[timeline-fit] Fit shows the tasks\' span, widened to fill the viewport around its middle', () => {
    const tasks = [{ startDate: '2026-03-04', endDate: '2026-03-05' }];
    // 2 days at the maximum zoom 4 (128 px a day) in 1280 px: 10 days shown.
    expect(fitRange(tasks, 1280)).toEqual({ start: '2026-02-28', end: '2026-03-09' });
    expect(fitRange([{ startDate: '2026-01-01', endDate: '2026-12-31' }], 1000)).toEqual({ start: '2026-01-01', end: '2026-12-31' });
    expect(fitRange([], 1000)).toBeNull();
  });
});
