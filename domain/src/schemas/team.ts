import { z } from 'zod';
import { requiredName } from './text.js';
import { TEAM_NAME_MAX_LENGTH } from '../constants.js';
import { planSchema } from '../plans.js';
import { subscriptionStatusSchema, teamRoleSchema } from './enums.js';

/** One entry of GET /api/teams (PRODUCT-SPEC §7): what the workspace needs to pick and show a team. */
export const teamSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  teamCode: z.string(),
  subscriptionStatus: subscriptionStatusSchema,
  /** ISO date-time; null once a team is past its trial or never had one. */
  trialEndsAt: z.string().nullable(),
  ownerId: z.uuid(),
  subscriptionPlan: planSchema,
  /** What the team may do now: its paid plan, else Pro during the trial, else Free. */
  effectivePlan: planSchema,
  /** The viewer's role in this team. */
  role: teamRoleSchema,
});
export type TeamSummary = z.infer<typeof teamSummarySchema>;

/** GET /api/teams/{id}: the summary plus counts against the plan's limits (null = unlimited). */
export const teamDetailSchema = teamSummarySchema.extend({
  description: z.string().nullable(),
  createdAt: z.string(),
  /** The listed members (GET /api/teams/{id}/members), owner included. */
  memberCount: z.number().int(),
  /** Guests of the team's projects who are not members: not listed, but they take places of the member limit. */
  guestCount: z.number().int(),
  projectCount: z.number().int(),
  limits: z.object({ maxProjects: z.number().int().nullable(), maxMembers: z.number().int().nullable() }),
});
export type TeamDetail = z.infer<typeof teamDetailSchema>;

/** A team's plan and what it allows, as the `team:updated` event carries it after a payment or a lapse. */
export const teamPlanSchema = teamDetailSchema.pick({
  id: true,
  ownerId: true,
  subscriptionPlan: true,
  subscriptionStatus: true,
  trialEndsAt: true,
  effectivePlan: true,
  limits: true,
});
export type TeamPlan = z.infer<typeof teamPlanSchema>;

export const TEAM_DESCRIPTION_MAX_LENGTH = 1000;

/** POST /api/teams (PRODUCT-SPEC §5 team creation). */
export const createTeamInputSchema = z.object({
  name: requiredName('Team name', TEAM_NAME_MAX_LENGTH, 'Team name is required'),
  description: z
    .string()
    .trim()
    .max(TEAM_DESCRIPTION_MAX_LENGTH, `Description must be at most ${TEAM_DESCRIPTION_MAX_LENGTH} characters`)
    .optional(),
});
export type CreateTeamInput = z.infer<typeof createTeamInputSchema>;
