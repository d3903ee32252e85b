import { createStore } from 'zustand/vanilla';
import { outlineRows } from './tasks-store';
import type { TimelineTask } from './timeline-task';

/*
 * [chart-find] The chart's own find (issue 33 item 9: the workspace's search box filters projects, so a task's name
 * typed there hid the chart). It searches the names of every task of the plan, those under collapsed summaries
 * too, in the order the rows show them; going to a hidden one opens the summaries above it.
 */

const folded = (text: string) => text.normalize('NFC').toLocaleLowerCase();

/** The tasks whose name holds `query` (any case), in outline order; none for a blank query. */
export function findTasks(tasks: ReadonlyMap<string, TimelineTask>, query: string): string[] {
  const wanted = folded(query.trim());
  if (!wanted) return [];
  return outlineRows(tasks, new Set()).rows.filter((id) => folded(tasks.get(id)!.name).includes(wanted));
}

/** The collapsed summaries above `taskId`, outermost last: what must open for its row to show. */
export function collapsedAbove(tasks: ReadonlyMap<string, TimelineTask>, collapsed: ReadonlySet<string>, taskId: string): string[] {
  const closed: string[] = [];
  const seen = new Set<string>([taskId]);
  for (let parent = tasks.get(taskId)?.parentId; parent && tasks.has(parent) && !seen.has(parent); parent = tasks.get(parent)?.parentId) {
    seen.add(parent);
    if (collapsed.has(parent)) closed.push(parent);
  }
  return closed;
}

/** The match `step` places from `current` (1 next, -1 previous), wrapping at either end; 0 without one. */
export function stepMatch(count: number, current: number, step: 1 | -1): number {
  if (count === 0) return 0;
  return (((current + step) % count) + count) % count;
}

/** What the rows draw: the matches of the open find, and the one it is on. */
export interface FindMarks {
  matches: ReadonlySet<string>;
  current: string | null;
}

export const findMarksStore = createStore<FindMarks>(() => ({ matches: new Set(), current: null }));
