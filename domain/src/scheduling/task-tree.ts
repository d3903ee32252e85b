import type { ScheduleTask } from './scheduling.schema.js';
import { rollUpSummaries } from './summary-rollup.js';
import type { WorkCalendar } from './work-calendar.js';

/**
 * Summary tasks as every reader shows them (issue 17, docs/scheduling.md): a task that some task names as its
 * parent shows the dates and progress rolled up from its subtasks, not its own. The roll-up is not stored; REST
 * reads, exports, the dashboard and the chart apply it to what they read.
 */

type TreeTask = Pick<ScheduleTask, 'id' | 'startDate' | 'endDate' | 'kind' | 'parentId' | 'progress'>;

/**
 * [summary-rollup] `tasks` with each summary's dates and progress replaced by its roll-up (rollUpSummaries);
 * other tasks are the same objects. Parents that loop (which the write path refuses) leave every task as it is.
 */
export function withRolledUpSummaries<T extends TreeTask>(tasks: readonly T[], calendar: WorkCalendar): T[] {
  if (!tasks.some((t) => t.parentId != null)) return [...tasks];
  const result = rollUpSummaries(tasks, calendar);
  if (!result.ok) return [...tasks];
  const rolled = new Map(result.summaries.map((s) => [s.taskId, s]));
  return tasks.map((t) => {
    const summary = rolled.get(t.id);
    return summary ? { ...t, startDate: summary.startDate, endDate: summary.endDate, progress: summary.progress } : t;
  });
}

export type ParentProblem =
  | { reason: 'self' | 'not-found' | 'milestone' }
  /** The loop the new parent would close, as ids from the task up through its would-be ancestors and back. */
  | { reason: 'cycle'; cycle: string[] };

/**
 * [summary-tasks] Why `parentId` cannot be the parent of `taskId`, or null when it can: the parent must be another
 * task of the project (`find` looks tasks up in it), not a milestone, and not one of the task's own subtasks
 * (that would make the task its own ancestor; domain findParentCycle finds such loops in a whole plan).
 */
export function parentProblem(
  find: (id: string) => Pick<ScheduleTask, 'kind' | 'parentId'> | undefined,
  taskId: string,
  parentId: string,
): ParentProblem | null {
  if (parentId === taskId) return { reason: 'self' };
  const parent = find(parentId);
  if (!parent) return { reason: 'not-found' };
  if (parent.kind === 'milestone') return { reason: 'milestone' };
  const path = [taskId, parentId];
  const seen = new Set(path);
  for (let at = parent.parentId ?? null; at !== null; at = find(at)?.parentId ?? null) {
    if (at === taskId) return { reason: 'cycle', cycle: [...path, taskId] };
    // A loop above that does not pass through the task (the write path refuses those) ends the walk.
    if (seen.has(at)) break;
    seen.add(at);
    path.push(at);
  }
  return null;
}

export interface TreeRow<T> {
  task: T;
  /** Levels above it: 0 at the top level. */
  depth: number;
  /** How many tasks name it as their parent. */
  subtasks: number;
}

/**
 * [summary-tasks] Rows in outline order: each task followed by its subtasks, depth first, siblings in the order
 * given. A parent naming no task (or the task itself) puts the task at the top level; tasks caught in a loop of
 * parents (which the write path refuses) come last, at the top level, so that no task is ever lost from view.
 */
export function treeOrder<T extends { id: string; parentId?: string | null }>(tasks: readonly T[]): TreeRow<T>[] {
  const ids = new Set(tasks.map((t) => t.id));
  const isChild = (t: T) => t.parentId != null && t.parentId !== t.id && ids.has(t.parentId);
  const children = new Map<string, T[]>();
  for (const t of tasks) {
    if (!isChild(t)) continue;
    const list = children.get(t.parentId!);
    if (list) list.push(t);
    else children.set(t.parentId!, [t]);
  }
  const rows: TreeRow<T>[] = [];
  const placed = new Set<string>();
  const visit = (roots: readonly T[]) => {
    // Depth first without recursion: deep outlines must not overflow the stack.
    const stack = roots.map((task) => ({ task, depth: 0 })).reverse();
    while (stack.length) {
      const { task, depth } = stack.pop()!;
      if (placed.has(task.id)) continue;
      placed.add(task.id);
      const kids = children.get(task.id) ?? [];
      rows.push({ task, depth, subtasks: kids.length });
      for (let i = kids.length - 1; i >= 0; i--) stack.push({ task: kids[i]!, depth: depth + 1 });
    }
  };
  visit(tasks.filter((t) => !isChild(t)));
  if (placed.size < tasks.length) visit(tasks.filter((t) => !placed.has(t.id)));
  return rows;
}
