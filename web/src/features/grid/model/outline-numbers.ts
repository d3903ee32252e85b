import { outlineRows, type TasksState } from '../../gantt/model/tasks-store';

/**
 * [grid-row-numbers] The grid's row numbers and WBS numbers (issue 39). A row number is the task's place in the whole
 * outline (1 for the first task), collapsed summaries' subtasks counted: it stays the same when a summary is folded,
 * so "4FS" in a predecessors cell names the same task whatever this browser hides. The WBS number is the outline's
 * path: 1, 1.1, 1.2.1.
 */
export interface OutlineNumbers {
  /** Task ids in outline order: row n is `order[n - 1]`. */
  order: readonly string[];
  rowOf: ReadonlyMap<string, number>;
  wbs: ReadonlyMap<string, string>;
}

/** Numbers for rows in outline order with their depth (0 at the top; a row missing from `depth` is at the top). */
export function outlineNumbers(order: readonly string[], depth: ReadonlyMap<string, number>): OutlineNumbers {
  const rowOf = new Map<string, number>();
  const wbs = new Map<string, string>();
  const path: number[] = [];
  order.forEach((id, i) => {
    rowOf.set(id, i + 1);
    const level = Math.min(depth.get(id) ?? 0, path.length);
    path.length = level + 1;
    path[level] = (path[level] ?? 0) + 1;
    wbs.set(id, path.join('.'));
  });
  return { order, rowOf, wbs };
}

const memo = new WeakMap<readonly string[], { collapsed: ReadonlySet<string>; size: number; numbers: OutlineNumbers }>();
const NONE: ReadonlySet<string> = new Set();

/**
 * The numbers of a tasks store's state, computed once per change of its rows (the store keeps its rows while they
 * stay in order, so typing a name or a status computes nothing): every row on screen and every cell commit reads
 * the same answer.
 */
export function outlineNumbersOf(state: Pick<TasksState, 'tasks' | 'rows' | 'depth' | 'collapsed'>): OutlineNumbers {
  const hit = memo.get(state.rows);
  if (hit && hit.collapsed === state.collapsed && hit.size === state.tasks.size) return hit.numbers;
  // Folded summaries hide rows the numbers still count: the whole outline, as if nothing were folded.
  const whole = state.collapsed.size ? outlineRows(state.tasks, NONE) : state;
  const numbers = outlineNumbers(whole.rows, whole.depth);
  memo.set(state.rows, { collapsed: state.collapsed, size: state.tasks.size, numbers });
  return numbers;
}
