import { z } from 'zod';
import { requiredName, wellFormed, withoutNul } from './text.js';
import { TASK_COLOR_DEFAULT, TASK_NAME_MAX_LENGTH } from '../constants.js';
import { taskPrioritySchema, taskStatusSchema, type TaskStatus } from './enums.js';
import { taskLinkSchema } from './dependency.js';
import { calendarDateSchema } from './project.js';
import { taskKindSchema } from '../scheduling/scheduling.schema.js';
import { textError } from './user.js';
import { customValueSchema, customValuesPatchSchema, customValuesSchema, type CustomValues } from './custom-field.js';

export const TASK_DESCRIPTION_MAX_LENGTH = 10_000;
export const TASK_MAX_ASSIGNEES = 50;
export const CHANGE_REASON_MAX_LENGTH = 1000;

/**
 * [task-status] The stored spellings are pending, in_progress, completed and blocked. Dashboard widgets write
 * 'in-progress' with a hyphen; both mean in progress. Anything else is refused on input.
 */
export function normaliseTaskStatus(value: string): string {
  const v = value.trim().toLowerCase();
  return v === 'in-progress' ? 'in_progress' : v;
}

/** How a status reads for rules that only care whether work has started (widgets: other values = not started). */
export function isInProgress(status: string): boolean {
  return normaliseTaskStatus(status) === 'in_progress';
}

export const taskStatusInputSchema = z
  .string({ error: textError('Status') })
  .transform(normaliseTaskStatus)
  .pipe(z.enum(taskStatusSchema.options, { error: 'Status must be one of pending, in_progress, completed or blocked' }));

const requiredDate = (label: string) =>
  z.string({ error: (i) => (i.input === undefined || i.input === null ? `${label} is required` : `${label} must be text`) })
    .min(1, `${label} is required`)
    .pipe(calendarDateSchema);

/** One field each: the API's input, the document's validation and the web form share these (STYLE §1). */
export const ALLOCATION_DEFAULT = 100;
export const ALLOCATION_MIN = 1;
export const ALLOCATION_MAX = 200;
export const ALLOCATION_MESSAGE = `Allocation must be a whole percent from ${ALLOCATION_MIN} to ${ALLOCATION_MAX}`;
/** The share of a person's working day a task takes (issue 36), in whole percent. */
export const allocationSchema = z
  .number({ error: ALLOCATION_MESSAGE })
  .int(ALLOCATION_MESSAGE)
  .min(ALLOCATION_MIN, ALLOCATION_MESSAGE)
  .max(ALLOCATION_MAX, ALLOCATION_MESSAGE);

export const assignmentSchema = z.object({
  userId: z.uuid({ error: 'Assignee is not valid' }).transform((id) => id.toLowerCase()),
  allocation: allocationSchema.default(ALLOCATION_DEFAULT),
});
export type Assignment = z.infer<typeof assignmentSchema>;

/**
 * `assignments` of POST and PATCH /api/tasks: one entry per person (naming someone twice is refused, not merged),
 * kept in user id order so copies compare equal. Membership of the project's team is the API's check. It stands
 * for `assigneeIds` and `allocations` together (the first listed is the primary assignee unless one is named).
 */
const assignmentsAsListed = z
  .array(assignmentSchema, { error: 'Assignments must be a list of { userId, allocation }' })
  .max(TASK_MAX_ASSIGNEES, `A task can have at most ${TASK_MAX_ASSIGNEES} assignees`)
  .refine((list) => new Set(list.map((a) => a.userId)).size === list.length, 'Each person can be assigned to a task once');
export const assignmentsInputSchema = assignmentsAsListed.transform((list) => [...list].sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0)));

/** A task's `assigneeIds` and `allocations` as one list of assignments, in user id order (as `assignments` are kept). */
export function taskAssignments(assigneeIds: readonly string[], allocations: Readonly<Record<string, number>>): Assignment[] {
  return [...new Set(assigneeIds.map((id) => id.toLowerCase()))].sort().map((userId) => ({ userId, allocation: allocations[userId] ?? ALLOCATION_DEFAULT }));
}

/** Whether two lists of assignments name the same people with the same shares, in any order. */
export function sameAssignments(a: readonly Assignment[], b: readonly Assignment[]): boolean {
  const key = (list: readonly Assignment[]) =>
    taskAssignments(
      list.map((x) => x.userId),
      Object.fromEntries(list.map((x) => [x.userId.toLowerCase(), x.allocation])),
    )
      .map((x) => `${x.userId}:${x.allocation}`)
      .join(',');
  return key(a) === key(b);
}

const assigneeIdsAsListed = z
  .array(z.uuid({ error: 'Assignee is not valid' }), { error: 'Assignees must be a list' })
  .max(TASK_MAX_ASSIGNEES, `A task can have at most ${TASK_MAX_ASSIGNEES} assignees`)
  .transform((ids) => [...new Set(ids)]);

export const taskFieldSchemas = {
  name: requiredName('Task name', TASK_NAME_MAX_LENGTH),
  description: z
    .string({ error: textError('Description') })
    .overwrite(wellFormed)
    .max(TASK_DESCRIPTION_MAX_LENGTH, `Description must be at most ${TASK_DESCRIPTION_MAX_LENGTH} characters`)
    .refine(...withoutNul('Description'))
    .nullable(),
  startDate: requiredDate('Start date'),
  endDate: requiredDate('End date'),
  status: taskStatusInputSchema,
  priority: z.enum(taskPrioritySchema.options, { error: 'Priority must be one of low, medium, high or critical' }),
  progress: z
    .number({ error: 'Progress must be a whole number from 0 to 100' })
    .int('Progress must be a whole number from 0 to 100')
    .min(0, 'Progress must be a whole number from 0 to 100')
    .max(100, 'Progress must be a whole number from 0 to 100'),
  color: z.string({ error: textError('Colour') }).regex(/^#[0-9a-fA-F]{6}$/, 'Colour must be written like #3b82f6'),
  assigneeId: z.uuid({ error: 'Assignee is not valid' }).nullable(),
  // A set, kept in one canonical order (the primary assignee is assigneeId), so copies compare equal.
  assigneeIds: assigneeIdsAsListed.transform((ids) => [...ids].sort()),
  /**
   * Issue 36: the share of each assignee's working day the task takes, in whole percent, for the assignees not at
   * the default 100 (kept canonical: ids in order, 100s left out, so copies compare equal). An entry for someone no
   * longer assigned (a teammate unassigned them while another set their share) means nothing and is not stored.
   */
  allocations: z
    .record(z.string(), allocationSchema, { error: 'Allocations must be an object of person ids and percents' })
    .refine((r) => Object.keys(r).every((id) => z.uuid().safeParse(id).success), 'Assignee is not valid')
    .refine((r) => Object.keys(r).length <= TASK_MAX_ASSIGNEES, `A task can have at most ${TASK_MAX_ASSIGNEES} assignees`)
    .transform(canonicalAllocations),
  order: z.number({ error: 'Order must be a whole number' }).int('Order must be a whole number').min(-1e9).max(1e9),
  /** A milestone is drawn as a diamond on one day: its end date is its start date (issue 17). */
  kind: taskKindSchema,
  /** The summary task this one is a subtask of (issue 17), a task of the same project; null at the top level. */
  parentId: z
    .uuid({ error: 'Parent task is not valid' })
    // Document keys are lower-case: the same task must never be named two ways.
    .transform((id) => id.toLowerCase())
    .nullable(),
  /**
   * Issue 39: the task's custom field values, field id → value (canonical: ids in order, empty values left out).
   * Statically a shape; whether each value fits its field is judged against the project's definitions
   * (customValueProblem) by the store and the API.
   */
  custom: customValuesSchema,
} as const;

export type TaskFieldName = keyof typeof taskFieldSchemas;

/** Allocations in one order, without the default 100s: `{}` for a task whose assignees all give it their whole day. */
export function canonicalAllocations(allocations: Readonly<Record<string, number>>): Record<string, number> {
  const entries = Object.entries(allocations).map(([id, value]) => [id.toLowerCase(), value] as const);
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries.filter(([, value]) => value !== ALLOCATION_DEFAULT));
}

export const TASK_FIELDS = Object.keys(taskFieldSchemas) as TaskFieldName[];

/** A task's editable fields, as stored in the project document and the `tasks` row. */
export const taskFieldsSchema = z.object(taskFieldSchemas);
export type TaskFields = z.infer<typeof taskFieldsSchema> & { status: TaskStatus };

const endNotBeforeStart = (v: { startDate?: string; endDate?: string }) => !v.startDate || !v.endDate || v.endDate >= v.startDate;
const END_BEFORE_START = { message: 'End date cannot be before start date', path: ['endDate'] };

/** [summary-tasks] The write path's refusals of a parent, in the words REST answers with. */
export const PARENT_MESSAGES = {
  notFound: 'The parent must be a task of the same project',
  self: 'A task cannot be its own parent',
  milestone: 'A milestone cannot have subtasks',
  summaryMilestone: 'A task with subtasks cannot be a milestone',
  rolledUp: "A summary task's dates and progress come from its subtasks: change those instead",
  cycle: (names: readonly string[]) => `That would make a task its own parent: ${names.join(' → ')}`,
} as const;

/** [milestone-one-day] A milestone has no duration: it sits on its start date, and its end date is the same day. */
export const MILESTONE_ONE_DAY = 'A milestone is on one day: its end date must be its start date';
export const isOneDayIfMilestone = (v: { kind?: string; startDate?: string; endDate?: string }) =>
  v.kind !== 'milestone' || !v.startDate || !v.endDate || v.startDate === v.endDate;
const MILESTONE_DATES = { message: MILESTONE_ONE_DAY, path: ['endDate'] };
/** `assignments` says who and how much at once; with `assigneeIds` or `allocations` too, which one wins is unclear. */
const notBothAssignmentForms = (v: { assignments?: { userId: string }[]; assigneeIds?: unknown; allocations?: unknown; assigneeId?: string | null }) =>
  v.assignments === undefined ||
  (v.assigneeIds === undefined && v.allocations === undefined && (!v.assigneeId || v.assignments.some((a) => a.userId === v.assigneeId?.toLowerCase())));
const BOTH_ASSIGNMENT_FORMS = {
  message: 'Send either assignments or assigneeIds and allocations, not both; a primary assignee must be one of the assignments',
  path: ['assignments'],
};

export const TASK_DEFAULTS = {
  description: null,
  status: 'pending',
  priority: 'medium',
  progress: 0,
  color: TASK_COLOR_DEFAULT,
  assigneeId: null,
  assigneeIds: [] as string[],
  allocations: {} as Record<string, number>,
  kind: 'task',
  parentId: null,
  custom: {} as CustomValues,
} as const;

const changeReasonSchema = z
  .string({ error: textError('Change reason') })
  .overwrite(wellFormed)
  .trim()
  .max(CHANGE_REASON_MAX_LENGTH, `Change reason must be at most ${CHANGE_REASON_MAX_LENGTH} characters`)
  .refine(...withoutNul('Change reason'))
  .optional()
  .transform((v) => (v ? v : undefined));

/** POST /api/tasks (PRODUCT-SPEC §5 quick add and task edit). */
export const createTaskInputSchema = z
  .object({
    projectId: z.uuid({ error: 'Project is required' }),
    name: taskFieldSchemas.name,
    description: taskFieldSchemas.description.optional(),
    startDate: taskFieldSchemas.startDate,
    endDate: taskFieldSchemas.endDate,
    status: taskFieldSchemas.status.default('pending'),
    priority: taskFieldSchemas.priority.default('medium'),
    progress: taskFieldSchemas.progress.default(0),
    color: taskFieldSchemas.color.default(TASK_COLOR_DEFAULT),
    assigneeId: taskFieldSchemas.assigneeId.optional(),
    // As listed: the first is the primary assignee unless `assigneeId` names one (the API stores them in order).
    assigneeIds: assigneeIdsAsListed.optional(),
    order: taskFieldSchemas.order.optional(),
    kind: taskFieldSchemas.kind.default('task'),
    parentId: taskFieldSchemas.parentId.optional(),
    allocations: taskFieldSchemas.allocations.optional(),
    custom: taskFieldSchemas.custom.optional(),
    assignments: assignmentsAsListed.optional(),
    changeReason: changeReasonSchema,
  })
  .refine(endNotBeforeStart, END_BEFORE_START)
  .refine(isOneDayIfMilestone, MILESTONE_DATES)
  .refine(notBothAssignmentForms, BOTH_ASSIGNMENT_FORMS);
export type CreateTaskInput = z.infer<typeof createTaskInputSchema>;

/** The task fields a form edits, which a teammate may change while it is open. */
export const TASK_GUARDED_FIELDS = ['name', 'description', 'startDate', 'endDate', 'status', 'priority', 'progress', 'assigneeId', 'kind'] as const;
export type TaskGuardedField = (typeof TASK_GUARDED_FIELDS)[number];

/** PATCH /api/tasks/{id}: any fields, plus a reason kept in the history when it is not blank. */
export const updateTaskInputSchema = z
  .object({
    /**
     * [form-merge] The values the person started from, for the fields they change: if a teammate changed one
     * meanwhile, the answer is 409 with its current value and who changed it, and nothing is written.
     */
    base: z
      .object(
        {
          name: z.string(),
          description: z.string().nullable(),
          startDate: z.string(),
          endDate: z.string(),
          status: z.string(),
          priority: z.string(),
          progress: z.number(),
          assigneeId: z.string().nullable(),
          kind: z.string(),
          /**
           * [workload-reassign] Who was assigned, and how much, when the person started: with `assignments` sent,
           * the task's assignments must still be these (in any order), else 409 and nothing is written.
           */
          assignments: z.array(assignmentSchema, { error: 'Base assignments must be a list of { userId, allocation }' }),
        },
        { error: 'Base must be an object' },
      )
      .partial()
      .optional(),
    name: taskFieldSchemas.name.optional(),
    description: taskFieldSchemas.description.optional(),
    startDate: taskFieldSchemas.startDate.optional(),
    endDate: taskFieldSchemas.endDate.optional(),
    status: taskFieldSchemas.status.optional(),
    priority: taskFieldSchemas.priority.optional(),
    progress: taskFieldSchemas.progress.optional(),
    color: taskFieldSchemas.color.optional(),
    assigneeId: taskFieldSchemas.assigneeId.optional(),
    assigneeIds: taskFieldSchemas.assigneeIds.optional(),
    order: taskFieldSchemas.order.optional(),
    kind: taskFieldSchemas.kind.optional(),
    parentId: taskFieldSchemas.parentId.optional(),
    allocations: taskFieldSchemas.allocations.optional(),
    /** Issue 39: the listed fields' new values (others keep theirs); null clears one. */
    custom: customValuesPatchSchema.optional(),
    assignments: assignmentsInputSchema.optional(),
    changeReason: changeReasonSchema,
  })
  .refine((v) => v.assignments !== undefined || TASK_FIELDS.some((f) => v[f] !== undefined), { message: 'Nothing to update: send at least one task field' })
  .refine(endNotBeforeStart, END_BEFORE_START)
  .refine(isOneDayIfMilestone, MILESTONE_DATES)
  .refine(notBothAssignmentForms, BOTH_ASSIGNMENT_FORMS)
  .refine((v) => v.base?.assignments === undefined || v.assignments !== undefined || v.assigneeIds !== undefined, {
    message: 'Base assignments guard a change of assignees: send them with assignments or assigneeIds',
    path: ['base', 'assignments'],
  });
export type UpdateTaskInput = z.infer<typeof updateTaskInputSchema>;


const personSchema = z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string() });

export const taskSchema = z.object({
  id: z.uuid(),
  projectId: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  startDate: z.string(),
  endDate: z.string(),
  status: taskStatusSchema,
  priority: taskPrioritySchema,
  progress: z.number().int(),
  color: z.string(),
  assigneeId: z.uuid().nullable(),
  /** The UI reads the assignee's names (PRODUCT-SPEC §3) and a ready-made display name. */
  assignee: personSchema.nullable(),
  assignedTo: z.string().nullable(),
  assigneeIds: z.array(z.uuid()),
  /** Each assignee's share of their working day, for those not at 100 (issue 36). */
  allocations: z.record(z.string(), z.number().int()),
  /** Custom field values, field id → value (issue 39); {} for none. */
  custom: z.record(z.string(), customValueSchema),
  order: z.number().int(),
  kind: taskKindSchema,
  /**
   * The summary task above this one, or null. A task that is some task's parent is a summary: its dates and
   * progress as read here are rolled up from its subtasks (docs/scheduling.md).
   */
  parentId: z.uuid().nullable(),
  /** Ids of the tasks this one depends on. */
  dependencies: z.array(z.uuid()),
  /** The same links with their type and lag. */
  links: z.array(taskLinkSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Task = z.infer<typeof taskSchema>;

export const taskHistoryEntrySchema = z.object({
  id: z.uuid(),
  taskId: z.uuid(),
  fieldName: z.string(),
  oldValue: z.string().nullable(),
  newValue: z.string().nullable(),
  changeReason: z.string().nullable(),
  createdAt: z.string(),
  changedByUser: z.object({ firstName: z.string(), email: z.string() }).nullable(),
});
export type TaskHistoryEntry = z.infer<typeof taskHistoryEntrySchema>;
