import { z } from 'zod';
import { dayNumber, isCalendarDate } from '../timeline/calendar-date.js';
import { calendarDateSchema } from './calendar-date.js';
import { wellFormed } from './text.js';
import { textError } from './user.js';
import { ALLOCATION_DEFAULT, type Assignment } from './task.js';

export type { Assignment };

/**
 * Issue 36: people's capacity, task assignments with allocation, and the workload query. The load arithmetic
 * (domain/src/workload) reads the parsed values; the API validates with these schemas, so a bad value is a 400
 * with the message written here and nothing is stored.
 */

export const HOURS_PER_DAY_DEFAULT = 8;
export const HOURS_PER_DAY_MIN = 0.5;
export const HOURS_PER_DAY_MAX = 24;
/** The longest range of days off, and of a workload query: two years (to before the same date two years on). */
export const MAX_RANGE_YEARS = 2;
export const MAX_DAYS_OFF = 500;
export const DAY_OFF_NOTE_MAX_LENGTH = 200;

/** Whether `to` falls within two years of `from`: 2026-01-01..2027-12-31 does, 2026-01-01..2028-01-01 does not. */
export function withinTwoYears(from: string, to: string): boolean {
  // Compared as (year, month-day) rather than by building the date two years on, which past 9997 has no
  // 'yyyy-MM-dd' form (a 500 for a range in 9998-9999).
  const fromYear = Number(from.slice(0, 4));
  const years = Number(to.slice(0, 4)) - fromYear;
  const year = fromYear + MAX_RANGE_YEARS;
  // The same date two years on; from 29 February, the 28th when that year has no 29th.
  const sameDay = from.slice(5) === '02-29' && !(year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)) ? '02-28' : from.slice(5);
  return years < MAX_RANGE_YEARS || (years === MAX_RANGE_YEARS && to.slice(5) < sameDay);
}

/** Zod runs an object's refinements even when a field failed: these judge only two real dates. */
const bothDates = (v: { from: unknown; to: unknown }): v is { from: string; to: string } => isCalendarDate(v.from) && isCalendarDate(v.to);
const inOrder = (v: { from: unknown; to: unknown }) => !bothDates(v) || v.from <= v.to;
const notTooLong = (v: { from: unknown; to: unknown }) => !bothDates(v) || v.from > v.to || withinTwoYears(v.from, v.to);

const HOURS_MESSAGE = `Hours per day must be a number from ${HOURS_PER_DAY_MIN} to ${HOURS_PER_DAY_MAX}`;
export const hoursPerDaySchema = z
  .number({ error: HOURS_MESSAGE })
  .refine(Number.isFinite, HOURS_MESSAGE)
  .min(HOURS_PER_DAY_MIN, HOURS_MESSAGE)
  .max(HOURS_PER_DAY_MAX, HOURS_MESSAGE);

const WEEKDAY_MESSAGE = 'Working days are ISO weekday numbers from 1 (Monday) to 7 (Sunday)';
/** ISO weekdays, as the capacity API writes them: 1 = Monday … 7 = Sunday (the project calendar counts 0 = Sunday … 6). */
export const isoWeekdaySchema = z.number({ error: WEEKDAY_MESSAGE }).int(WEEKDAY_MESSAGE).min(1, WEEKDAY_MESSAGE).max(7, WEEKDAY_MESSAGE);

export const workingDaysSchema = z
  .array(isoWeekdaySchema, { error: 'Working days must be a list of weekday numbers' })
  .min(1, 'At least one weekday must be a working day')
  .max(7, 'Working days must be a list of weekday numbers')
  .transform((days) => [...new Set(days)].sort((a, b) => a - b));

const requiredDate = (label: string) =>
  z
    .string({ error: (i) => (i.input === undefined || i.input === null ? `${label} is required` : `${label} must be text`) })
    .pipe(calendarDateSchema);

export const dayOffSchema = z
  .object({
    from: requiredDate('The first day off'),
    to: requiredDate('The last day off'),
    note: z
      .string({ error: textError('Note') })
      .overwrite(wellFormed)
      .trim()
      .max(DAY_OFF_NOTE_MAX_LENGTH, `A day off's note must be at most ${DAY_OFF_NOTE_MAX_LENGTH} characters`)
      .default(''),
  })
  .refine(inOrder, { message: 'Days off cannot end before they start', path: ['to'] })
  .refine(notTooLong, { message: 'Days off can span at most 2 years', path: ['to'] });
export type DayOff = z.infer<typeof dayOffSchema>;

/**
 * GET/PUT /api/teams/{teamId}/members/{userId}/capacity. `workingDays` null (the default) means "the project
 * calendar's": each project's own working weekdays decide, and capacity counts the team's default calendar.
 */
export const capacityInputSchema = z.object({
  hoursPerDay: hoursPerDaySchema.default(HOURS_PER_DAY_DEFAULT),
  workingDays: workingDaysSchema.nullable().default(null),
  daysOff: z
    .array(dayOffSchema, { error: 'Days off must be a list of { from, to, note }' })
    .max(MAX_DAYS_OFF, `At most ${MAX_DAYS_OFF} ranges of days off`)
    .default([]),
});
export type CapacityInput = z.input<typeof capacityInputSchema>;
export type Capacity = z.infer<typeof capacityInputSchema>;

/** A team member's capacity as the load arithmetic reads it. */
export type PersonCapacity = Capacity & { userId: string };

export const DEFAULT_CAPACITY: Capacity = Object.freeze({ hoursPerDay: HOURS_PER_DAY_DEFAULT, workingDays: null, daysOff: [] });

/** `assigneeIds` as PATCH /api/tasks/{id} still takes them (and as tasks stored before allocations read): 100% each. */
export function assignmentsFromAssigneeIds(assigneeIds: readonly string[]): Assignment[] {
  return assigneeIds.map((userId) => ({ userId, allocation: ALLOCATION_DEFAULT }));
}

export const WORKLOAD_SCALES = ['day', 'week', 'month'] as const;
export const workloadScaleSchema = z.enum(WORKLOAD_SCALES, { error: 'Scale must be one of day, week or month' });
export type WorkloadScale = z.infer<typeof workloadScaleSchema>;

/**
 * The longest range read by day: a year, a leap one included (the range the benchmark budgets by day). The answer
 * is a bucket per person per day, each listing the tasks behind it: by week or month the 2-year rule keeps it to
 * 105 or 25 buckets a person, by day 2 years would be 731, seven times the week's answer for every person.
 */
export const WORKLOAD_DAY_SCALE_MAX_DAYS = 366;
export const WORKLOAD_DAY_SCALE_TOO_LONG = `By day, a workload range can span at most ${WORKLOAD_DAY_SCALE_MAX_DAYS} days: choose week or month for a longer range`;
const dayScaleFits = (v: { from: unknown; to: unknown; scale?: unknown }) =>
  v.scale !== 'day' || !bothDates(v) || v.from > v.to || !withinTwoYears(v.from, v.to) || dayNumber(v.to) - dayNumber(v.from) + 1 <= WORKLOAD_DAY_SCALE_MAX_DAYS;

/** GET /api/teams/{teamId}/workload?from=&to=&scale= (query strings). */
export const workloadQuerySchema = z
  .object({
    from: requiredDate('From'),
    to: requiredDate('To'),
    scale: workloadScaleSchema
      .default('week')
      .describe(`day, week or month (week when absent); a range spans at most 2 years, and by day at most ${WORKLOAD_DAY_SCALE_MAX_DAYS} days`),
    only: z
      .enum(['overloads'], { error: 'only must be overloads' })
      .optional()
      .describe("overloads: each person's overload spans and no buckets (the chart's over-allocation marks); the whole answer when absent"),
  })
  .refine(inOrder, { message: 'The range cannot end before it starts', path: ['to'] })
  .refine(notTooLong, { message: 'A workload range can span at most 2 years', path: ['to'] })
  .refine(dayScaleFits, { message: WORKLOAD_DAY_SCALE_TOO_LONG, path: ['scale'] });
export type WorkloadQuery = z.infer<typeof workloadQuerySchema>;

/** POST /api/projects/{projectId}/level. */
export const levelInputSchema = z.object({
  preview: z.boolean({ error: 'preview must be true or false' }),
  userIds: z
    .array(z.uuid({ error: 'Person is not valid' }).transform((id) => id.toLowerCase()), { error: 'userIds must be a list of people' })
    .max(1000, 'At most 1,000 people')
    .optional(),
});
export type LevelInput = z.infer<typeof levelInputSchema>;

/** A task's hours in a bucket of GET /api/teams/{teamId}/workload; ids null for a project the viewer cannot open. */
export interface WorkloadAnswerTask {
  taskId: string | null;
  projectId: string | null;
  name: string;
  hours: number;
}

export interface WorkloadAnswerBucket {
  start: string;
  end: string;
  capacityHours: number;
  allocatedHours: number;
  tasks: WorkloadAnswerTask[];
}

export interface WorkloadAnswerPerson {
  /** null for the Unassigned row. */
  userId: string | null;
  name: string;
  buckets: WorkloadAnswerBucket[];
  overloads: { from: string; to: string; peakPercent: number; taskIds: string[] }[];
}

/** GET /api/teams/{teamId}/workload, as the API answers it and the web reads it. */
export interface WorkloadAnswer {
  teamId: string;
  from: string;
  to: string;
  scale: WorkloadScale;
  people: WorkloadAnswerPerson[];
  unassigned: WorkloadAnswerPerson;
  /** The projects named in the answer (those the viewer can open). */
  projects: { id: string; name: string }[];
}
