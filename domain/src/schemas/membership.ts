import { z } from 'zod';
import { paidPlanSchema } from '../plans.js';
import { TEAM_CODE_LENGTH } from '../constants.js';
import { joinRequestStatusSchema, joinResponseSchema, teamRoleSchema } from './enums.js';
import { textError } from './user.js';

/** The user fields every membership view shows (PRODUCT-SPEC §3: the UI reads a nested user). */
export const memberUserSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  profileImageUrl: z.string().nullable(),
});
export type MemberUser = z.infer<typeof memberUserSchema>;

export const teamMemberSchema = z.object({
  id: z.uuid(),
  teamId: z.uuid(),
  userId: z.uuid(),
  role: teamRoleSchema,
  createdAt: z.string(),
  user: memberUserSchema,
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const joinRequestSchema = z.object({
  id: z.uuid(),
  teamId: z.uuid(),
  status: joinRequestStatusSchema,
  requestedAt: z.string(),
  user: memberUserSchema,
});
export type JoinRequest = z.infer<typeof joinRequestSchema>;

/** POST /api/teams/request-join. The box upper-cases and cuts to 8; the server does the same. */
export const requestJoinInputSchema = z.object({
  teamCode: z
    .string({ error: (i) => (i.input === undefined ? 'Please enter a team code' : 'Team code must be text') })
    .transform((s) => s.replace(/\s+/g, '').toUpperCase())
    .pipe(
      z
        .string()
        .min(1, 'Please enter a team code')
        .max(TEAM_CODE_LENGTH, `A team code has ${TEAM_CODE_LENGTH} characters`),
    ),
});
export type RequestJoinInput = z.infer<typeof requestJoinInputSchema>;

export const respondJoinRequestInputSchema = z.object({
  response: z.enum(joinResponseSchema.options, { error: "Response must be 'approved' or 'denied'" }),
});
export type RespondJoinRequestInput = z.infer<typeof respondJoinRequestInputSchema>;

export const inviteRoleQuerySchema = z.object({
  role: z
    .string()
    .optional()
    .transform((r) => (r ?? 'member').toLowerCase())
    .pipe(z.enum(['member', 'admin'], { error: "Role must be 'member' or 'admin'" })),
});

export const teamInviteLinkSchema = z.object({ inviteLink: z.string(), role: teamRoleSchema });
export type TeamInviteLink = z.infer<typeof teamInviteLinkSchema>;

export const teamInviteInfoSchema = z.object({ teamId: z.uuid(), teamName: z.string(), role: teamRoleSchema });
export type TeamInviteInfo = z.infer<typeof teamInviteInfoSchema>;

export const teamJoinResultSchema = z.object({ teamId: z.uuid(), alreadyMember: z.boolean() });
export type TeamJoinResult = z.infer<typeof teamJoinResultSchema>;

/** The body of every 402 (ARCHITECTURE §6): who can upgrade and to what. */
export const paymentRequiredSchema = z.object({
  message: z.string(),
  requiredPlan: paidPlanSchema,
  teamOwnerId: z.uuid(),
  requiresUpgrade: z.literal(true),
});
export type PaymentRequired = z.infer<typeof paymentRequiredSchema>;

export const joinRequestResultSchema = z.object({ id: z.uuid(), status: joinRequestStatusSchema });
