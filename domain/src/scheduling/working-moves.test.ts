import { expect, it } from 'vitest';
import { describeInZones } from '../timeline/time-zones.fixtures.js';
import { calendarOf, frozen } from './scheduling.fixtures.js';
import { DEFAULT_WORK_CALENDAR } from './work-calendar.js';
import {
  dragTaskOnCalendar,
  movesForCalendarChange,
  resizeEndByWorkingDays,
  resizeTaskOnCalendar,
  shiftTaskByWorkingDays,
  workingDaysMoved,
} from './working-moves.js';

// 2026-11-30 is a Monday; Sat 5 and Sun 6 Dec, Sat 12 and Sun 13 Dec are weekends; Fri 25 Dec is Christmas.
const cal = DEFAULT_WORK_CALENDAR;
// "Analytics review": Mon 30 Nov - Fri 4 Dec, five working days.
const review = frozen({ startDate: '2026-11-30', endDate: '2026-12-04' });

describeInZones(() => {
  it('[working-move] a bar dragged onto a weekend snaps forward and keeps its five working days', () => {
    // The drop: six calendar days right used to give Sun 6 - Sat 12 Dec.
    expect(dragTaskOnCalendar(review, 6, cal)).toEqual({ startDate: '2026-12-07', endDate: '2026-12-11' });
    expect(dragTaskOnCalendar(review, 5, cal)).toEqual({ startDate: '2026-12-07', endDate: '2026-12-11' });
    // Across the weekend: Wed 2 Dec start, five working days end Tue 8 Dec.
    expect(dragTaskOnCalendar(review, 2, cal)).toEqual({ startDate: '2026-12-02', endDate: '2026-12-08' });
    expect(dragTaskOnCalendar(review, 0, cal)).toEqual(review);
  });

  it('[working-move] across a daylight-saving change (Los Angeles, 8 Mar 2026), the days are whole days', () => {
    const task = { startDate: '2026-03-06', endDate: '2026-03-10' }; // Fri, Mon, Tue
    expect(dragTaskOnCalendar(task, 3, cal)).toEqual({ startDate: '2026-03-09', endDate: '2026-03-11' });
    expect(shiftTaskByWorkingDays(task, -5, cal)).toEqual({ startDate: '2026-02-27', endDate: '2026-03-03' });
    expect(task).toEqual({ startDate: '2026-03-06', endDate: '2026-03-10' });
  });

  it('[working-move] dragged left onto a weekend, the start snaps back to the Friday', () => {
    expect(dragTaskOnCalendar(review, -1, cal)).toEqual({ startDate: '2026-11-27', endDate: '2026-12-03' });
    expect(dragTaskOnCalendar(review, -2, cal)).toEqual({ startDate: '2026-11-27', endDate: '2026-12-03' });
    expect(dragTaskOnCalendar(review, -3, cal)).toEqual({ startDate: '2026-11-27', endDate: '2026-12-03' });
    expect(dragTaskOnCalendar(review, -4, cal)).toEqual({ startDate: '2026-11-26', endDate: '2026-12-02' });
  });

  it('[working-move] holidays are skipped like weekends; a milestone lands on a working day', () => {
    const christmas = calendarOf({ holidays: ['2026-12-25'] });
    const week = { startDate: '2026-12-21', endDate: '2026-12-24' };
    expect(dragTaskOnCalendar(week, 4, christmas)).toEqual({ startDate: '2026-12-28', endDate: '2026-12-31' });
    const launch = { startDate: '2026-12-24', endDate: '2026-12-24', kind: 'milestone' as const };
    expect(dragTaskOnCalendar(launch, 1, christmas)).toEqual({ startDate: '2026-12-28', endDate: '2026-12-28' });
    expect(shiftTaskByWorkingDays(launch, 1, christmas)).toEqual({ startDate: '2026-12-28', endDate: '2026-12-28' });
  });

  it('[working-move] arrow keys move by one working day, over the weekend', () => {
    const friday = { startDate: '2026-12-04', endDate: '2026-12-08' }; // Fri, Mon, Tue: three working days
    expect(shiftTaskByWorkingDays(friday, 1, cal)).toEqual({ startDate: '2026-12-07', endDate: '2026-12-09' });
    expect(shiftTaskByWorkingDays(review, -1, cal)).toEqual({ startDate: '2026-11-27', endDate: '2026-12-03' });
    // A bar drawn on a Saturday goes to the next (or previous) working day.
    const saturday = { startDate: '2026-12-05', endDate: '2026-12-08' };
    expect(shiftTaskByWorkingDays(saturday, 1, cal)).toEqual({ startDate: '2026-12-07', endDate: '2026-12-08' });
    expect(shiftTaskByWorkingDays(saturday, -1, cal)).toEqual({ startDate: '2026-12-04', endDate: '2026-12-07' });
  });

  it('[working-resize] a dragged end snaps to working days and never passes the other end', () => {
    expect(resizeTaskOnCalendar(review, 'end', 1, cal)).toEqual({ startDate: '2026-11-30', endDate: '2026-12-07' });
    expect(resizeTaskOnCalendar(review, 'end', 2, cal)).toEqual({ startDate: '2026-11-30', endDate: '2026-12-07' });
    expect(resizeTaskOnCalendar(review, 'end', -9, cal)).toEqual({ startDate: '2026-11-30', endDate: '2026-11-30' });
    expect(resizeTaskOnCalendar(review, 'start', -1, cal)).toEqual({ startDate: '2026-11-27', endDate: '2026-12-04' });
    expect(resizeTaskOnCalendar(review, 'start', 9, cal)).toEqual({ startDate: '2026-12-04', endDate: '2026-12-04' });
    // Shift+arrow: the finish by one working day.
    expect(resizeEndByWorkingDays(review, 1, cal)).toEqual({ startDate: '2026-11-30', endDate: '2026-12-07' });
    expect(resizeEndByWorkingDays({ startDate: '2026-12-07', endDate: '2026-12-07' }, -1, cal)).toEqual({ startDate: '2026-12-07', endDate: '2026-12-07' });
  });

  it('[working-move] a summary moves its subtasks by the working days its start moved', () => {
    expect(workingDaysMoved('2026-11-30', '2026-12-07', cal)).toBe(5);
    expect(workingDaysMoved('2026-12-07', '2026-11-27', cal)).toBe(-6);
    expect(workingDaysMoved('2026-12-04', '2026-12-04', cal)).toBe(0);
  });

  it('[holiday-keeps-working-days] a holiday added inside a task extends its finish; taken out, brings it back', () => {
    const christmas = calendarOf({ holidays: ['2026-12-25'] });
    const tasks = frozen([
      { id: 'inside', startDate: '2026-12-23', endDate: '2026-12-29' }, // Wed-Tue: five working days
      { id: 'before', startDate: '2026-12-21', endDate: '2026-12-24' },
      { id: 'starts-on-it', startDate: '2026-12-25', endDate: '2026-12-28' }, // Fri, Mon: two working days
      { id: 'day', startDate: '2026-12-25', endDate: '2026-12-25', kind: 'milestone' as const },
      { id: 'summary', startDate: '2026-12-21', endDate: '2026-12-31' },
    ]);
    const added = movesForCalendarChange(tasks, cal, christmas, new Set(['summary']));
    expect(added.map((m) => [m.taskId, m.startDate, m.endDate])).toEqual([
      ['inside', '2026-12-23', '2026-12-30'],
      ['starts-on-it', '2026-12-28', '2026-12-29'],
      ['day', '2026-12-28', '2026-12-28'],
    ]);
    expect(added[0]).toMatchObject({ previousStartDate: '2026-12-23', previousEndDate: '2026-12-29' });
    const moved = tasks.map((t) => {
      const move = added.find((m) => m.taskId === t.id);
      return move ? { ...t, startDate: move.startDate, endDate: move.endDate } : t;
    });
    const removed = movesForCalendarChange(moved, christmas, cal, new Set(['summary']));
    expect(removed.map((m) => [m.taskId, m.startDate, m.endDate])).toEqual([['inside', '2026-12-23', '2026-12-29']]);
  });

  it('[holiday-keeps-working-days] a holiday on a weekend, or an unchanged list, moves nothing', () => {
    const task = [{ id: 'a', startDate: '2026-12-21', endDate: '2026-12-31' }];
    expect(movesForCalendarChange(task, cal, calendarOf({ holidays: ['2026-12-26'] }))).toEqual([]);
    expect(movesForCalendarChange(task, calendarOf({ holidays: ['2026-12-25'] }), calendarOf({ holidays: ['2026-12-25'] }))).toEqual([]);
  });
});
