import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskFieldSchemas } from '../schemas/task.js';
import { barGeometry, dateAtOffset, daysFromOffset, placeholderRows, progressFromOffset, resizeTask, shiftTask, stepProgress } from './bar-geometry.js';
import {
  addDays,
  addMonths,
  dayNumber,
  daysBetween,
  endOfMonth,
  formatCalendarDate,
  isCalendarDate,
  localCalendarDate,
  weekday,
} from './calendar-date.js';
import { assigneeFromChoice, quickAddFormSchema, taskEditFormSchema, UNASSIGNED } from './task-form.js';
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
import { headerCells, headerViewFor } from './timeline-header.js';
import {
  dayWidth,
  displayZoom,
  fitRange,
  fitZoom,
  rangeDayCount,
  tasksSpan,
  timelineRange,
  zoomIn,
  zoomOut,
} from './timeline-range.js';

/*
 * Every date rule runs in three zones: UTC, one that changes to daylight saving on 2026-03-08 (Los Angeles) and
 * one that changes back on 2026-04-05 (Auckland), with the days around those changes as inputs. The vitest
 * config pins TZ=UTC, so the zones are set here: Node re-reads process.env.TZ when it is assigned.
 */
const ZONES = ['UTC', 'America/Los_Angeles', 'Pacific/Auckland'] as const;
const originalTz = process.env.TZ;

describe.each(ZONES)('in %s', (zone) => {
  beforeAll(() => {
    process.env.TZ = zone;
  });
  afterAll(() => {
    process.env.TZ = originalTz;
  });

  it('[timezone] the zone is in effect', () => {
    const offset = new Date(2026, 6, 1, 12).getTimezoneOffset();
    expect(offset).toBe({ UTC: 0, 'America/Los_Angeles': 420, 'Pacific/Auckland': -720 }[zone]);
  });

  describe('calendar dates', () => {
    it('[calendar-date] adding days crosses daylight-saving changes one calendar day at a time', () => {
      expect(addDays('2026-03-07', 1)).toBe('2026-03-08');
      expect(addDays('2026-03-08', 1)).toBe('2026-03-09');
      expect(addDays('2026-03-01', 14)).toBe('2026-03-15');
      expect(addDays('2026-04-04', 1)).toBe('2026-04-05');
      expect(addDays('2026-04-05', 1)).toBe('2026-04-06');
      expect(addDays('2026-04-10', -7)).toBe('2026-04-03');
      expect(addDays('2026-10-25', 7)).toBe('2026-11-01');
      expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
      expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    });

    it('[calendar-date] days between dates across a daylight-saving change are whole days', () => {
      expect(daysBetween('2026-03-01', '2026-03-15')).toBe(14);
      expect(daysBetween('2026-04-01', '2026-04-10')).toBe(9);
      expect(daysBetween('2026-11-03', '2026-11-01')).toBe(-2);
      expect(Number.isInteger(dayNumber('2026-03-08'))).toBe(true);
    });

    it('[calendar-date] weekdays, months and validity', () => {
      expect(weekday('2026-03-08')).toBe(0); // a Sunday
      expect(weekday('2026-11-23')).toBe(1);
      expect(endOfMonth('2024-02-10')).toBe('2024-02-29');
      expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
      expect(addMonths('2026-11-15', 3)).toBe('2027-02-15');
      expect(isCalendarDate('2026-02-30')).toBe(false);
      expect(isCalendarDate('2026-2-3')).toBe(false);
      expect(formatCalendarDate('2026-11-23')).toBe('Nov 23, 2026');
    });

    it('[calendar-date] a bad date throws "Invalid time value"', () => {
      expect(() => addDays('not a date', 1)).toThrow('Invalid time value');
      expect(() => formatCalendarDate('2026-13-01')).toThrow('Invalid time value');
      expect(() => localCalendarDate(new Date(Number.NaN))).toThrow('Invalid time value');
    });

    it('[calendar-date] today is the calendar day where the user is', () => {
      // 2026-03-08 10:30 UTC: still the 8th in Los Angeles (02:30 PST → PDT), the 8th in Auckland (23:30).
      expect(localCalendarDate(new Date('2026-03-08T10:30:00Z'))).toBe('2026-03-08');
      const lateUtc = new Date('2026-04-04T13:30:00Z');
      expect(localCalendarDate(lateUtc)).toBe({ UTC: '2026-04-04', 'America/Los_Angeles': '2026-04-04', 'Pacific/Auckland': '2026-04-05' }[zone]);
    });
  });

  describe('ranges', () => {
    it('[timeline-range] 2 Weeks is 7 days back to 14 days ahead', () => {
      expect(timelineRange('biweekly', '2026-03-08')).toEqual({ start: '2026-03-01', end: '2026-03-22' });
      expect(timelineRange('biweekly', '2026-04-05')).toEqual({ start: '2026-03-29', end: '2026-04-19' });
    });

    it('[timeline-range] Month is today to 30 days ahead', () => {
      expect(timelineRange('monthly', '2026-03-08')).toEqual({ start: '2026-03-08', end: '2026-04-07' });
      expect(rangeDayCount(timelineRange('monthly', '2026-11-22'))).toBe(31);
    });

    it('[timeline-range] 3 Months is the first of this month to the end of the month three months on', () => {
      expect(timelineRange('quarterly', '2026-11-22')).toEqual({ start: '2026-11-01', end: '2027-02-28' });
      expect(timelineRange('quarterly', '2026-01-31')).toEqual({ start: '2026-01-01', end: '2026-04-30' });
      expect(timelineRange('quarterly', '2027-11-30')).toEqual({ start: '2027-11-01', end: '2028-02-29' });
    });
  });

  describe('header', () => {
    it('[timeline-header] 2 Weeks shows day numbers with weekday letters, today labelled, and no month band', () => {
      const range = timelineRange('biweekly', '2026-03-08');
      const header = headerCells('biweekly', range, '2026-03-08');
      expect(header.cells).toHaveLength(22);
      expect(header.showMonthBand).toBe(false);
      expect(header.bands).toEqual([]);
      expect(header.cells[0]).toMatchObject({ key: '2026-03-01', label: '1', sublabel: 'S', isWeekend: true, isToday: false });
      expect(header.cells[7]).toMatchObject({ key: '2026-03-08', label: '8', sublabel: 'S', isToday: true, title: 'Sun, Mar 8, 2026' });
      expect(header.cells.filter((c) => c.isToday)).toHaveLength(1);
      expect(header.today).toEqual({ offsetDays: 7, label: 'Today' });
    });

    it('[timeline-header] a biweekly header longer than 21 days shows the month band', () => {
      const header = headerCells('biweekly', { start: '2026-03-20', end: '2026-04-12' }, '2026-03-25');
      expect(header.showMonthBand).toBe(true);
      expect(header.bands.map((b) => [b.label, b.offsetDays, b.days])).toEqual([['March 2026', 0, 12], ['April 2026', 12, 12]]);
    });

    it('[timeline-header] the day view names weekdays; the monthly view bands months', () => {
      const day = headerCells('day', timelineRange('biweekly', '2026-11-23'), '2026-11-23');
      expect(day.cells[7]).toMatchObject({ label: '23', sublabel: 'Mon', isToday: true });
      const month = headerCells('monthly', timelineRange('monthly', '2026-03-20'), '2026-03-20');
      expect(month.showMonthBand).toBe(true);
      expect(month.bands.map((b) => b.label)).toEqual(['March 2026', 'April 2026']);
      expect(month.cells[0]).toMatchObject({ label: '20', sublabel: 'F', isToday: true });
    });

    it('[timeline-header] quarterly shows month names with day counts', () => {
      const header = headerCells('quarterly', timelineRange('quarterly', '2026-11-22'), '2026-11-22');
      expect(header.cells.map((c) => [c.label, c.sublabel, c.days])).toEqual([
        ['November', '30 days', 30],
        ['December', '31 days', 31],
        ['January', '31 days', 31],
        ['February', '28 days', 28],
      ]);
      expect(header.cells.map((c) => c.isToday)).toEqual([true, false, false, false]);
      expect(header.today).toEqual({ offsetDays: 21, label: 'Today' });
      expect(header.showMonthBand).toBe(false);
      expect(header.bands.map((b) => b.label)).toEqual(['2026', '2027']);
    });

    it('[timeline-header] today outside the range has no marker', () => {
      expect(headerCells('monthly', { start: '2026-01-01', end: '2026-01-31' }, '2026-03-08').today).toBeNull();
    });

    it('[timeline-header] wide days switch to the day view; Fit ranges are viewed by length', () => {
      const range = timelineRange('monthly', '2026-03-08');
      expect(headerViewFor('monthly', range, 20)).toBe('monthly');
      expect(headerViewFor('monthly', range, 48)).toBe('day');
      expect(headerViewFor(null, { start: '2026-03-01', end: '2026-03-10' }, 30)).toBe('biweekly');
      expect(headerViewFor(null, { start: '2026-03-01', end: '2026-04-10' }, 30)).toBe('monthly');
      expect(headerViewFor(null, { start: '2026-03-01', end: '2026-08-10' }, 10)).toBe('quarterly');
    });
  });

  describe('bars', () => {
    const range = { start: '2026-03-01', end: '2026-03-22' };

    it('[bar-geometry] a bar spans its days at the zoom, both ends included', () => {
      expect(barGeometry({ startDate: '2026-03-08', endDate: '2026-03-17' }, range, 1)).toEqual({
        left: 7 * 32, width: 10 * 32, isPartial: false, cutStart: false, cutEnd: false,
      });
    });

    it('[bar-geometry] a bar is at least 80 px wide', () => {
      expect(barGeometry({ startDate: '2026-03-08', endDate: '2026-03-08' }, range, ZOOM_DEFAULT)?.width).toBe(BAR_MIN_WIDTH_PX);
    });

    it('[bar-geometry] a bar cut by the range is partial and says where', () => {
      expect(barGeometry({ startDate: '2026-02-20', endDate: '2026-03-03' }, range, 1)).toEqual({
        left: 0, width: 3 * 32, isPartial: true, cutStart: true, cutEnd: false,
      });
      expect(barGeometry({ startDate: '2026-03-20', endDate: '2026-04-20' }, range, 1)).toMatchObject({
        left: 19 * 32, width: 3 * 32, isPartial: true, cutStart: false, cutEnd: true,
      });
      expect(barGeometry({ startDate: '2026-02-01', endDate: '2026-05-01' }, range, 1)).toMatchObject({ cutStart: true, cutEnd: true });
    });

    it('[bar-geometry] a task wholly outside the range has no bar', () => {
      expect(barGeometry({ startDate: '2026-02-01', endDate: '2026-02-28' }, range, 1)).toBeNull();
      expect(barGeometry({ startDate: '2026-03-23', endDate: '2026-03-30' }, range, 1)).toBeNull();
    });

    it('[drag-snap] offsets snap to whole days', () => {
      expect(dateAtOffset(0, range, 1)).toBe('2026-03-01');
      expect(dateAtOffset(31.9, range, 1)).toBe('2026-03-01');
      expect(dateAtOffset(7 * 32 + 1, range, 1)).toBe('2026-03-08');
      expect(dateAtOffset(-1, range, 1)).toBe('2026-02-28');
      expect(daysFromOffset(15, 1)).toBe(0);
      expect(daysFromOffset(17, 1)).toBe(1);
      expect(daysFromOffset(-50, 1)).toBe(-2);
      expect(Object.is(daysFromOffset(-3, 1), -0)).toBe(false);
    });

    it('[task-shift] moving keeps the length, across a daylight-saving change', () => {
      const task = { startDate: '2026-03-06', endDate: '2026-03-10' };
      expect(shiftTask(task, 3)).toEqual({ startDate: '2026-03-09', endDate: '2026-03-13' });
      expect(shiftTask(task, -6)).toEqual({ startDate: '2026-02-28', endDate: '2026-03-04' });
      expect(task).toEqual({ startDate: '2026-03-06', endDate: '2026-03-10' });
    });

    it('[task-resize] either end moves; the end never goes before the start', () => {
      const task = { startDate: '2026-04-03', endDate: '2026-04-06' };
      expect(resizeTask(task, 'end', 2)).toEqual({ startDate: '2026-04-03', endDate: '2026-04-08' });
      expect(resizeTask(task, 'end', -10)).toEqual({ startDate: '2026-04-03', endDate: '2026-04-03' });
      expect(resizeTask(task, 'start', -3)).toEqual({ startDate: '2026-03-31', endDate: '2026-04-06' });
      expect(resizeTask(task, 'start', 10)).toEqual({ startDate: '2026-04-06', endDate: '2026-04-06' });
    });

    it('[task-progress] progress from a pointer offset and keyboard steps stay whole and within 0–100', () => {
      expect(progressFromOffset(50, 200)).toBe(25);
      expect(progressFromOffset(-20, 200)).toBe(0);
      expect(progressFromOffset(260, 200)).toBe(100);
      expect(progressFromOffset(33, 100)).toBe(33);
      expect(progressFromOffset(10, 0)).toBe(0);
      expect(stepProgress(95, 10)).toBe(100);
      expect(stepProgress(5, -10)).toBe(0);
      expect(stepProgress(40, 10)).toBe(50);
    });
  });

  describe('placeholders', () => {
    it('[placeholder-rows] fill the list up to 10 rows named Add task N', () => {
      const rows = placeholderRows(7, '2026-03-08');
      expect(rows.map((r) => r.name)).toEqual(['Add task 8', 'Add task 9', 'Add task 10']);
      expect(placeholderRows(0, '2026-03-08')).toHaveLength(PLACEHOLDER_ROWS);
      expect(placeholderRows(10, '2026-03-08')).toEqual([]);
      expect(placeholderRows(500, '2026-03-08')).toEqual([]);
    });

    it('[placeholder-rows] each suggests dates from today', () => {
      const [first] = placeholderRows(0, '2026-03-07');
      expect(first).toEqual({ number: 1, name: 'Add task 1', startDate: '2026-03-07', endDate: '2026-03-11' });
      expect(placeholderRows(9, '2026-03-07')[0]).toMatchObject({ startDate: '2026-03-16', endDate: '2026-03-20' });
    });
  });
});

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

  it('[timeline-zoom] the chart is never drawn narrower than its range filling the viewport', () => {
    const range = { start: '2026-03-01', end: '2026-03-22' }; // 22 days
    expect(displayZoom(0.4, range, 22 * 32)).toBe(1);
    expect(displayZoom(2, range, 22 * 32)).toBe(2);
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

describe('task forms', () => {
  const valid = { name: 'Hull', startDate: '2026-03-08', endDate: '2026-03-09', assigneeId: UNASSIGNED };
  const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.error?.issues.map((i) => i.message) ?? [];

  it('[task-form-validation] quick add uses the spec messages', () => {
    expect(quickAddFormSchema.safeParse(valid).success).toBe(true);
    expect(messages(quickAddFormSchema.safeParse({ ...valid, name: '  ' }))).toEqual(['Task name is required']);
    expect(messages(quickAddFormSchema.safeParse({ ...valid, startDate: '' }))).toEqual(['Start date is required']);
    expect(messages(quickAddFormSchema.safeParse({ ...valid, endDate: '' }))).toEqual(['End date is required']);
    expect(messages(quickAddFormSchema.safeParse({ ...valid, endDate: '2026-03-01' }))).toEqual(['End date cannot be before start date']);
  });

  it('[task-form-validation] edit task checks every field with the API\'s field rules', () => {
    const edit = { ...valid, description: '', status: 'pending', priority: 'medium', progress: 40, changeReason: '' };
    expect(taskEditFormSchema.safeParse(edit).success).toBe(true);
    expect(messages(taskEditFormSchema.safeParse({ ...edit, progress: 140 }))).toEqual(['Progress must be a whole number from 0 to 100']);
    expect(messages(taskEditFormSchema.safeParse({ ...edit, progress: Number.NaN }))).toEqual(['Progress must be a whole number from 0 to 100']);
    expect(messages(taskEditFormSchema.safeParse({ ...edit, name: '' }))).toEqual(['Task name is required']);
    expect(taskEditFormSchema.safeParse({ ...edit, assigneeId: 'someone' }).success).toBe(false);
    expect(taskFieldSchemas.progress.safeParse(40).success).toBe(true);
  });

  it('[task-form-validation] the unassigned choice is sent as null', () => {
    expect(assigneeFromChoice(UNASSIGNED)).toBeNull();
    expect(assigneeFromChoice('0f8fad5b-d9cb-469f-a165-70867728950e')).toBe('0f8fad5b-d9cb-469f-a165-70867728950e');
  });
});
