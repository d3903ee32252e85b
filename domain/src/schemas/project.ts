import { z } from 'zod';
import { PROJECT_NAME_MAX_LENGTH } from '../constants.js';
import { projectStatusSchema } from './enums.js';
import { textError } from './user.js';

export const PROJECT_DESCRIPTION_MAX_LENGTH = 5000;

/** A calendar date as the whole product writes it: 'yyyy-MM-dd', a real day of a real month. */
export const calendarDateSchema = z
  .string({ error: textError('Date') })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates must be written yyyy-MM-dd')
  .refine((value) => {
    const [y, m, d] = value.split('-').map(Number) as [number, number, number];
    const date = new Date(Date.UTC(y, m - 1, d));
    return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  }, 'That date does not exist');

const projectName = z
  .string({ error: textError('Project name') })
  .trim()
  .min(1, 'Project name is required')
  .max(PROJECT_NAME_MAX_LENGTH, `Project name must be at most ${PROJECT_NAME_MAX_LENGTH} characters`);

const description = z
  .string({ error: textError('Description') })
  .trim()
  .max(PROJECT_DESCRIPTION_MAX_LENGTH, `Description must be at most ${PROJECT_DESCRIPTION_MAX_LENGTH} characters`);

/** POST /api/projects (PRODUCT-SPEC §5 project creation). */
export const createProjectInputSchema = z.object({
  name: projectName,
  description: description.optional(),
  teamId: z.uuid({ error: (i) => (i.input === undefined || i.input === '' ? 'Team is required' : 'Team is not valid') }),
  status: projectStatusSchema.default('active'),
});
export type CreateProjectInput = z.infer<typeof createProjectInputSchema>;

/** PATCH /api/projects/{id}: any of the fields; dates may be cleared with null. */
export const updateProjectInputSchema = z
  .object({
    name: projectName.optional(),
    status: projectStatusSchema.optional(),
    description: description.nullable().optional(),
    startDate: calendarDateSchema.nullable().optional(),
    endDate: calendarDateSchema.nullable().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to update: send name, status, description, startDate or endDate' })
  .refine((v) => !v.startDate || !v.endDate || v.endDate >= v.startDate, {
    message: 'End date cannot be before start date',
    path: ['endDate'],
  });
export type UpdateProjectInput = z.infer<typeof updateProjectInputSchema>;

export const projectSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  teamId: z.uuid(),
  projectCode: z.string(),
  status: projectStatusSchema,
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** 'team' for members of the project's team; 'guest' for people who joined only this project by invite. */
  access: z.enum(['team', 'guest']),
});
export type Project = z.infer<typeof projectSchema>;

export const projectInviteInfoSchema = z.object({ projectName: z.string(), projectCode: z.string() });
export type ProjectInviteInfo = z.infer<typeof projectInviteInfoSchema>;

export const inviteTokenInputSchema = z.object({
  token: z.string({ error: textError('Invite token') }).trim().min(1, 'Invite token is required').max(200, 'Invite token is not valid'),
});
export type InviteTokenInput = z.infer<typeof inviteTokenInputSchema>;

export const projectJoinResultSchema = z.object({ projectId: z.uuid(), teamId: z.uuid(), alreadyMember: z.boolean() });
export type ProjectJoinResult = z.infer<typeof projectJoinResultSchema>;

export const inviteLinkSchema = z.object({ inviteLink: z.string() });
