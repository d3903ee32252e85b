import { dayNumber, fromDayNumber } from '../timeline/calendar-date.js';

/**
 * A project's working calendar: which weekdays are worked, and holidays. Scheduling counts in working days
 * (lag, durations, slack), so every date is also given a working-day index: consecutive working days have
 * consecutive indexes, wherever weekends and holidays fall. Indexes are relative (only their differences mean
 * anything) and are computed arithmetically from day numbers, never from local-time Dates (ARCHITECTURE §5).
 */
export interface WorkCalendar {
  /** Sorted, without repeats. */
  readonly workingWeekdays: readonly number[];
  /** Sorted, without repeats. */
  readonly holidays: readonly string[];
  isWorkingDay(date: string): boolean;
  /**
   * `days` working days after (or, when negative, before) `date`. From a non-working day the first step lands on
   * the nearest working day in that direction; 0 gives `date` back unchanged.
   */
  addWorkingDays(date: string, days: number): string;
  /** Working days from `start` to `end`, both included (a task's duration); 0 when `end` is before `start`. */
  workingDaysBetween(start: string, end: string): number;
  /** The first working day after `date` (strictly). */
  nextWorkingDay(date: string): string;
  /** The last working day before `date` (strictly). */
  previousWorkingDay(date: string): string;
  /** Index of the first working day on or after `date`. */
  indexOnOrAfter(date: string): number;
  /** Index of the last working day on or before `date`. */
  indexOnOrBefore(date: string): number;
  /** The working day with this index. */
  dateOfIndex(index: number): string;
}

const weekdayOf = (day: number) => (((day + 4) % 7) + 7) % 7;

/**
 * The calendar of these working weekdays (0 Sunday … 6 Saturday) and holidays, unchecked: createWorkCalendar
 * (work-calendar.ts) checks project settings first. Apart from it so that the first screen's painter
 * (first-screen-drag.ts) counts working days as the chart does without the settings' schema.
 */
export function buildCalendar(workingWeekdays: number[], holidays: string[]): WorkCalendar {
  // Weeks are counted from day 0 (1970-01-01, a Thursday): position r of a week is weekday (r + 4) % 7.
  const worked = Array.from({ length: 7 }, (_, r) => workingWeekdays.includes((r + 4) % 7));
  const before = [0];
  for (let r = 0; r < 7; r++) before.push(before[r]! + (worked[r] ? 1 : 0));
  const perWeek = before[7]!;
  const positions = worked.flatMap((w, r) => (w ? [r] : []));
  // Only holidays on worked weekdays change any count.
  const holidayDays = holidays.map(dayNumber).filter((d) => workingWeekdays.includes(weekdayOf(d)));
  const holidaySet = new Set(holidayDays);

  /** Worked weekdays in [0, day), negative before day 0. */
  const patternCount = (day: number) => {
    const week = Math.floor(day / 7);
    return week * perWeek + before[day - week * 7]!;
  };
  /** The worked weekday with that pattern count, ignoring holidays. */
  const patternDay = (count: number) => {
    const week = Math.floor(count / perWeek);
    return week * 7 + positions[count - week * perWeek]!;
  };
  /** Holidays strictly before `day`. */
  const holidaysBefore = (day: number) => {
    let lo = 0;
    let hi = holidayDays.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (holidayDays[mid]! < day) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  /** Working days in [0, day): the index of the first working day on or after `day`. */
  const count = (day: number) => patternCount(day) - holidaysBefore(day);
  const dayOfIndex = (index: number) => {
    // Fixed point: the day whose pattern count is index + the holidays up to it. Climbs from 0 holidays, so it
    // stops at the least fixed point, which is never a holiday.
    let skipped = 0;
    for (;;) {
      const day = patternDay(index + skipped);
      const found = holidaysBefore(day + 1);
      if (found === skipped) return day;
      skipped = found;
    }
  };
  const isWorking = (day: number) => worked[((day % 7) + 7) % 7]! && !holidaySet.has(day);

  const calendar: WorkCalendar = {
    workingWeekdays: Object.freeze(workingWeekdays),
    holidays: Object.freeze(holidays),
    isWorkingDay: (date) => isWorking(dayNumber(date)),
    addWorkingDays(date, days) {
      if (!Number.isInteger(days)) throw new RangeError('Working days must be a whole number');
      if (days === 0) return fromDayNumber(dayNumber(date));
      const day = dayNumber(date);
      const from = days > 0 ? count(day + 1) - 1 : count(day);
      return fromDayNumber(dayOfIndex(from + days));
    },
    workingDaysBetween: (start, end) => Math.max(0, count(dayNumber(end) + 1) - count(dayNumber(start))),
    nextWorkingDay: (date) => fromDayNumber(dayOfIndex(count(dayNumber(date) + 1))),
    previousWorkingDay: (date) => fromDayNumber(dayOfIndex(count(dayNumber(date)) - 1)),
    indexOnOrAfter: (date) => count(dayNumber(date)),
    indexOnOrBefore: (date) => count(dayNumber(date) + 1) - 1,
    dateOfIndex: (index) => fromDayNumber(dayOfIndex(index)),
  };
  return Object.freeze(calendar);
}
