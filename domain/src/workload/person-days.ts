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
 * The day numbers of ranges of days off (each range is at most two years long, by its schema), within `window` when
 * given: a person may keep 500 ranges, and a computation reads only its own days.
 */
export function daysOffSet(daysOff: readonly Pick<DayOff, 'from' | 'to'>[], window?: DayWindow): Set<number> {
  const off = new Set<number>();
  for (const range of daysOff) {
    const last = Math.min(dayNumber(range.to), window?.last ?? Infinity);
    for (let d = Math.max(dayNumber(range.from), window?.first ?? -Infinity); d <= last; d++) off.add(d);
  }
  return off;
}

/**
 * @param baseCalendar what capacity counts for a person without working days of their own (the team's default
 * calendar): its working days, holidays included.
 * @param window the days the caller will ask about (days off outside it are not expanded).
 */
export function personDays(capacity: Capacity | undefined, baseCalendar: WorkCalendar, window?: DayWindow): PersonDays {
  const { hoursPerDay, workingDays, daysOff } = capacity ?? DEFAULT_CAPACITY;
  const off = daysOffSet(daysOff, window);
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
    mayWork: ownWeek ? (day) => ownWeek.has(weekdayOfDay(day)) && !off.has(day) : (day) => !off.has(day),
    isCapacityDay: ownWeek ? (day) => ownWeek.has(weekdayOfDay(day)) && !off.has(day) : (day) => baseWorks(day) && !off.has(day),
  };
}

/** Working days of a calendar over day numbers [first, first + length): 1 worked, 0 not. */
export function workingMask(calendar: WorkCalendar, first: number, length: number): Uint8Array {
  const mask = new Uint8Array(length);
  for (let i = 0; i < length; i++) mask[i] = calendar.isWorkingDay(fromDayNumber(first + i)) ? 1 : 0;
  return mask;
}

/** Hours, to the hundredth, as the figures are shown ("10.5h / 8h"): sums of many shares drift in the last bits. */
export const roundHours = (hours: number) => Math.round(hours * 100) / 100;

/** Tolerance when comparing sums of shares with a capacity (33% of 8h three times is not exactly 7.92). */
export const HOURS_EPSILON = 1e-6;
