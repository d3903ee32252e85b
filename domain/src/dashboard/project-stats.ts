import type { WidgetSize } from '../schemas/enums.js';
import { isInProgress, normaliseTaskStatus } from '../schemas/task.js';
import { dayNumberOrNull, todayDayNumber } from '../timeline/calendar-date.js';

/** The task fields the widget rules read; the API's Task fits, and so does a task still being typed. */
export interface WidgetTask {
  status: string;
  endDate?: string | null;
}

export function isTaskCompleted(status: string): boolean {
  return normaliseTaskStatus(status) === 'completed';
}

/** [task-overdue] PRODUCT-SPEC §9: the end date is before today and the task is not completed. */
export function isTaskOverdue(task: WidgetTask, today: string): boolean {
  const end = dayNumberOrNull(task.endDate);
  return end !== null && end < todayDayNumber(today) && !isTaskCompleted(task.status);
}

/** [completion-rate] PRODUCT-SPEC §9: completed out of all tasks, as a whole percent; 0 without tasks. */
export function completionPercent(completed: number, total: number): number {
  return total === 0 ? 0 : Math.round((completed / total) * 100);
}

/** [completion-rate] Completed tasks out of all tasks, as a whole percent; 0 without tasks. */
export function completionRate(tasks: readonly WidgetTask[]): number {
  return completionPercent(tasks.filter((t) => isTaskCompleted(t.status)).length, tasks.length);
}

export interface ProjectTaskCounts {
  total: number;
  completed: number;
  /** 'in_progress' and 'in-progress' both count (PRODUCT-SPEC §4). */
  inProgress: number;
  overdue: number;
}

/** [stats-tiles] The four tiles: Total Tasks, Completed, In Progress, Overdue. */
export function projectTaskCounts(tasks: readonly WidgetTask[], today: string): ProjectTaskCounts {
  return {
    total: tasks.length,
    completed: tasks.filter((t) => isTaskCompleted(t.status)).length,
    inProgress: tasks.filter((t) => isInProgress(t.status)).length,
    overdue: tasks.filter((t) => isTaskOverdue(t, today)).length,
  };
}

export interface ProjectStatistics {
  completionRate: number;
  /** Medium and large only. */
  counts: ProjectTaskCounts | null;
  /** Large only, and only when the project has both dates. */
  dates: { startDate: string; endDate: string } | null;
}

/** [stats-widget] What Project Statistics shows at a size. */
export function projectStatistics(
  tasks: readonly WidgetTask[],
  project: { startDate: string | null; endDate: string | null } | null,
  today: string,
  size: WidgetSize,
): ProjectStatistics {
  const hasDates = project !== null && dayNumberOrNull(project.startDate) !== null && dayNumberOrNull(project.endDate) !== null;
  return {
    completionRate: completionRate(tasks),
    counts: size === 'small' ? null : projectTaskCounts(tasks, today),
    dates: size === 'large' && hasDates ? { startDate: project.startDate!, endDate: project.endDate! } : null,
  };
}
