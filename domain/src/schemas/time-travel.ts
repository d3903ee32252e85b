import { z } from 'zod';

/*
 * Time travel (issue 19): the plan as it was at an instant, rebuilt from the history (rules/time-travel.ts), and a
 * restore to it as an ordinary edit.
 */

const AT_MESSAGE = 'at must be a date and time in ISO 8601 with its zone, like 2026-11-20T10:00:00Z';

/** An instant of the plan's history; one in the future reads as now. */
export const planInstantSchema = z
  .string({ error: AT_MESSAGE })
  .pipe(z.iso.datetime({ offset: true, error: AT_MESSAGE }))
  .transform((text) => new Date(text))
  .refine((at) => !Number.isNaN(at.getTime()), AT_MESSAGE);

/** GET /api/projects/{id}/tasks[?at=…]: the tasks now, or as they were at that instant. */
export const taskListQuerySchema = z.object({ at: planInstantSchema.optional() });

/** POST /api/projects/{id}/restore: one task (`taskId`), or the whole plan, back to what it was at `at`. */
export const restoreInputSchema = z.object({
  at: planInstantSchema,
  taskId: z.uuid({ error: 'taskId must be the id of a task' }).transform((id) => id.toLowerCase()).optional(),
});
export type RestoreInput = z.infer<typeof restoreInputSchema>;
