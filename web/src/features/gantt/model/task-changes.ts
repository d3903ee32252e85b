import { maxDate, minDate, tasksSpan, type TimelineRange } from '@planline/domain';
import { LayeredMap } from './layered-map';
import type { TimelineTask } from './timeline-task';

type Tasks = ReadonlyMap<string, TimelineTask>;

/**
 * Which tasks differ between two maps of a tasks store, in the time of the tasks that changed (issue 35: a drop
 * costs the same at 100,000 tasks as at 1,000). Whoever makes a new map from an old one by changing a few ids
 * (the tasks store on a document change, a page applying the worker's patch) notes them here; a reader that holds
 * the old map and is given the new one (the patch to the page, the links judged again) reads the note instead of
 * comparing every task. Without a note for exactly that pair, every task is compared.
 */
// The old map is held weakly: a note must not keep every earlier 100,000-task map alive through its successors.
const notes = new WeakMap<Tasks, { from: WeakRef<Tasks>; ids: ReadonlySet<string> }>();

/** `to` is `from` with the tasks of `ids` set or deleted, and no other change. */
export function noteTaskChanges(to: Tasks, from: Tasks, ids: Iterable<string>): void {
  notes.set(to, { from: new WeakRef(from), ids: ids instanceof Set ? (ids as ReadonlySet<string>) : new Set(ids) });
}

/** The ids whose task differs between `before` and `after` (set, changed or deleted; a noted id may be unchanged). */
export function changedTaskIds(before: Tasks, after: Tasks): ReadonlySet<string> {
  if (before === after) return new Set();
  const note = notes.get(after);
  if (note && note.from.deref() === before) return note.ids;
  // Two layers over one base (the page's shown tasks before and after a drop, the worker's patch applied): the
  // keys of the two layers.
  const layered = LayeredMap.changedKeys(before, after);
  if (layered) return layered;
  const ids = new Set<string>();
  for (const [id, task] of after) if (before.get(id) !== task) ids.add(id);
  for (const id of before.keys()) if (!after.has(id)) ids.add(id);
  return ids;
}

/**
 * A figure over every task (how many are done, the plan's first and last days) that follows the store by the
 * tasks each change touched: `step` gives the figure after them from the one before, or null to work it out again
 * with `whole` (which also runs when most of the plan changed, or for another store's tasks).
 */
export function followingTasks<T>(
  whole: (tasks: Tasks) => T,
  step: (value: T, changes: readonly (readonly [before: TimelineTask | undefined, after: TimelineTask | undefined])[]) => T | null,
): (tasks: Tasks) => T {
  let last: { tasks: WeakRef<Tasks>; value: T } | null = null;
  return (tasks) => {
    const before = last?.tasks.deref();
    if (last && before === tasks) return last.value;
    let value: T | null = null;
    if (last && before) {
      const ids = changedTaskIds(before, tasks);
      if (ids.size <= Math.max(256, tasks.size / 8)) value = step(last.value, [...ids].map((id) => [before.get(id), tasks.get(id)] as const));
    }
    if (value === null) value = whole(tasks);
    last = { tasks: new WeakRef(tasks), value };
    return value;
  };
}

/**
 * The plan's first and last days (tasksSpan), followed by the tasks each change touched: widened by where they are
 * now, and worked out again only when one of them was on an edge (it may have been the only task there).
 */
export const planSpan = followingTasks<TimelineRange | null>(
  (tasks) => tasksSpan(tasks.values()),
  (span, changes) => {
    if (!span) return null;
    let { start, end } = span;
    for (const [before, after] of changes) {
      if (before && (before.startDate === span.start || maxDate(before.startDate, before.endDate) === span.end)) return null;
      if (after) {
        start = minDate(start, after.startDate);
        end = maxDate(end, maxDate(after.startDate, after.endDate));
      }
    }
    return start === span.start && end === span.end ? span : { start, end };
  },
);
