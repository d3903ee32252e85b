import { z } from 'zod';
import { taskPrioritySchema, taskStatusSchema } from './enums.js';
import { calendarDateSchema } from './project.js';
import { taskSchema } from './task.js';

export const AI_PROMPT_MAX_LENGTH = 1000;
/** The history's reason for a task the AI task creator made, whether confirmed from its preview or not. */
export const AI_CHANGE_REASON = 'Created with the AI task creator';

/**
 * POST /api/tasks/ai-create (PRODUCT-SPEC §7). `today` is optional: the browser's calendar date, so that
 * 'tomorrow' means the user's tomorrow and not the server's; the server accepts it within a day of its own.
 */
export const aiCreateTaskInputSchema = z.object({
  prompt: z
    .string({ error: (i) => (i.input === undefined || i.input === null ? 'Please describe the task' : 'The description must be text') })
    .trim()
    .min(1, 'Please describe the task')
    .max(AI_PROMPT_MAX_LENGTH, `Please keep the description under ${AI_PROMPT_MAX_LENGTH} characters`),
  projectId: z.uuid({ error: (i) => (i.input === undefined || i.input === '' ? 'Project is required' : 'Project is not valid') }),
  today: calendarDateSchema.optional(),
});
export type AiCreateTaskInput = z.infer<typeof aiCreateTaskInputSchema>;

/** What the creator understood (PRODUCT-SPEC §7 aiParsing.parsedDetails). */
export const aiParsedDetailsSchema = z.object({
  name: z.string(),
  description: z.string().nullable(),
  priority: taskPrioritySchema,
  status: taskStatusSchema,
  /** The person the prompt named (a member's full name when matched, else as written); null when nobody. */
  assignedTo: z.string().nullable(),
  startDate: z.string(),
  endDate: z.string(),
});
export type AiParsedDetails = z.infer<typeof aiParsedDetailsSchema>;

/**
 * [ai-unresolved-assignee] Something the creator read but could not act on, said so rather than swallowed:
 * a person named who is not a member or guest of the project ('Alice is not a member of this team'), or a
 * first name two members share.
 */
export const aiParseWarningSchema = z.object({
  code: z.enum(['unresolved_assignee', 'ambiguous_assignee']),
  /** The name as the prompt wrote it. */
  name: z.string(),
  message: z.string(),
});
export type AiParseWarning = z.infer<typeof aiParseWarningSchema>;

/** POST /api/tasks/ai-preview takes the same body as ai-create and creates nothing. */
export const aiPreviewInputSchema = aiCreateTaskInputSchema;

/**
 * [ai-preview] What the creator understood, for the person to confirm or correct before anything is created:
 * the fields of a new task (the assignee as a member's id) plus what could not be used. The web then creates
 * the task through POST /api/tasks with the fields as confirmed.
 */
export const aiPreviewSchema = z.object({
  draft: aiParsedDetailsSchema.extend({ assigneeId: z.string().nullable() }),
  warnings: z.array(aiParseWarningSchema),
  /** 'offline' for the built-in parser, 'model' when the configured language model refined it. */
  source: z.enum(['offline', 'model']),
});
export type AiPreview = z.infer<typeof aiPreviewSchema>;

export const aiCreateTaskResultSchema = z.object({
  task: taskSchema,
  aiParsing: z.object({
    parsedDetails: aiParsedDetailsSchema,
    /**
     * True when the task was assigned to the person named. The web warns when `assignedTo` is set and this is
     * false: that person is not a member or guest of the project (the task is then created unassigned).
     */
    assigneeFound: z.boolean(),
    warnings: z.array(aiParseWarningSchema),
    /** 'offline' for the built-in parser, 'model' when the configured language model refined it. */
    source: z.enum(['offline', 'model']),
  }),
});
export type AiCreateTaskResult = z.infer<typeof aiCreateTaskResultSchema>;

/**
 * The strict JSON an OpenAI-compatible model is asked for when one is configured; the server checks the answer
 * against this before using any of it, and falls back to the offline parser otherwise.
 */
export const aiModelRefinementSchema = z
  .object({
    name: z.string().trim().min(1).max(255),
    description: z.string().max(10_000).nullable(),
    priority: taskPrioritySchema,
    status: taskStatusSchema,
    assigneeName: z.string().trim().max(200).nullable(),
    startDate: calendarDateSchema,
    endDate: calendarDateSchema,
  })
  .refine((v) => v.endDate >= v.startDate, { message: 'End date cannot be before start date', path: ['endDate'] });
export type AiModelRefinement = z.infer<typeof aiModelRefinementSchema>;

/** The JSON Schema sent as `response_format.json_schema.schema` (strict mode: every key required, no extras). */
export const AI_MODEL_RESPONSE_JSON_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'description', 'priority', 'status', 'assigneeName', 'startDate', 'endDate'],
  properties: {
    name: { type: 'string', description: 'Short imperative task name without dates, people or priority words' },
    description: { type: ['string', 'null'] },
    priority: { type: 'string', enum: taskPrioritySchema.options },
    status: { type: 'string', enum: taskStatusSchema.options },
    assigneeName: { type: ['string', 'null'], description: 'The person the task is for, as named, or null' },
    startDate: { type: 'string', description: 'yyyy-MM-dd' },
    endDate: { type: 'string', description: 'yyyy-MM-dd, not before startDate' },
  },
} as const;
