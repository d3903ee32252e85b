import { z } from 'zod';
import { PROJECT_NAME_MAX_LENGTH, TASK_NAME_MAX_LENGTH } from '../constants.js';
import { calendarDateSchema } from './calendar-date.js';
import { lagDaysSchema, linkTypeSchema } from './dependency.js';
import { taskPrioritySchema } from './enums.js';
import { requiredName } from './text.js';
import { textError } from './user.js';

/**
 * Project templates (issue 37): a plan without dates. Phases are the summary tasks, tasks carry a duration in
 * working days, milestones none; links keep their type and lag. Tasks are named by a `key` local to the template
 * (a template has no task ids until it is applied, and two tasks may share a name).
 */

export const TEMPLATE_DESCRIPTION_MAX_LENGTH = 2000;
export const TEMPLATE_CATEGORY_MAX_LENGTH = 100;
/** A template is a starting point, not an archive: past this, save a smaller project (or import the file). */
export const MAX_TEMPLATE_TASKS = 1000;
/** The longest task a template keeps, in working days (about four years, like a link's lag). */
export const MAX_TEMPLATE_DURATION_DAYS = 999;
export const DEFAULT_TEMPLATE_CATEGORY = 'Other';

export const TEMPLATE_TASK_KINDS = ['phase', 'task', 'milestone'] as const;
export const templateTaskKindSchema = z.enum(TEMPLATE_TASK_KINDS);
export type TemplateTaskKind = z.infer<typeof templateTaskKindSchema>;

export const templateLinkSchema = z.object({ dependsOn: z.string().min(1).max(40), type: linkTypeSchema, lagDays: lagDaysSchema });
export type TemplateLink = z.infer<typeof templateLinkSchema>;

export const templateTaskSchema = z.object({
  key: z.string().min(1).max(40),
  name: z.string().min(1).max(TASK_NAME_MAX_LENGTH),
  description: z.string().nullable(),
  kind: templateTaskKindSchema,
  /** The phase it belongs to (a phase may sit in another phase). */
  parentKey: z.string().min(1).max(40).nullable(),
  /** Working days; 0 for a milestone; a phase's is its tasks' span and is not stored. */
  durationDays: z.number().int().min(0).max(MAX_TEMPLATE_DURATION_DAYS).nullable(),
  priority: taskPrioritySchema,
  links: z.array(templateLinkSchema),
});
export type TemplateTask = z.infer<typeof templateTaskSchema>;

/** One card of the gallery: what the template is and how big, without its tasks. */
export const templateSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  category: z.string(),
  isPublic: z.boolean(),
  /** Shipped with Planline (cannot be deleted). */
  builtIn: z.boolean(),
  /** The team it was saved in; null for built-ins. */
  teamId: z.uuid().nullable(),
  teamName: z.string().nullable(),
  /** The caller made it, so the caller may delete it. */
  mine: z.boolean(),
  usageCount: z.number().int(),
  taskCount: z.number().int(),
  phaseCount: z.number().int(),
  milestoneCount: z.number().int(),
  /** Working days from the first start to the last finish when laid out. */
  durationDays: z.number().int(),
});
export type TemplateSummary = z.infer<typeof templateSummarySchema>;

/** GET /api/templates: the gallery, grouped by category (categories sorted, built-ins first within each). */
export const templateGallerySchema = z.object({
  categories: z.array(z.object({ category: z.string(), templates: z.array(templateSummarySchema) })),
});
export type TemplateGallery = z.infer<typeof templateGallerySchema>;

const templateName = requiredName('Template name', PROJECT_NAME_MAX_LENGTH);

/** POST /api/projects/{projectId}/save-as-template. */
export const saveAsTemplateInputSchema = z.object({
  name: templateName,
  description: z
    .string({ error: textError('Description') })
    .trim()
    .max(TEMPLATE_DESCRIPTION_MAX_LENGTH, `Description must be at most ${TEMPLATE_DESCRIPTION_MAX_LENGTH} characters`)
    .optional(),
  category: z
    .string({ error: textError('Category') })
    .trim()
    .max(TEMPLATE_CATEGORY_MAX_LENGTH, `Category must be at most ${TEMPLATE_CATEGORY_MAX_LENGTH} characters`)
    .optional()
    .transform((c) => c || DEFAULT_TEMPLATE_CATEGORY),
  isPublic: z.boolean({ error: 'Public must be true or false' }).default(false),
});
export type SaveAsTemplateInput = z.infer<typeof saveAsTemplateInputSchema>;

/** POST /api/templates/{templateId}/projects. */
export const createFromTemplateInputSchema = z.object({
  teamId: z.uuid({ error: (i) => (i.input === undefined || i.input === '' ? 'Team is required' : 'Team is not valid') }),
  name: requiredName('Project name', PROJECT_NAME_MAX_LENGTH),
  startDate: calendarDateSchema,
});
export type CreateFromTemplateInput = z.infer<typeof createFromTemplateInputSchema>;

/** The reason each created task's history carries. */
export const createdFromTemplateReason = (templateName: string) => `Created from template «${templateName}»`;
