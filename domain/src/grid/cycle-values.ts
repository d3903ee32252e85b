import { TASK_PRIORITIES, TASK_STATUSES, type TaskPriority, type TaskStatus } from '../schemas/enums.js';
import { normaliseTaskStatus } from '../schemas/task.js';

/**
 * [grid-cycle-keys] Status and priority cells change with keys (issue 39): the next or previous value of the
 * domain's list, wrapping round at either end. A value not in the list (an old spelling) starts from the first.
 */
export function cycleValue<T extends string>(values: readonly T[], current: string, step: 1 | -1 = 1): T {
  const at = values.indexOf(current as T);
  if (at < 0) return values[step > 0 ? 0 : values.length - 1]!;
  return values[(at + step + values.length) % values.length]!;
}

/** pending → in_progress → completed → blocked → pending (and back with -1). */
export const nextStatus = (current: string, step: 1 | -1 = 1): TaskStatus => cycleValue(TASK_STATUSES, normaliseTaskStatus(current), step);

/** low → medium → high → critical → low (and back with -1). */
export const nextPriority = (current: string, step: 1 | -1 = 1): TaskPriority => cycleValue(TASK_PRIORITIES, current, step);
