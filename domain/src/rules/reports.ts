import { normaliseTaskStatus } from '../schemas/task.js';

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / DAY_MS;
};
const fromDayNumber = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** [report-week] Weeks run Monday to Sunday; a week is named by its Sunday, the week ending date. */
export function weekEndingFor(date: string): string {
  const n = dayNumber(date);
  const weekday = new Date(n * DAY_MS).getUTCDay(); // 0 = Sunday
  return fromDayNumber(n + ((7 - weekday) % 7));
}

/** The last week that has fully ended on `today` (its Sunday is before today). */
export function lastCompletedWeekEnding(today: string): string {
  const thisWeek = weekEndingFor(today);
  return thisWeek === today ? fromDayNumber(dayNumber(today) - 7) : fromDayNumber(dayNumber(thisWeek) - 7);
}

/**
 * [report-figures] Completed and total task counts, and progress as the mean of the tasks' progress with a
 * completed task counting 100 (0 with no tasks), rounded to a whole percent.
 */
export function reportFigures(tasks: readonly { status: string; progress: number }[]) {
  const tasksTotal = tasks.length;
  const tasksCompleted = tasks.filter((t) => normaliseTaskStatus(t.status) === 'completed').length;
  const sum = tasks.reduce((acc, t) => acc + (normaliseTaskStatus(t.status) === 'completed' ? 100 : Math.max(0, Math.min(100, t.progress))), 0);
  return { tasksCompleted, tasksTotal, progressPercentage: tasksTotal ? Math.round(sum / tasksTotal) : 0 };
}
