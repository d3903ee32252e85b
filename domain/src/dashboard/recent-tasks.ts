import type { WidgetSize } from '../schemas/enums.js';
import { RECENT_TASKS_SHOWN } from './widget-limits.js';

export interface TimestampedTask {
  updatedAt?: string | null;
  createdAt?: string | null;
}

function lastTouched(task: TimestampedTask): number {
  const time = Date.parse(task.updatedAt || task.createdAt || '');
  return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time;
}

export interface RecentTasks<T> {
  shown: T[];
  total: number;
  /** 'View All Tasks' shows when more tasks exist than are shown. */
  hasMore: boolean;
  /** Medium and large: priority badge and 'Assigned to'. */
  showDetails: boolean;
  /** Large: 'Due:' and the 'Progress: N%' bar. */
  showDueAndProgress: boolean;
}

/** [recent-tasks] Newest first by last update, else creation time; 3/5/8 by size. Ties keep the list's order. */
export function recentTasks<T extends TimestampedTask>(tasks: readonly T[], size: WidgetSize): RecentTasks<T> {
  const limit = RECENT_TASKS_SHOWN[size];
  const sorted = [...tasks].sort((a, b) => {
    const [ta, tb] = [lastTouched(a), lastTouched(b)];
    return ta === tb ? 0 : ta > tb ? -1 : 1;
  });
  return {
    shown: sorted.slice(0, limit),
    total: tasks.length,
    hasMore: tasks.length > limit,
    showDetails: size !== 'small',
    showDueAndProgress: size === 'large',
  };
}
