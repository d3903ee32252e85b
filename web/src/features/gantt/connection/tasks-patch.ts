import type { TasksState } from '../model/tasks-store';
import { LayeredMap } from '../model/layered-map';
import { changedTaskIds, noteTaskChanges } from '../model/task-changes';
import type { TimelineTask } from '../model/timeline-task';
import type { TasksPatch } from './document-protocol';

export type { TasksPatch };

/** What turns `before` into `after` (states of one store), or null when nothing did. */
export function diffTasksState(before: TasksState, after: TasksState): TasksPatch | null {
  const patch: TasksPatch = {};
  if (after.tasks !== before.tasks) {
    const set: TimelineTask[] = [];
    const deleted: string[] = [];
    for (const id of changedTaskIds(before.tasks, after.tasks)) {
      const task = after.tasks.get(id);
      if (!task) {
        if (before.tasks.has(id)) deleted.push(id);
      } else if (before.tasks.get(id) !== task) set.push(task);
    }
    if (set.length) patch.set = set;
    if (deleted.length) patch.deleted = deleted;
  }
  if (after.rows !== before.rows) patch.rows = after.rows;
  if (after.depth !== before.depth) patch.depth = after.depth;
  if (after.collapsed !== before.collapsed) patch.collapsed = after.collapsed;
  if (after.edges !== before.edges) patch.edges = after.edges;
  if (after.edgesByTask !== before.edgesByTask) patch.edgesByTask = after.edgesByTask;
  return Object.keys(patch).length ? patch : null;
}

/** The whole of `state` as a patch over an empty store. */
export function wholeTasksState(state: TasksState): TasksPatch {
  return { set: [...state.tasks.values()], rows: state.rows, depth: state.depth, collapsed: state.collapsed, edges: state.edges, edgesByTask: state.edgesByTask };
}

/** `state` with `patch` applied: the parts it does not name stay the same objects. */
export function applyTasksPatch(state: TasksState, patch: TasksPatch): TasksState {
  const next: TasksState = { ...state };
  if (patch.set?.length || patch.deleted?.length) {
    const changes = [...(patch.deleted ?? []).map((id) => [id, undefined] as const), ...(patch.set ?? []).map((task) => [task.id, task] as const)];
    // A few tasks (a teammate's drop): laid over the tasks the page has, with a note of which, so that neither
    // this copy nor its readers go through all 100,000. Many (the first patch, the whole state): a map of their own.
    if (changes.length <= state.tasks.size / 8) {
      next.tasks = LayeredMap.changed(state.tasks, changes);
      noteTaskChanges(next.tasks, state.tasks, changes.map(([id]) => id));
    } else {
      const tasks = new Map(state.tasks);
      for (const [id, task] of changes) {
        if (task) tasks.set(id, task);
        else tasks.delete(id);
      }
      next.tasks = tasks;
    }
  }
  if (patch.rows) {
    next.rows = patch.rows;
    next.rowIndex = new Map(patch.rows.map((id, i) => [id, i]));
  }
  if (patch.depth) next.depth = patch.depth;
  if (patch.collapsed) next.collapsed = patch.collapsed;
  if (patch.edges) next.edges = patch.edges;
  if (patch.edgesByTask) next.edgesByTask = patch.edgesByTask;
  return next;
}

/** Splits a patch with many tasks into parts of at most `size` tasks: the page reads each in a task of its own. */
export function splitTasksPatch(patch: TasksPatch, size: number): { parts: TimelineTask[][]; last: TasksPatch } {
  const set = patch.set ?? [];
  if (set.length <= size) return { parts: [], last: patch };
  const parts: TimelineTask[][] = [];
  let from = 0;
  for (; from + size < set.length; from += size) parts.push(set.slice(from, from + size));
  return { parts, last: { ...patch, set: set.slice(from) } };
}
