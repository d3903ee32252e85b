import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  DAY_MS,
  dayNumber,
  dayNumberOrNull,
  daysBetween,
  endOfMonth,
  formatCalendarDate,
  formatMonthYear,
  fromDayNumber,
  isCalendarDate,
  localCalendarDate,
  todayDayNumber,
  utcMidnight,
  weekday,
} from './calendar-date.js';
import { describeInZones } from './time-zones.fixtures.js';

describeInZones((zone) => {
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

  describe('stored values and other formats', () => {
    it('[calendar-date] a stored value that may not be a date reads as a day number or null', () => {
      expect(dayNumberOrNull('2026-03-08')).toBe(dayNumber('2026-03-08'));
      expect(dayNumberOrNull('2026-03-08T23:30:00Z')).toBe(dayNumber('2026-03-08'));
      expect(dayNumberOrNull(null)).toBeNull();
      expect(dayNumberOrNull(undefined)).toBeNull();
      expect(dayNumberOrNull('')).toBeNull();
      expect(dayNumberOrNull('2026-02-30')).toBeNull();
      expect(dayNumberOrNull('soon')).toBeNull();
      expect(fromDayNumber(dayNumberOrNull('2026-04-05')! + 1)).toBe('2026-04-06');
    });

    it('[calendar-date] today must be a real date', () => {
      expect(todayDayNumber('2026-11-23')).toBe(dayNumber('2026-11-23'));
      expect(() => todayDayNumber('2026-13-01')).toThrow("today must be a yyyy-MM-dd date, got '2026-13-01'");
    });

    it('[calendar-date] a date as a Date is UTC midnight, whatever the zone', () => {
      expect(utcMidnight('2026-03-08').toISOString()).toBe('2026-03-08T00:00:00.000Z');
      expect(utcMidnight('2026-04-05').getTime() - utcMidnight('2026-04-04').getTime()).toBe(DAY_MS);
    });

    it('[calendar-date] month and year label', () => {
      expect(formatMonthYear('2026-11-23')).toBe('Nov 2026');
      expect(formatMonthYear('2027-01-01')).toBe('Jan 2027');
    });
  });
});
