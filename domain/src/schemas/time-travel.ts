import { z } from 'zod';

/*
 * Time travel (issue 19): the plan as it was at an instant, rebuilt from the history (rules/time-travel.ts), and a
 * restore to it as an ordinary edit.
 */

const AT_MESSAGE = 'at must be a date and time in ISO 8601 with its zone, like 2026-11-20T10:00:00Z';

/**
 * The instants the database holds and reads back as this one (PostgreSQL refuses year 0 and years past 9999 in the
 * form the driver sends): an `at` must fall in these years once converted to UTC (issue 34 item 6).
 */
export const PLAN_INSTANT_MIN = new Date('0001-01-01T00:00:00.000Z');
export const PLAN_INSTANT_MAX = new Date('9999-12-31T23:59:59.999Z');
const AT_RANGE_MESSAGE = 'at must be between 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z once converted to UTC';

/**
 * An instant of the plan's history, for every route that takes one (the task list, its moves, a restore); one in
 * the future reads as now.
 */
export const planInstantSchema = z
  .string({ error: AT_MESSAGE })
  .pipe(z.iso.datetime({ offset: true, error: AT_MESSAGE }))
  .transform((text) => new Date(text))
  .refine((at) => Number.isFinite(at.getTime()), { error: AT_MESSAGE, abort: true })
  .refine((at) => at >= PLAN_INSTANT_MIN && at <= PLAN_INSTANT_MAX, AT_RANGE_MESSAGE);

/** GET /api/projects/{id}/tasks[?at=…]: the tasks now, or as they were at that instant. */
export const taskListQuerySchema = z.object({ at: planInstantSchema.optional() });

/** POST /api/projects/{id}/restore: one task (`taskId`), or the whole plan, back to what it was at `at`. */
export const restoreInputSchema = z.object({
  at: planInstantSchema,
  taskId: z.uuid({ error: 'taskId must be the id of a task' }).transform((id) => id.toLowerCase()).optional(),
  /**
   * Undoing a server edit (an import): what anyone changed after this instant (the edit's end) is theirs and stays,
   * a task made since included; only what is as the edit left it goes back to `at`.
   */
  keepEditsAfter: planInstantSchema.optional(),
});
export type RestoreInput = z.infer<typeof restoreInputSchema>;

/** What POST /api/projects/{id}/restore answers: the instant just before it, to restore to when undoing it. */
export const restoreResultSchema = z.object({ undoAt: z.iso.datetime() });
export type RestoreResult = z.infer<typeof restoreResultSchema>;

/** GET /api/projects/{id}/task-moves?at=…: what happened to the plan's bars after that instant. */
export const taskMovesQuerySchema = z.object({ at: planInstantSchema });

/**
 * A reason as a task move carries it, at most this long: history reasons are free text, the chart shows a line
 * of one, and 10,000 moved tasks must stay a small answer.
 */
export const MOVE_REASON_MAX_CHARS = 160;

/**
 * [time-travel-moves] Per task, the latest change of its dates (or its deletion) after an instant, and who made
 * it: what the past view says beside a bar that moved since. One per task at most, so the answer is bounded by
 * the plan's size, not its history's.
 */
export const taskMoveSchema = z.object({
  taskId: z.string(),
  kind: z.enum(['moved', 'deleted']),
  /** The person's name; null when no one is recorded (a removed account, a change made before authors were kept). */
  by: z.string().nullable(),
  at: z.iso.datetime(),
  reason: z.string().max(MOVE_REASON_MAX_CHARS).nullable(),
  /** Date changes and deletions of the task after the instant, this one included. */
  changes: z.number().int().positive(),
});
export type TaskMove = z.infer<typeof taskMoveSchema>;

/** A history reason cut to MOVE_REASON_MAX_CHARS (with an ellipsis), or null when blank. */
export function moveReason(text: string | null): string | null {
  const reason = text?.trim();
  if (!reason) return null;
  return reason.length <= MOVE_REASON_MAX_CHARS ? reason : `${reason.slice(0, MOVE_REASON_MAX_CHARS - 1).trimEnd()}…`;
}
