import { z } from 'zod';
import { projectStatusSchema } from './enums.js';

/*
 * Issue 40, the team's portfolio: every project of the team the person can see, one row each, as
 * `GET /api/teams/{teamId}/portfolio` answers it. Enterprise (PRODUCT-SPEC's "advanced analytics"), trial included.
 */

/** Milestones a portfolio row carries (the earliest first); a project with more shows these. */
export const PORTFOLIO_MAX_MILESTONES = 50;

export const portfolioMilestoneSchema = z.object({ id: z.uuid(), name: z.string(), date: z.string() });

export const portfolioProjectSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  status: projectStatusSchema,
  /** The span of its tasks (yyyy-MM-dd); null for a project without tasks. */
  start: z.string().nullable(),
  end: z.string().nullable(),
  /**
   * Done ÷ total, 0–100: each task's progress weighted by its length in days, over the tasks that are not summaries
   * (whose progress is rolled up from them) or milestones (no length).
   */
  progress: z.number().int().min(0).max(100),
  tasks: z.number().int().nonnegative(),
  milestones: z.array(portfolioMilestoneSchema),
  /**
   * How many working days the project's finish moved against its latest baseline (+6: six days late); null without a
   * baseline, or with a baseline or plan that has no tasks.
   */
  baselineDriftDays: z.number().int().nullable(),
  /** The latest baseline's name, when there is one. */
  baselineName: z.string().nullable(),
});
export type PortfolioProject = z.infer<typeof portfolioProjectSchema>;

export const portfolioSchema = z.object({ projects: z.array(portfolioProjectSchema) });
export type Portfolio = z.infer<typeof portfolioSchema>;

/** The words of the 402 a team below Enterprise (and past its trial) gets. */
export const PORTFOLIO_NEEDS_ENTERPRISE = 'The portfolio timeline is part of the Enterprise plan (advanced analytics). Upgrade the team to see all its projects on one timeline.';

/** The history reason of a whole project moved from the portfolio. */
export const PROJECT_SHIFTED_REASON = 'Project shifted';

/**
 * POST /api/projects/{projectId}/shift: every task of the project moves by the same working days, so that its first
 * task starts on `startDate` (snapped to the project's next working day in the direction of travel); one edit.
 */
export const shiftProjectInputSchema = z
  .object({ startDate: z.iso.date({ error: 'startDate must be a date like 2026-12-31' }) })
  .strict();
export type ShiftProjectInput = z.infer<typeof shiftProjectInputSchema>;
export const shiftProjectAnswerSchema = z.object({ workingDays: z.number().int(), tasks: z.number().int().nonnegative() });
