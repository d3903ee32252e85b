import { findParentCycle, TASK_FIELDS, type TaskFieldName } from '@planline/domain';
import { sameValue, type DocTask } from '@planline/document';
import type { PersistedTask } from './task-validation.js';

/**
 * Summary tasks on the write path (issue 17): what a change does to the tree of parents, judged once its tasks
 * have been judged field by field (judgeTask), because a parent is valid or not only with the rest of the plan.
 * A parent must be another task of the project that stays, is not a milestone and is not below the task (no
 * loop: domain findParentCycle); a task with subtasks cannot become a milestone. What breaks a rule is put back.
 * Subtasks of a deleted task move up to its parent (or the top level), as the document's deleteTask does:
 * a teammate's subtask the deleting client did not know of yet moves too.
 */

/** What RowsAfter.judge decided for one change's tasks so far; judgeHierarchy changes it in place. */
export interface TreeChange {
  created: [string, PersistedTask][];
  updated: [string, PersistedTask, TaskFieldName[], PersistedTask][];
  deleted: string[];
  /** Values to put back into the document (null: a new task refused as a whole). */
  fixes: Map<string, DocTask | null>;
}

/** The rows as they were before the change. */
export interface TreeRows {
  task(id: string): PersistedTask | undefined;
  /** Every task id the rows hold. */
  ids(): Iterable<string>;
}

/** A stored task the change did not touch, moved up because its parent was deleted: set where it still says `from`. */
export interface Reparented {
  taskId: string;
  from: string;
  to: string | null;
}

export function judgeHierarchy(change: TreeChange, rows: TreeRows): Reparented[] {
  const created = new Map(change.created);
  const updated = new Map(change.updated.map(([id, task, , previous]) => [id, { task, previous }]));
  const deleted = new Set(change.deleted);
  const refused = new Set([...change.fixes].filter(([, fix]) => fix === null).map(([id]) => id));
  const after = (id: string): PersistedTask | undefined =>
    created.get(id) ?? updated.get(id)?.task ?? (deleted.has(id) || refused.has(id) ? undefined : rows.task(id));
  const before = (id: string) => updated.get(id)?.previous;
  const set = (id: string, field: 'parentId' | 'kind', value: PersistedTask[typeof field]) => {
    const next = { ...after(id)!, [field]: value };
    if (created.has(id)) created.set(id, next);
    else updated.get(id)!.task = next;
    change.fixes.set(id, { ...change.fixes.get(id), [field]: value });
  };
  const judged = [...created.keys(), ...updated.keys()];
  const parentChanged = (id: string) => (created.has(id) || updated.has(id)) && !sameValue(after(id)!.parentId, before(id)?.parentId ?? null);
  const stored = (id: string) => before(id)?.parentId ?? null;
  if (!deleted.size && !judged.some((id) => parentChanged(id) || (after(id)!.kind === 'milestone' && before(id)?.kind !== 'milestone'))) return [];

  // A new parent must stay in the project and not be a milestone (the stored one was valid when stored).
  for (const id of judged) {
    const parentId = after(id)!.parentId;
    if (parentId === null || !parentChanged(id)) continue;
    const parent = after(parentId);
    if (parentId === id || !parent || parent.kind === 'milestone') set(id, 'parentId', stored(id));
  }

  // No loops: the stored tree had none, so every loop runs through a parent this change set; the first such
  // task (by id) of each loop found goes back, until none is left.
  const parented = () => [...new Set([...rows.ids(), ...created.keys()])].flatMap((id) => {
    const task = after(id);
    return task?.parentId ? [{ id, parentId: task.parentId }] : [];
  });
  if (judged.some(parentChanged)) {
    for (let cycle = findParentCycle(parented()); cycle; cycle = findParentCycle(parented())) {
      const culprit = cycle.filter(parentChanged).sort()[0];
      // Unreachable while the stored tree has no loop; never spin if it did.
      if (culprit === undefined) break;
      set(culprit, 'parentId', stored(culprit));
    }
  }

  // Built once the parents above are settled: which tasks each task is the parent of after the change.
  let children: Map<string, string[]> | null = null;
  const childrenOf = (id: string): string[] => {
    if (!children) {
      children = new Map();
      for (const t of parented()) {
        const list = children.get(t.parentId);
        if (list) list.push(t.id);
        else children.set(t.parentId, [t.id]);
      }
    }
    return children.get(id) ?? [];
  };

  // A task with subtasks is a summary, never a milestone.
  for (const id of judged) {
    const task = after(id)!;
    if (task.kind === 'milestone' && before(id)?.kind !== 'milestone' && childrenOf(id).length) set(id, 'kind', before(id)?.kind ?? 'task');
  }

  // Subtasks of a deleted task move up to its nearest ancestor that stays.
  const reparented: Reparented[] = [];
  for (const goneId of deleted) {
    let up = rows.task(goneId)?.parentId ?? null;
    while (up !== null && deleted.has(up)) up = rows.task(up)?.parentId ?? null;
    for (const id of childrenOf(goneId)) {
      if (created.has(id) || updated.has(id)) {
        set(id, 'parentId', up);
        continue;
      }
      const previous = rows.task(id)!;
      updated.set(id, { task: { ...previous, parentId: up }, previous });
      reparented.push({ taskId: id, from: goneId, to: up });
    }
  }

  change.created.splice(0, change.created.length, ...created);
  const changedFields = (task: PersistedTask, previous: PersistedTask) => TASK_FIELDS.filter((f) => !sameValue(task[f], previous[f]));
  change.updated.splice(
    0,
    change.updated.length,
    ...[...updated].flatMap(([id, { task, previous }]) => {
      const fields = changedFields(task, previous);
      return fields.length ? [[id, task, fields, previous] as [string, PersistedTask, TaskFieldName[], PersistedTask]] : [];
    }),
  );
  return reparented;
}
