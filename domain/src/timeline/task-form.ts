import { z } from 'zod';
import { TASK_PRIORITIES, TASK_STATUSES } from '../schemas/enums.js';
import { ALLOCATION_DEFAULT, ALLOCATION_MESSAGE, allocationSchema, CHANGE_REASON_MAX_LENGTH, createTaskInputSchema, taskFieldSchemas, updateTaskInputSchema } from '../schemas/task.js';

/** The assignee select's value for nobody (a select item cannot have an empty value). */
export const UNASSIGNED = 'unassigned';

const assigneeChoice = z.union([z.literal(UNASSIGNED), taskFieldSchemas.assigneeId.unwrap()], { error: 'Assignee is not valid' });
const endNotBeforeStart = (v: { startDate: string; endDate: string; milestone?: boolean }) =>
  v.milestone === true || !v.startDate || !v.endDate || v.endDate >= v.startDate;
const END_BEFORE_START = { message: 'End date cannot be before start date', path: ['endDate'] };

/**
 * [milestone-one-day] The forms' Milestone checkbox: a milestone is on its start date, so its end date is not
 * asked for (the end date field is left out and the start date is sent for both).
 */
const milestoneChoice = z.boolean({ error: 'Milestone must be ticked or not' });
const endDateUnlessMilestone = (v: { endDate: string; milestone: boolean }, ctx: z.RefinementCtx) => {
  if (v.milestone) return;
  const checked = taskFieldSchemas.endDate.safeParse(v.endDate);
  if (!checked.success) ctx.addIssue({ code: 'custom', message: checked.error.issues[0]!.message, path: ['endDate'] });
};
/**
 * [allocation] The assignee's share of their working day, in whole percent (1-200): judged only while someone is
 * assigned, so a half-typed value left behind by choosing Unassigned does not block Save. An emptied number field
 * reads as NaN, which gets the same message as any other bad value.
 */
const allocationInput = z.union([z.number(), z.nan()], { error: ALLOCATION_MESSAGE });
const allocationWhenAssigned = (v: { assigneeId: string; allocation: number }, ctx: z.RefinementCtx) => {
  if (v.assigneeId === UNASSIGNED) return;
  const checked = allocationSchema.safeParse(v.allocation);
  if (!checked.success) ctx.addIssue({ code: 'custom', message: checked.error.issues[0]!.message, path: ['allocation'] });
};
/**
 * [allocation] The shares of the task's other assignees (the primary one's is `allocation`), one field each, judged
 * like it, each message on its own field.
 */
const otherAllocationsInput = z.array(z.object({ userId: z.string(), allocation: allocationInput }));
const otherAllocationsValid = (v: { assigneeId: string; otherAllocations: { userId: string; allocation: number }[] }, ctx: z.RefinementCtx) => {
  v.otherAllocations.forEach(({ userId, allocation }, i) => {
    // Chosen as the primary assignee: their share is `allocation` now, and this field is hidden.
    if (userId === v.assigneeId) return;
    const checked = allocationSchema.safeParse(allocation);
    if (!checked.success) ctx.addIssue({ code: 'custom', message: checked.error.issues[0]!.message, path: ['otherAllocations', i, 'allocation'] });
  });
};
const startDateOnly = <T extends { startDate: string; endDate: string; milestone: boolean }>(v: T): T =>
  v.milestone ? { ...v, endDate: v.startDate } : v;

/**
 * The timeline's task forms (PRODUCT-SPEC §5), built from the API's field schemas so the messages are the
 * server's: 'Task name is required', 'Start date is required', 'End date is required', 'End date cannot be
 * before start date'.
 */
export const quickAddFormSchema = z
  .object({
    name: taskFieldSchemas.name,
    startDate: taskFieldSchemas.startDate,
    endDate: z.string(),
    assigneeId: assigneeChoice,
    milestone: milestoneChoice,
  })
  .superRefine(endDateUnlessMilestone)
  .transform(startDateOnly)
  .refine(endNotBeforeStart, END_BEFORE_START);
export type QuickAddFormInput = z.input<typeof quickAddFormSchema>;
export type QuickAddFormValues = z.output<typeof quickAddFormSchema>;

/** Edit Task: every field a person edits, plus the optional change reason kept in the history. */
export const taskEditFormSchema = z
  .object({
    name: taskFieldSchemas.name,
    description: taskFieldSchemas.description.unwrap(),
    startDate: taskFieldSchemas.startDate,
    endDate: z.string(),
    status: z.enum(TASK_STATUSES, { error: 'Status must be one of pending, in_progress, completed or blocked' }),
    priority: z.enum(TASK_PRIORITIES, { error: 'Priority must be one of low, medium, high or critical' }),
    progress: taskFieldSchemas.progress,
    assigneeId: assigneeChoice,
    allocation: allocationInput.default(ALLOCATION_DEFAULT),
    otherAllocations: otherAllocationsInput.default([]),
    milestone: milestoneChoice,
    changeReason: z.string().max(CHANGE_REASON_MAX_LENGTH, `Change reason must be at most ${CHANGE_REASON_MAX_LENGTH} characters`),
  })
  .superRefine(endDateUnlessMilestone)
  .superRefine(allocationWhenAssigned)
  .superRefine(otherAllocationsValid)
  .transform(startDateOnly)
  .refine(endNotBeforeStart, END_BEFORE_START);
export type TaskEditFormInput = z.input<typeof taskEditFormSchema>;
export type TaskEditFormValues = z.output<typeof taskEditFormSchema>;

/** A form's assignee choice as the API writes it. */
export function assigneeFromChoice(choice: string): string | null {
  return choice === UNASSIGNED ? null : choice;
}

/** What a client sends to POST /api/tasks and PATCH /api/tasks/{id}: the schemas' input side (defaults optional). */
export type CreateTaskRequest = z.input<typeof createTaskInputSchema>;
export type UpdateTaskRequest = z.input<typeof updateTaskInputSchema>;

/**
 * [ai-preview] The AI task creator's preview: what it read, to correct before the task is created. Status and
 * description are kept as read; the assignee is a member's id or UNASSIGNED.
 */
export const aiPreviewFormSchema = z
  .object({
    name: taskFieldSchemas.name,
    startDate: taskFieldSchemas.startDate,
    endDate: taskFieldSchemas.endDate,
    priority: taskFieldSchemas.priority,
    assigneeId: assigneeChoice,
  })
  .refine(endNotBeforeStart, END_BEFORE_START);
export type AiPreviewFormInput = z.infer<typeof aiPreviewFormSchema>;
