import type { WidgetSize } from '../schemas/enums.js';
import { dayNumberOrNull, todayDayNumber } from '../timeline/calendar-date.js';
import { isTaskCompleted } from './project-stats.js';
import { HIGH_URGENCY_MAX_DAYS_LEFT, UPCOMING_TASKS_SHOWN, UPCOMING_WINDOW_DAYS, URGENT_MAX_DAYS_LEFT } from './widget-limits.js';

/** [upcoming-urgency] PRODUCT-SPEC §4: 1 day or less urgent (red), 3 days or less high (orange), else normal (blue). */
export type Urgency = 'urgent' | 'high' | 'normal';
export const URGENCY_COLOURS: Record<Urgency, 'red' | 'orange' | 'blue'> = { urgent: 'red', high: 'orange', normal: 'blue' };

export function urgencyFor(daysLeft: number): Urgency {
  if (daysLeft <= URGENT_MAX_DAYS_LEFT) return 'urgent';
  if (daysLeft <= HIGH_URGENCY_MAX_DAYS_LEFT) return 'high';
  return 'normal';
}

/** [upcoming-due-text] The relative due time of a task due `daysLeft` days from today. */
export function dueText(daysLeft: number): string {
  if (daysLeft < -1) return `Overdue by ${-daysLeft} days`;
  if (daysLeft === -1) return 'Overdue by 1 day';
  if (daysLeft === 0) return 'Due today';
  if (daysLeft === 1) return 'Due tomorrow';
  return `Due in ${daysLeft} days`;
}

export interface UpcomingTask {
  status: string;
  endDate?: string | null;
}

export interface UpcomingRow<T> {
  task: T;
  daysLeft: number;
  urgency: Urgency;
  dueText: string;
}

export interface UpcomingTasks<T> {
  shown: UpcomingRow<T>[];
  /** Every task due in the window, shown or not. */
  total: number;
  showAssignee: boolean;
  showProgress: boolean;
}

/**
 * [upcoming-tasks] Tasks not completed whose end date is today or within the next 7 days, soonest first (ties
 * keep the list's order), 3/5/8 by size.
 */
export function upcomingTasks<T extends UpcomingTask>(tasks: readonly T[], today: string, size: WidgetSize): UpcomingTasks<T> {
  const now = todayDayNumber(today);
  const due: UpcomingRow<T>[] = [];
  for (const task of tasks) {
    const end = dayNumberOrNull(task.endDate);
    if (end === null || isTaskCompleted(task.status)) continue;
    const daysLeft = end - now;
    if (daysLeft < 0 || daysLeft > UPCOMING_WINDOW_DAYS) continue;
    due.push({ task, daysLeft, urgency: urgencyFor(daysLeft), dueText: dueText(daysLeft) });
  }
  due.sort((a, b) => a.daysLeft - b.daysLeft);
  return {
    shown: due.slice(0, UPCOMING_TASKS_SHOWN[size]),
    total: due.length,
    showAssignee: size !== 'small',
    showProgress: size === 'large',
  };
}
