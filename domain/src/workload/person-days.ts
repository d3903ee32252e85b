import { dayNumber, fromDayNumber } from '../timeline/calendar-date.js';
import { DEFAULT_CAPACITY, type Capacity, type DayOff } from '../schemas/workload.js';
import type { WorkCalendar } from '../scheduling/work-calendar.js';

/**
 * A person's days as the load arithmetic reads them, on day numbers (days since 1970-01-01, ARCHITECTURE §5): no
 * Date, no time zone. Built once per person per computation, so the per-task loops only index arrays and sets.
 */
export interface PersonDays {
  readonly hoursPerDay: number;
  /**
   * Whether the person's own week and days off allow load on this day. With `workingDays` null the person follows
   * each project's calendar, so every weekday passes here and the project calendar decides.
   */
  mayWork(day: number): boolean;
  /** Whether the day counts toward capacity: their working weekday (or the base calendar's day) and not off. */
  isCapacityDay(day: number): boolean;
}

/** 0 = Sunday … 6 = Saturday for a day number (1970-01-01 was a Thursday). */
export const weekdayOfDay = (day: number) => (((day + 4) % 7) + 7) % 7;

/** Day numbers first..last, both included: the days a computation reads. */
export interface DayWindow {
  first: number;
  last: number;
}

/**
 * Whether a day is off, over ranges of days off merged and sorted (clipped to `window` when given). A lookup is a
 * binary search over the ranges, never a set of their days: a person may keep 500 ranges of up to two years each
 * (their schema's limit), and leveling reads a line of days that grows as it delays tasks, so no window is known
 * up front there; either way a long leave costs the days read, not its length.
 */
export function daysOffLookup(daysOff: readonly Pick<DayOff, 'from' | 'to'>[], window?: DayWindow): (day: number) => boolean {
  const ranges = daysOff
    .map((r) => [Math.max(dayNumber(r.from), window?.first ?? -Infinity), Math.min(dayNumber(r.to), window?.last ?? Infinity)] as const)
    .filter(([from, to]) => from <= to)
    .sort((x, y) => x[0] - y[0]);
  const starts: number[] = [];
  const ends: number[] = [];
  for (const [from, to] of ranges) {
    if (ends.length && from <= ends[ends.length - 1]! + 1) ends[ends.length - 1] = Math.max(ends[ends.length - 1]!, to);
    else {
      starts.push(from);
      ends.push(to);
    }
  }
  if (!starts.length) return () => false;
  return (day) => {
    // The last range starting on or before the day.
    if (day < starts[0]!) return false;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= day) lo = mid;
      else hi = mid - 1;
    }
    return day <= ends[lo]!;
  };
}

/**
 * @param baseCalendar what capacity counts for a person without working days of their own (the team's default
 * calendar): its working days, holidays included.
 * @param window the days the caller will ask about, when known (days off outside it are dropped).
 */
export function personDays(capacity: Capacity | undefined, baseCalendar: WorkCalendar, window?: DayWindow): PersonDays {
  const { hoursPerDay, workingDays, daysOff } = capacity ?? DEFAULT_CAPACITY;
  const isOff = daysOffLookup(daysOff, window);
  // ISO 1..7 (Monday..Sunday) to the calendar's 0..6 (Sunday..Saturday): 7 % 7 = 0.
  const ownWeek = workingDays ? new Set(workingDays.map((d) => d % 7)) : null;
  const baseWorked = new Map<number, boolean>();
  const baseWorks = (day: number) => {
    let known = baseWorked.get(day);
    if (known === undefined) baseWorked.set(day, (known = baseCalendar.isWorkingDay(fromDayNumber(day))));
    return known;
  };
  return {
    hoursPerDay,
    mayWork: ownWeek ? (day) => ownWeek.has(weekdayOfDay(day)) && !isOff(day) : (day) => !isOff(day),
    isCapacityDay: ownWeek ? (day) => ownWeek.has(weekdayOfDay(day)) && !isOff(day) : (day) => baseWorks(day) && !isOff(day),
  };
}

/** Working days of a calendar over day numbers [first, first + length): 1 worked, 0 not. */
export function workingMask(calendar: WorkCalendar, first: number, length: number): Uint8Array {
  const mask = new Uint8Array(length);
  for (let i = 0; i < length; i++) mask[i] = calendar.isWorkingDay(fromDayNumber(first + i)) ? 1 : 0;
  return mask;
}

/**
 * Hours, to the hundredth, as the figures are shown ("10.5h / 8h"). Sums of shares drift in the last bits with the
 * order they are added in (2.025 + 2.4 + 12.3 is 16.724999… one way and 16.725000… another), so the sum is first
 * settled to the millionth, where no share of whole percents of a day's hours has digits, and only then rounded:
 * a half-hundredth always rounds up, whatever order the tasks came in.
 */
export const roundHours = (hours: number) => Math.round(Math.round(hours * 1e6) / 1e4) / 100;

/** Tolerance when comparing sums of shares with a capacity (33% of 8h three times is not exactly 7.92). */
export const HOURS_EPSILON = 1e-6;
