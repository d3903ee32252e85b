import { describe, expect, it } from 'vitest';
import { barGeometry, taskGeometry, dateAtOffset, daysFromOffset, placeholderRows, progressFromOffset, stepProgress } from './bar-geometry.js';
import {
  BAR_MIN_WIDTH_PX,
  MILESTONE_SIZE_PX,
  PLACEHOLDER_ROWS,
  ZOOM_DEFAULT,
  DAY_LABEL_MIN_PX,
} from './timeline-constants.js';
import { createWorkCalendar } from '../scheduling/work-calendar.js';
import { dayLabelStep, headerCells, headerViewFor, nonWorkingRuns, todayLabelCentre } from './timeline-header.js';
import { rangeDayCount, timelineRange } from './timeline-range.js';
import { describeInZones } from './time-zones.fixtures.js';

describeInZones(() => {
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
      expect(header.cells[0]).toMatchObject({ key: '2026-03-01', label: '1', sublabel: 'S', nonWorking: true, isToday: false });
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

    it('[timeline-header] narrow days are labelled every other day, then on Mondays, by the calendar', () => {
      expect([dayLabelStep(DAY_LABEL_MIN_PX), dayLabelStep(12.8), dayLabelStep(3.2)]).toEqual([1, 2, 7]);
      const range = timelineRange('biweekly', '2026-03-08');
      expect(headerCells('biweekly', range, '2026-03-08', 32).cells.every((c) => c.labelled && c.sublabel !== '')).toBe(true);
      const everyOther = headerCells('biweekly', range, '2026-03-08', 12.8).cells;
      expect(everyOther.filter((c) => c.labelled)).toHaveLength(11);
      expect(everyOther.every((c) => c.sublabel === '')).toBe(true);
      // The same days stay labelled when the range starts a day later.
      const shifted = headerCells('biweekly', { start: '2026-03-02', end: range.end }, '2026-03-08', 12.8).cells;
      expect(shifted.filter((c) => c.labelled).map((c) => c.key)).toEqual(everyOther.filter((c) => c.labelled && c.key >= '2026-03-02').map((c) => c.key));
      const weekly = headerCells('monthly', { start: '2026-03-01', end: '2026-03-31' }, '2026-03-08', 3.2).cells;
      expect(weekly.filter((c) => c.labelled).map((c) => c.label)).toEqual(['2', '9', '16', '23', '30']);
    });

    it('[non-working-days] day cells follow the project calendar: its weekdays off and its holidays', () => {
      const range = { start: '2026-11-23', end: '2026-12-06' }; // Mon 23 Nov – Sun 6 Dec
      const byDefault = headerCells('biweekly', range, '2026-11-23');
      expect(byDefault.cells.filter((c) => c.nonWorking).map((c) => c.key)).toEqual(['2026-11-28', '2026-11-29', '2026-12-05', '2026-12-06']);
      // Saturdays worked, Thursday 26 Nov a holiday.
      const calendar = createWorkCalendar({ workingWeekdays: [1, 2, 3, 4, 5, 6], holidays: ['2026-11-26'] });
      if (!calendar.ok) throw new Error(calendar.reason);
      const own = headerCells('biweekly', range, '2026-11-23', Infinity, calendar.calendar.isWorkingDay);
      expect(own.cells.filter((c) => c.nonWorking).map((c) => c.key)).toEqual(['2026-11-26', '2026-11-29', '2026-12-06']);
      // Month cells are never a day off.
      expect(headerCells('quarterly', range, '2026-11-23', 3, () => false).cells.every((c) => !c.nonWorking)).toBe(true);
    });

    it('[non-working-days] the shaded runs join neighbouring days off, in every view', () => {
      const range = { start: '2026-11-27', end: '2026-12-08' }; // Fri 27 Nov – Tue 8 Dec
      expect(nonWorkingRuns(range)).toEqual([{ offsetDays: 1, days: 2 }, { offsetDays: 8, days: 2 }]);
      const calendar = createWorkCalendar({ workingWeekdays: [1, 2, 3, 4, 5], holidays: ['2026-11-27', '2026-11-30', '2026-12-08'] });
      if (!calendar.ok) throw new Error(calendar.reason);
      expect(nonWorkingRuns(range, calendar.calendar.isWorkingDay)).toEqual([{ offsetDays: 0, days: 4 }, { offsetDays: 8, days: 2 }, { offsetDays: 11, days: 1 }]);
    });

    it('[timeline-today] the Today label stays whole at the edges of the chart', () => {
      // Month starts today: the label is moved right of the day's middle rather than cut at the left edge.
      expect(todayLabelCentre(0, 29, 900, 22)).toBe(22);
      expect(todayLabelCentre(10, 29, 900, 22)).toBe(10.5 * 29);
      expect(todayLabelCentre(30, 29, 899, 22)).toBe(899 - 22);
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
        left: 7 * 32, width: 10 * 32, spanWidth: 10 * 32, isPartial: false, cutStart: false, cutEnd: false,
      });
    });

    it('[bar-geometry] a bar is at least 80 px wide, but its true span is its own days', () => {
      const oneDay = barGeometry({ startDate: '2026-03-08', endDate: '2026-03-08' }, range, ZOOM_DEFAULT)!;
      expect(oneDay.width).toBe(BAR_MIN_WIDTH_PX);
      expect(oneDay.spanWidth).toBeCloseTo(12.8);
    });

    it('[bar-geometry] consecutive one-day tasks: the first one\'s span ends where the next one starts', () => {
      for (const zoom of [0.1, ZOOM_DEFAULT, 1]) {
        const first = barGeometry({ startDate: '2026-03-09', endDate: '2026-03-09' }, range, zoom)!;
        const next = barGeometry({ startDate: '2026-03-10', endDate: '2026-03-10' }, range, zoom)!;
        // A finish-to-start arrow from the span's end points forward (the 80 px would reach days past it).
        expect(first.left + first.spanWidth).toBeCloseTo(next.left);
        if (zoom < 1) expect(first.left + first.width).toBeGreaterThan(next.left);
      }
    });

    it('[bar-geometry] a bar cut by the range is partial and says where', () => {
      expect(barGeometry({ startDate: '2026-02-20', endDate: '2026-03-03' }, range, 1)).toEqual({
        left: 0, width: 3 * 32, spanWidth: 3 * 32, isPartial: true, cutStart: true, cutEnd: false,
      });
      expect(barGeometry({ startDate: '2026-03-20', endDate: '2026-04-20' }, range, 1)).toMatchObject({
        left: 19 * 32, width: 3 * 32, isPartial: true, cutStart: false, cutEnd: true,
      });
      expect(barGeometry({ startDate: '2026-02-01', endDate: '2026-05-01' }, range, 1)).toMatchObject({ cutStart: true, cutEnd: true });
    });

    it('[milestone-geometry] a milestone is a diamond centred on its day, whatever its end date says', () => {
      expect(taskGeometry({ startDate: '2026-03-08', endDate: '2026-03-08', kind: 'milestone' }, range, 1)).toEqual({
        left: 7.5 * 32 - MILESTONE_SIZE_PX / 2, width: MILESTONE_SIZE_PX, spanWidth: MILESTONE_SIZE_PX, isPartial: false, cutStart: false, cutEnd: false,
      });
      expect(taskGeometry({ startDate: '2026-03-08', endDate: '2026-03-12', kind: 'milestone' }, range, 1)?.width).toBe(MILESTONE_SIZE_PX);
      expect(taskGeometry({ startDate: '2026-03-23', endDate: '2026-03-23', kind: 'milestone' }, range, 1)).toBeNull();
      expect(taskGeometry({ startDate: '2026-03-08', endDate: '2026-03-08', kind: 'task' }, range, 1)?.width).toBe(BAR_MIN_WIDTH_PX);
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
