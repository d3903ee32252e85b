import { z } from 'zod';
import { PROJECT_NAME_MAX_LENGTH } from '../constants.js';
import { projectStatusSchema } from './enums.js';
import { requiredName } from './text.js';
import { textError } from './user.js';
import { calendarDateSchema } from './calendar-date.js';
import { workCalendarSettingsSchema } from '../scheduling/scheduling.schema.js';

export { calendarDateSchema };

export const PROJECT_DESCRIPTION_MAX_LENGTH = 5000;

const projectName = requiredName('Project name', PROJECT_NAME_MAX_LENGTH);

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

/** The project fields people edit in place (the header), which a teammate may change while they do. */
export const PROJECT_GUARDED_FIELDS = ['name', 'description', 'status'] as const;
export type ProjectGuardedField = (typeof PROJECT_GUARDED_FIELDS)[number];

const projectEditorSchema = z.object({ id: z.uuid(), firstName: z.string() });
/** Who last changed each guarded field: their first name as it was then, kept with the project like a signature. */
export const projectEditedBySchema = z.object({
  name: projectEditorSchema.optional(),
  description: projectEditorSchema.optional(),
  status: projectEditorSchema.optional(),
});
export type ProjectEditedBy = z.infer<typeof projectEditedBySchema>;

/** PATCH /api/projects/{id}: any of the fields; dates may be cleared with null. */
export const updateProjectInputSchema = z
  .object({
    /**
     * [form-merge] The values the person started from, for the guarded fields they change. If a teammate changed
     * one meanwhile, the answer is 409 with its current value and who changed it, and nothing is written.
     */
    base: z
      .object({ name: z.string(), description: z.string().nullable(), status: projectStatusSchema }, { error: 'Base must be an object' })
      .partial()
      .optional(),
    name: projectName.optional(),
    status: projectStatusSchema.optional(),
    description: description.nullable().optional(),
    startDate: calendarDateSchema.nullable().optional(),
    endDate: calendarDateSchema.nullable().optional(),
    autoSchedule: z.boolean({ error: 'Auto-schedule must be true or false' }).optional(),
    workingWeekdays: workCalendarSettingsSchema.shape.workingWeekdays.optional(),
    holidays: workCalendarSettingsSchema.shape.holidays.optional(),
  })
  .refine((v) => Object.entries(v).some(([key, x]) => key !== 'base' && x !== undefined), {
    message: 'Nothing to update: send name, status, description, startDate, endDate, autoSchedule, workingWeekdays or holidays',
  })
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
  /** The scheduling settings (ARCHITECTURE §3a): cascade on edits, and the calendar durations and lags count in. */
  autoSchedule: z.boolean(),
  /** 0 = Sunday … 6 = Saturday, sorted. */
  workingWeekdays: z.array(z.number().int()),
  /** 'yyyy-MM-dd', sorted. */
  holidays: z.array(z.string()),
  /** 'team' for members of the project's team; 'guest' for people who joined only this project by invite. */
  access: z.enum(['team', 'guest']),
  editedBy: projectEditedBySchema.optional(),
});
export type Project = z.infer<typeof projectSchema>;

/** The 409 of PATCH /api/projects/{id} when a guarded field changed since the person's `base`. */
export const projectConflictSchema = z.object({
  message: z.string(),
  conflicts: z.array(z.object({ field: z.enum(PROJECT_GUARDED_FIELDS), current: z.string().nullable(), changedBy: projectEditorSchema.nullable() })),
});
export type ProjectConflict = z.infer<typeof projectConflictSchema>;

export const projectInviteInfoSchema = z.object({ projectName: z.string(), projectCode: z.string() });
export type ProjectInviteInfo = z.infer<typeof projectInviteInfoSchema>;

export const inviteTokenInputSchema = z.object({
  token: z.string({ error: textError('Invite token') }).trim().min(1, 'Invite token is required').max(200, 'Invite token is not valid'),
});
export type InviteTokenInput = z.infer<typeof inviteTokenInputSchema>;

export const projectJoinResultSchema = z.object({ projectId: z.uuid(), teamId: z.uuid(), alreadyMember: z.boolean() });
export type ProjectJoinResult = z.infer<typeof projectJoinResultSchema>;

export const inviteLinkSchema = z.object({ inviteLink: z.string() });
