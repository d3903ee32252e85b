import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, weekday } from '../timeline/calendar-date.js';
import { calendarOf } from './scheduling.fixtures.js';
import { createWorkCalendar, DEFAULT_WORK_CALENDAR } from './work-calendar.js';

// 2026-11-23 is a Monday; 2026-11-28/29 a weekend.
const cal = DEFAULT_WORK_CALENDAR;

describe('work calendar', () => {
  it('[work-calendar] Monday to Friday by default; holidays are not working days', () => {
    expect(['2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30'].map(cal.isWorkingDay)).toEqual([true, false, false, true]);
    const christmas = calendarOf({ holidays: ['2026-12-25'] });
    expect(christmas.isWorkingDay('2026-12-25')).toBe(false);
    expect(christmas.isWorkingDay('2026-12-24')).toBe(true);
  });

  it('[work-calendar] a calendar needs at least one working weekday; bad holidays are refused', () => {
    expect(createWorkCalendar({ workingWeekdays: [], holidays: [] })).toEqual({ ok: false, reason: 'At least one weekday must be a working day' });
    expect(createWorkCalendar({ workingWeekdays: [7], holidays: [] }).ok).toBe(false);
    expect(createWorkCalendar({ workingWeekdays: [1], holidays: ['2026-02-30'] }).ok).toBe(false);
    const ok = createWorkCalendar({ workingWeekdays: [5, 1, 1], holidays: ['2026-12-25', '2026-01-01', '2026-12-25'] });
    expect(ok.ok && [ok.calendar.workingWeekdays, ok.calendar.holidays]).toEqual([[1, 5], ['2026-01-01', '2026-12-25']]);
  });

  it('[work-calendar] adds working days forwards and backwards over weekends and holidays', () => {
    expect(cal.addWorkingDays('2026-11-27', 1)).toBe('2026-11-30');
    expect(cal.addWorkingDays('2026-11-23', 10)).toBe('2026-12-07');
    expect(cal.addWorkingDays('2026-11-30', -1)).toBe('2026-11-27');
    expect(cal.addWorkingDays('2026-11-28', 1)).toBe('2026-11-30');
    expect(cal.addWorkingDays('2026-11-28', -1)).toBe('2026-11-27');
    expect(cal.addWorkingDays('2026-11-28', 0)).toBe('2026-11-28');
    const holidays = calendarOf({ holidays: ['2026-11-30', '2026-12-01'] });
    expect(holidays.addWorkingDays('2026-11-27', 1)).toBe('2026-12-02');
    expect(holidays.addWorkingDays('2026-12-02', -1)).toBe('2026-11-27');
    expect(() => cal.addWorkingDays('2026-11-27', 1.5)).toThrow(RangeError);
  });

  it('[work-calendar] counts working days inclusive, 0 when the range is empty or all weekend', () => {
    expect(cal.workingDaysBetween('2026-11-23', '2026-11-27')).toBe(5);
    expect(cal.workingDaysBetween('2026-11-23', '2026-11-23')).toBe(1);
    expect(cal.workingDaysBetween('2026-11-27', '2026-11-30')).toBe(2);
    expect(cal.workingDaysBetween('2026-11-28', '2026-11-29')).toBe(0);
    expect(cal.workingDaysBetween('2026-11-27', '2026-11-23')).toBe(0);
    expect(calendarOf({ holidays: ['2026-11-25'] }).workingDaysBetween('2026-11-23', '2026-11-27')).toBe(4);
  });

  it('[work-calendar] next and previous working day are strictly after and before', () => {
    expect(cal.nextWorkingDay('2026-11-27')).toBe('2026-11-30');
    expect(cal.nextWorkingDay('2026-11-28')).toBe('2026-11-30');
    expect(cal.nextWorkingDay('2026-11-23')).toBe('2026-11-24');
    expect(cal.previousWorkingDay('2026-11-30')).toBe('2026-11-27');
    expect(cal.previousWorkingDay('2026-11-29')).toBe('2026-11-27');
    expect(calendarOf({ holidays: ['2026-12-31', '2027-01-01'] }).nextWorkingDay('2026-12-30')).toBe('2027-01-04');
  });

  it('[work-calendar] other weeks: Sunday to Thursday, and Saturday only', () => {
    const sunThu = calendarOf({ workingWeekdays: [0, 1, 2, 3, 4] });
    expect(sunThu.nextWorkingDay('2026-11-26')).toBe('2026-11-29');
    expect(sunThu.addWorkingDays('2026-11-26', 2)).toBe('2026-11-30');
    const saturdays = calendarOf({ workingWeekdays: [6], holidays: ['2026-12-05'] });
    expect(saturdays.addWorkingDays('2026-11-28', 1)).toBe('2026-12-12');
    expect(saturdays.workingDaysBetween('2026-11-01', '2026-12-31')).toBe(7); // 8 Saturdays, one a holiday
  });

  it('[work-calendar] indexes agree with counting day by day, before and after 1970, for any calendar', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }),
        fc.uniqueArray(fc.integer({ min: 0, max: 60 }), { maxLength: 10 }),
        fc.constantFrom('1969-12-01', '2026-11-02', '2100-02-20'),
        (workingWeekdays, holidayOffsets, first) => {
          const calendar = calendarOf({ workingWeekdays, holidays: holidayOffsets.map((d) => addDays(first, d)) });
          const holidays = new Set(holidayOffsets.map((d) => addDays(first, d)));
          let index = calendar.indexOnOrAfter(first);
          for (let i = 0; i < 60; i++) {
            const day = addDays(first, i);
            const working = workingWeekdays.includes(weekday(day)) && !holidays.has(day);
            expect(calendar.isWorkingDay(day)).toBe(working);
            expect(calendar.indexOnOrAfter(day)).toBe(index);
            if (working) {
              expect(calendar.dateOfIndex(index)).toBe(day);
              expect(calendar.indexOnOrBefore(day)).toBe(index);
              index++;
            } else {
              expect(calendar.indexOnOrBefore(day)).toBe(index - 1);
            }
          }
        },
      ),
    );
  });

  it('[work-calendar] adding n then -n working days comes back to a working day; the count is n + 1', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }),
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: -300, max: 300 }),
        (workingWeekdays, offset, n) => {
          const calendar = calendarOf({ workingWeekdays, holidays: ['2026-12-25', '2027-01-01'] });
          const day = calendar.addWorkingDays(calendar.previousWorkingDay(addDays('2026-06-01', offset)), 1);
          const there = calendar.addWorkingDays(day, n);
          expect(calendar.isWorkingDay(there)).toBe(true);
          expect(calendar.addWorkingDays(there, -n)).toBe(day);
          const [a, b] = n >= 0 ? [day, there] : [there, day];
          expect(calendar.workingDaysBetween(a, b)).toBe(Math.abs(n) + 1);
        },
      ),
    );
  });
});
