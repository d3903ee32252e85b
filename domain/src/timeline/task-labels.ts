import { TASK_STATUSES, type TaskPriority, type TaskStatus } from '../schemas/enums.js';
import { normaliseTaskStatus } from '../schemas/task.js';

/** PRODUCT-SPEC §4 task statuses as people read them. */
export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  pending: 'Pending',
  in_progress: 'In Progress',
  completed: 'Completed',
  blocked: 'Blocked',
};

export const TASK_PRIORITY_LABELS: Record<TaskPriority, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  critical: 'Critical',
};

/** [task-status] Both spellings of in progress count; any other value is treated as not started (pending). */
export function taskStatusOf(value: unknown): TaskStatus {
  const status = typeof value === 'string' ? normaliseTaskStatus(value) : '';
  return (TASK_STATUSES as readonly string[]).includes(status) ? (status as TaskStatus) : 'pending';
}

/** The Change History's names for the recorded fields (task_change_history.field_name). */
export const TASK_FIELD_LABELS: Record<string, string> = {
  /** Values: the whole task as JSON (recordTask, rules/time-travel.ts); before complete history, its name alone. */
  created: 'Created',
  deleted: 'Deleted',
  name: 'Name',
  description: 'Description',
  startDate: 'Start date',
  endDate: 'End date',
  status: 'Status',
  priority: 'Priority',
  progress: 'Progress',
  color: 'Colour',
  assigneeId: 'Assignee',
  assigneeIds: 'Assignees',
  /** Issue 36: each assignee's share of their day, for those not at 100 % (JSON); none as null. */
  allocations: 'Allocation',
  order: 'Order',
  /** A link to a predecessor made, changed or removed; values as linkSummary writes them ("Design (SS +2d)"). */
  dependency: 'Dependency',
  kind: 'Type',
  parentId: 'Parent',
  /** Issue 39: the task's custom field values (JSON, field id → value); none as null. The web names each field. */
  custom: 'Custom fields',
};

/** How a task's kind reads (forms, history, exports). */
export const TASK_KIND_LABELS = { task: 'Task', milestone: 'Milestone' } as const;
