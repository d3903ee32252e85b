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
  const ids = new Set<string>();
  for (const [id, task] of after) if (before.get(id) !== task) ids.add(id);
  for (const id of before.keys()) if (!after.has(id)) ids.add(id);
  return ids;
}
