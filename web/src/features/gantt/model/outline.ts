import { addDays, isCalendarDate, PARENT_MESSAGES } from '@planline/domain';
import { readTask, type DocTask } from '@planline/document';
import type * as Y from 'yjs';
import { compareTasks, type TimelineTask } from './timeline-task';

/*
 * Editing the outline (issue 17): indent, outdent and moving a summary with everything below it. Each returns the
 * fields to write, all in one transaction (one undo step); the server judges them like any edit.
 */

export type OutlineEdit = { ok: true; writes: Map<string, DocTask> } | { ok: false; reason: string };

type Tasks = ReadonlyMap<string, TimelineTask>;

/** The task's parent when it names a task of the plan; null at the top level. */
const parentOf = (tasks: Tasks, task: TimelineTask) => (task.parentId && task.parentId !== task.id && tasks.has(task.parentId) ? task.parentId : null);

/** Tasks directly under `parentId` (null: the top level), in row order. */
function childrenOf(tasks: Tasks, parentId: string | null): TimelineTask[] {
  return [...tasks.values()].filter((t) => parentOf(tasks, t) === parentId).sort(compareTasks);
}

/**
 * [outline-indent] Tab: the task becomes the last subtask of the task above it at its own level (its previous
 * sibling, as MS Project indents: when that task's subtasks are shown, the row above is the last of them, and the
 * task joins them rather than going two levels down). Its order is raised past theirs when needed.
 */
export function indent(tasks: Tasks, taskId: string): OutlineEdit {
  const task = tasks.get(taskId);
  if (!task) return { ok: false, reason: 'This task is no longer in the project.' };
  const siblings = childrenOf(tasks, parentOf(tasks, task));
  const above = siblings[siblings.indexOf(task) - 1];
  if (!above) return { ok: false, reason: 'There is no task above it at its level to put it under.' };
  if (above.kind === 'milestone') return { ok: false, reason: `${PARENT_MESSAGES.milestone}.` };
  const last = childrenOf(tasks, above.id).at(-1);
  const fields: DocTask = { parentId: above.id };
  if (last && compareTasks(task, last) < 0) fields.order = last.order + 1;
  return { ok: true, writes: new Map([[taskId, fields]]) };
}

/**
 * [outline-outdent] Shift+Tab: the task leaves its summary and comes right after it, one level up. Tasks after
 * the summary whose order would come first are moved one place on.
 */
export function outdent(tasks: Tasks, taskId: string): OutlineEdit {
  const task = tasks.get(taskId);
  const parentId = task ? parentOf(tasks, task) : null;
  if (!task) return { ok: false, reason: 'This task is no longer in the project.' };
  if (!parentId) return { ok: false, reason: 'It is already at the top level.' };
  const parent = tasks.get(parentId)!;
  const level = parentOf(tasks, parent);
  const after = childrenOf(tasks, level).filter((t) => compareTasks(t, parent) > 0);
  const writes = new Map<string, DocTask>();
  const fits = (order: number) => order > parent.order && (!after[0] || order < after[0].order);
  const order = fits(task.order) ? task.order : parent.order + 1;
  writes.set(taskId, order === task.order ? { parentId: level } : { parentId: level, order });
  // No room between the summary and the task after it: that task and the ones after it move on.
  let next = order;
  for (const t of after) {
    if (t.order > next) break;
    next += 1;
    writes.set(t.id, { order: next });
  }
  return { ok: true, writes };
}

/** Every task below `taskId`, at any depth. */
export function descendants(tasks: Tasks, taskId: string): string[] {
  const below = new Map<string, string[]>();
  for (const t of tasks.values()) {
    const parentId = parentOf(tasks, t);
    if (!parentId) continue;
    const list = below.get(parentId);
    if (list) list.push(t.id);
    else below.set(parentId, [t.id]);
  }
  const out: string[] = [];
  const seen = new Set([taskId]);
  const queue = [...(below.get(taskId) ?? [])];
  while (queue.length) {
    const id = queue.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(id);
    queue.push(...(below.get(id) ?? []));
  }
  return out;
}

/**
 * [summary-move] Moving a summary moves everything below it by the same number of days: the new dates of each
 * task (and of the summary's own, which it shows again if it loses its subtasks), read from the document.
 */
export function shiftedDates(doc: Y.Doc, taskIds: readonly string[], days: number): Map<string, DocTask> {
  const writes = new Map<string, DocTask>();
  if (days === 0) return writes;
  for (const id of taskIds) {
    const task = readTask(doc, id);
    if (!task || !isCalendarDate(task.startDate) || !isCalendarDate(task.endDate)) continue;
    writes.set(id, { startDate: addDays(task.startDate, days), endDate: addDays(task.endDate, days) });
  }
  return writes;
}
