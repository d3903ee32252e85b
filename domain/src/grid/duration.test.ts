import { describe, expect, it } from 'vitest';
import { calendarOf } from '../scheduling/scheduling.fixtures.js';
import { DEFAULT_WORK_CALENDAR } from '../scheduling/work-calendar.js';
import { PARENT_MESSAGES } from '../schemas/task.js';
import { editDuration, formatDuration, GRID_MAX_DURATION_DAYS, parseDuration, withDuration, withFinish, withStart } from './duration.js';

// 2026-11-30 is a Monday; Sat 5 / Sun 6 Dec are a weekend; Fri 25 Dec is a holiday in `christmas`.
const cal = DEFAULT_WORK_CALENDAR;
const christmas = calendarOf({ holidays: ['2026-12-25'] });
const sixDayWeek = calendarOf({ workingWeekdays: [1, 2, 3, 4, 5, 6] });
const review = { startDate: '2026-11-30', endDate: '2026-12-04', kind: 'task' as const };

const days = (text: string, calendar = cal) => {
  const read = parseDuration(text, calendar);
  return read.ok ? read.value : read.reason;
};

describe('[grid-duration] parseDuration', () => {
  it('reads days in every spelling a planner types', () => {
    for (const text of ['5', '5d', '5 d', '5D', '5 days', ' 5 Days ', '5wd']) expect(days(text), text).toBe(5);
    expect(days('1 day')).toBe(1);
    expect(days('1.0d')).toBe(1);
  });

  it('reads weeks as the calendar’s working weekdays', () => {
    expect(days('2w')).toBe(10);
    expect(days('1 wk')).toBe(5);
    expect(days('3 weeks')).toBe(15);
    expect(days('2w', sixDayWeek)).toBe(12);
  });

  it('reads 0 as a milestone', () => {
    expect(days('0')).toBe(0);
    expect(days('0d')).toBe(0);
  });

  it('refuses fractions, hours, negatives, words and empties with a reason to act on', () => {
    expect(days('1.5d')).toBe('«1.5d» is not whole working days. Duration must be a whole number of working days, like 5d (0d for a milestone)');
    expect(days('2,5')).toMatch(/not whole working days/);
    expect(days('0.5w')).toMatch(/not whole working days/);
    expect(days('8h')).toBe('Durations are counted in working days, not hours or months: write it like 5d or 2w');
    expect(days('2 months')).toMatch(/not hours or months/);
    expect(days('-3d')).toMatch(/^Duration cannot be negative/);
    expect(days('five days')).toBe('«five days» is not a duration. Duration must be a whole number of working days, like 5d (0d for a milestone)');
    expect(days('5x')).toMatch(/is not a duration/);
    expect(days('5d 2')).toMatch(/is not a duration/);
    expect(days('   ')).toBe('Type a duration in working days, like 5d (0d for a milestone)');
    expect(days(String(GRID_MAX_DURATION_DAYS + 1))).toBe(`A task can last at most ${GRID_MAX_DURATION_DAYS} working days`);
    expect(days(String(GRID_MAX_DURATION_DAYS))).toBe(GRID_MAX_DURATION_DAYS);
  });
});

describe('[grid-duration] formatDuration', () => {
  it('counts working days, a milestone as 0d', () => {
    expect(formatDuration(review, cal)).toBe('5d');
    // Mon 30 Nov - Mon 7 Dec crosses a weekend: six working days.
    expect(formatDuration({ startDate: '2026-11-30', endDate: '2026-12-07' }, cal)).toBe('6d');
    expect(formatDuration({ startDate: '2026-12-21', endDate: '2026-12-25' }, christmas)).toBe('4d');
    expect(formatDuration({ startDate: '2026-12-01', endDate: '2026-12-01', kind: 'milestone' }, cal)).toBe('0d');
  });
});

describe('[grid-duration] withDuration and editDuration', () => {
  it('moves the finish through weekends', () => {
    // Seven working days from Mon 30 Nov end on Tue 8 Dec.
    expect(withDuration(review, 7, cal)).toEqual({ ok: true, value: { startDate: '2026-11-30', endDate: '2026-12-08', kind: 'task' } });
    expect(withDuration(review, 1, cal)).toEqual({ ok: true, value: { startDate: '2026-11-30', endDate: '2026-11-30', kind: 'task' } });
  });

  it('skips holidays', () => {
    // Mon 21 Dec + 5 working days with Christmas off: Mon 28 Dec.
    const week = { startDate: '2026-12-21', endDate: '2026-12-21' };
    expect(withDuration(week, 5, christmas)).toEqual({ ok: true, value: { startDate: '2026-12-21', endDate: '2026-12-28', kind: 'task' } });
    expect(withDuration(week, 5, cal)).toEqual({ ok: true, value: { startDate: '2026-12-21', endDate: '2026-12-25', kind: 'task' } });
  });

  it('starts a task drawn on a weekend on the next working day', () => {
    expect(withDuration({ startDate: '2026-12-05', endDate: '2026-12-06' }, 2, cal)).toEqual({
      ok: true,
      value: { startDate: '2026-12-07', endDate: '2026-12-08', kind: 'task' },
    });
  });

  it('makes a milestone of 0 and a task of a milestone given days', () => {
    expect(withDuration(review, 0, cal)).toEqual({ ok: true, value: { startDate: '2026-11-30', endDate: '2026-11-30', kind: 'milestone' } });
    const gate = { startDate: '2026-12-04', endDate: '2026-12-04', kind: 'milestone' as const };
    expect(withDuration(gate, 3, cal)).toEqual({ ok: true, value: { startDate: '2026-12-04', endDate: '2026-12-08', kind: 'task' } });
  });

  it('refuses a summary, whose dates come from its subtasks', () => {
    expect(withDuration(review, 3, cal, true)).toEqual({ ok: false, reason: PARENT_MESSAGES.rolledUp });
    expect(editDuration(review, '3d', cal, true)).toEqual({ ok: false, reason: PARENT_MESSAGES.rolledUp });
  });

  it('parses and applies in one call, keeping the parse reason', () => {
    expect(editDuration(review, '2w', cal)).toEqual({ ok: true, value: { startDate: '2026-11-30', endDate: '2026-12-11', kind: 'task' } });
    expect(editDuration(review, '1.5d', cal)).toMatchObject({ ok: false, reason: expect.stringMatching(/whole number/) });
    expect(withDuration(review, 1.5, cal).ok).toBe(false);
  });
});

describe('[grid-start] [grid-finish] typed dates', () => {
  it('moves the task by its start, keeping its working days', () => {
    expect(withStart(review, '2026-12-03', cal)).toEqual({ ok: true, value: { startDate: '2026-12-03', endDate: '2026-12-09', kind: 'task' } });
    // A Saturday start goes to Monday.
    expect(withStart(review, '2026-12-05', cal)).toEqual({ ok: true, value: { startDate: '2026-12-07', endDate: '2026-12-11', kind: 'task' } });
    expect(withStart({ startDate: '2026-12-01', endDate: '2026-12-01', kind: 'milestone' }, '2026-12-24', christmas)).toEqual({
      ok: true,
      value: { startDate: '2026-12-24', endDate: '2026-12-24', kind: 'milestone' },
    });
  });

  it('changes the duration by the finish, a weekend finish going back to Friday', () => {
    expect(withFinish(review, '2026-12-06', cal)).toEqual({ ok: true, value: { startDate: '2026-11-30', endDate: '2026-12-04', kind: 'task' } });
    expect(withFinish(review, '2026-12-02', cal)).toEqual({ ok: true, value: { startDate: '2026-11-30', endDate: '2026-12-02', kind: 'task' } });
  });

  it('refuses bad dates, a finish before the start and summaries', () => {
    expect(withStart(review, '2026-02-30', cal)).toEqual({ ok: false, reason: '«2026-02-30» is not a date. Write the date as yyyy-mm-dd, like 2026-12-07' });
    expect(withFinish(review, 'soon', cal).ok).toBe(false);
    expect(withFinish(review, '2026-11-27', cal)).toEqual({ ok: false, reason: 'The finish cannot be before the start (2026-11-30): type a later date, or a duration' });
    expect(withStart(review, '2026-12-03', cal, true)).toEqual({ ok: false, reason: PARENT_MESSAGES.rolledUp });
    expect(withFinish(review, '2026-12-03', cal, true)).toEqual({ ok: false, reason: PARENT_MESSAGES.rolledUp });
  });
});
