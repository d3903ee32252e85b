import { z } from 'zod';
import { linkSchema } from '../schemas/dependency.js';
import { calendarDateSchema } from '../schemas/calendar-date.js';

/**
 * What the scheduling engine reads (ARCHITECTURE §3a): links (schemas/dependency.ts), the project's working calendar and
 * the few task fields that scheduling needs. The document stores a dependency as `{ type, lagDays }` under the
 * key `${taskId}->${dependsOnTaskId}`; the engine reads the same pair with the two ids beside it.
 */

/** A link as the engine reads it: `taskId` (the successor) depends on `dependsOnTaskId` (the predecessor). */
export const scheduleLinkSchema = z.object({ ...linkSchema.shape, taskId: z.string(), dependsOnTaskId: z.string() });
export type ScheduleLink = z.infer<typeof scheduleLinkSchema>;

/** 0 = Sunday … 6 = Saturday, as calendar-date.ts `weekday` numbers them. */
export const DEFAULT_WORKING_WEEKDAYS: readonly number[] = [1, 2, 3, 4, 5];

/** The most holidays a project keeps (also the database's CHECK on projects.holidays). */
export const MAX_HOLIDAYS = 10_000;

const weekdayNumber = z
  .number({ error: 'Working weekdays are numbers from 0 (Sunday) to 6 (Saturday)' })
  .int('Working weekdays are numbers from 0 (Sunday) to 6 (Saturday)')
  .min(0, 'Working weekdays are numbers from 0 (Sunday) to 6 (Saturday)')
  .max(6, 'Working weekdays are numbers from 0 (Sunday) to 6 (Saturday)');

export const workCalendarSettingsSchema = z.object({
  workingWeekdays: z
    .array(weekdayNumber, { error: 'Working weekdays must be a list of weekday numbers' })
    .refine((days) => days.length > 0, 'At least one weekday must be a working day')
    .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
  holidays: z
    .array(calendarDateSchema, { error: 'Holidays must be a list of yyyy-MM-dd dates' })
    .max(MAX_HOLIDAYS, `At most ${MAX_HOLIDAYS.toLocaleString('en-US')} holidays`).transform((days) => [...new Set(days)].sort()),
});
export type WorkCalendarSettings = z.input<typeof workCalendarSettingsSchema>;

export const taskKindSchema = z.enum(['task', 'milestone'], { error: 'Kind must be task or milestone' });
export type TaskKind = z.infer<typeof taskKindSchema>;

/** The fields of a task the engine reads. A milestone's day is its startDate. */
export const scheduleTaskSchema = z.object({
  id: z.string(),
  name: z.string(),
  startDate: calendarDateSchema,
  endDate: calendarDateSchema,
  kind: taskKindSchema.optional(),
  parentId: z.string().nullable().optional(),
  progress: z.number().min(0).max(100).optional(),
});
export type ScheduleTask = z.infer<typeof scheduleTaskSchema>;

/** GET /api/projects/{id}/schedule: the critical path and each task's total slack, in working days. */
export const projectScheduleSchema = z.object({
  criticalTaskIds: z.array(z.string()),
  slackDays: z.record(z.string(), z.number().int()),
  projectStart: calendarDateSchema.nullable(),
  projectEnd: calendarDateSchema.nullable(),
});
export type ProjectSchedule = z.infer<typeof projectScheduleSchema>;
