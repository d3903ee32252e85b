import { z } from 'zod';
import { linkTypeSchema } from './dependency.js';
import { requiredName } from './text.js';

/**
 * Baselines (issue 19): a named snapshot of a project's stored tasks (dates, progress) and links, kept in tables of
 * their own so that the chart and the exports can compare today's plan with it.
 */

export const BASELINE_NAME_MAX_LENGTH = 100;

/** POST /api/projects/{id}/baselines. */
export const createBaselineInputSchema = z.object({ name: requiredName('Baseline name', BASELINE_NAME_MAX_LENGTH) });
export type CreateBaselineInput = z.infer<typeof createBaselineInputSchema>;

/** GET /api/projects/{id}/baselines: newest first. */
export const baselineSummarySchema = z.object({
  id: z.uuid(),
  projectId: z.uuid(),
  name: z.string(),
  createdAt: z.string(),
  /** Who saved it; null once that person's account is gone. */
  createdBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  taskCount: z.number().int(),
});
export type BaselineSummary = z.infer<typeof baselineSummarySchema>;

/** A task as it was stored when the baseline was saved; `taskId` may name a task deleted since. */
export const baselineTaskSchema = z.object({
  taskId: z.uuid(),
  name: z.string(),
  /** 'yyyy-MM-dd'. */
  startDate: z.string(),
  endDate: z.string(),
  progress: z.number().int(),
});
export type BaselineTask = z.infer<typeof baselineTaskSchema>;

export const baselineLinkSchema = z.object({
  taskId: z.uuid(),
  dependsOnTaskId: z.uuid(),
  type: linkTypeSchema,
  lagDays: z.number().int(),
});
export type BaselineLink = z.infer<typeof baselineLinkSchema>;

/** GET /api/projects/{id}/baselines/{baselineId}: the summary with its tasks (in timeline order) and links. */
export const baselineSchema = baselineSummarySchema.extend({
  tasks: z.array(baselineTaskSchema),
  links: z.array(baselineLinkSchema),
});
export type Baseline = z.infer<typeof baselineSchema>;
