import { PARENT_MESSAGES, parentProblem, shiftTaskByWorkingDays, workingDaysMoved, type ParentProblem, type WorkCalendar } from '@planline/domain';
import type { DocTask } from '@planline/document';
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
export function childrenOf(tasks: Tasks, parentId: string | null): TimelineTask[] {
  return [...tasks.values()].filter((t) => parentOf(tasks, t) === parentId).sort(compareTasks);
}

const GONE: OutlineEdit = { ok: false, reason: 'This task is no longer in the project.' };

/**
 * [outline-refusal] Why a parent is refused, in words for the person who tried (the server refuses the same
 * parents with PARENT_MESSAGES; the chart says it before the edit is sent).
 */
export function parentRefusal(problem: ParentProblem): string {
  switch (problem.reason) {
    case 'self':
      return 'A task cannot go under itself.';
    case 'cycle':
      return 'A task cannot go under its own subtask.';
    case 'milestone':
      return `${PARENT_MESSAGES.milestone}.`;
    case 'not-found':
      return 'That task is no longer in the project.';
  }
}

/**
 * [outline-nest] The task becomes the last subtask of `parentId`, with everything below it (indent, and a row
 * dropped onto another). Its order is raised past the last subtask's when needed; nothing is written when it is already
 * there. A milestone, the task itself or one of its own subtasks is refused, as the server would.
 */
export function nestUnder(tasks: Tasks, taskId: string, parentId: string): OutlineEdit {
  const task = tasks.get(taskId);
  if (!task) return GONE;
  const problem = parentProblem((id) => tasks.get(id), taskId, parentId);
  if (problem) return { ok: false, reason: parentRefusal(problem) };
  const last = childrenOf(tasks, parentId).filter((t) => t.id !== taskId).at(-1);
  const fields: DocTask = {};
  if (parentOf(tasks, task) !== parentId) fields.parentId = parentId;
  if (last && compareTasks(task, last) < 0) fields.order = last.order + 1;
  return { ok: true, writes: Object.keys(fields).length ? new Map([[taskId, fields]]) : new Map() };
}

/**
 * [outline-indent] Indent (Alt+Shift+Right): the task becomes the last subtask of the task above it at its own level (its previous
 * sibling, as MS Project indents: when that task's subtasks are shown, the row above is the last of them, and the
 * task joins them rather than going two levels down). Its order is raised past theirs when needed.
 */
export function indent(tasks: Tasks, taskId: string): OutlineEdit {
  const task = tasks.get(taskId);
  if (!task) return GONE;
  const siblings = childrenOf(tasks, parentOf(tasks, task));
  const above = siblings[siblings.indexOf(task) - 1];
  if (!above) return { ok: false, reason: 'There is no task above it at its level to put it under.' };
  return nestUnder(tasks, taskId, above.id);
}

/**
 * [outline-place] A row dropped on the top or bottom edge of another: the task goes right before or after that
 * task, at its level (under the same summary). Tasks after it whose order would come first are moved one place
 * on; nothing is written when it is already there. Its own subtasks are refused as a place, as a parent would be.
 */
export function placeBeside(tasks: Tasks, taskId: string, targetId: string, side: 'before' | 'after'): OutlineEdit {
  const task = tasks.get(taskId);
  const target = tasks.get(targetId);
  if (!task || !target) return GONE;
  if (targetId === taskId) return { ok: true, writes: new Map() };
  const level = parentOf(tasks, target);
  const problem = level ? parentProblem((id) => tasks.get(id), taskId, level) : null;
  // Beside one of its own direct subtasks, the task would be its own parent: a loop all the same.
  if (problem) return { ok: false, reason: parentRefusal(problem.reason === 'self' ? { reason: 'cycle', cycle: [taskId, taskId] } : problem) };
  const siblings = childrenOf(tasks, level).filter((t) => t.id !== taskId);
  const at = siblings.indexOf(target) + (side === 'after' ? 1 : 0);
  const before = siblings[at - 1];
  const after = siblings.slice(at);
  const fits = (order: number) => (!before || order > before.order) && (!after[0] || order < after[0].order);
  const order = fits(task.order) ? task.order : before ? before.order + 1 : after[0]!.order - 1;
  const fields: DocTask = {};
  if (parentOf(tasks, task) !== level) fields.parentId = level;
  if (order !== task.order) fields.order = order;
  const writes = new Map<string, DocTask>();
  if (Object.keys(fields).length) writes.set(taskId, fields);
  // No room before the next task: it and the ones after it move on.
  return { ok: true, writes: movedOn(writes, after, order) };
}

/** `after` (in row order) from the first whose order is not above `order`, each one place on; added to `writes`. */
function movedOn(writes: Map<string, DocTask>, after: readonly TimelineTask[], order: number): Map<string, DocTask> {
  let next = order;
  for (const t of after) {
    if (t.order > next) break;
    next += 1;
    writes.set(t.id, { order: next });
  }
  return writes;
}

/**
 * [outline-outdent] Outdent (Alt+Shift+Left): the task leaves its summary and comes right after it, one level up. Tasks after
 * the summary whose order would come first are moved one place on.
 */
export function outdent(tasks: Tasks, taskId: string): OutlineEdit {
  const task = tasks.get(taskId);
  const parentId = task ? parentOf(tasks, task) : null;
  if (!task) return GONE;
  if (!parentId) return { ok: false, reason: 'It is already at the top level.' };
  const parent = tasks.get(parentId)!;
  const level = parentOf(tasks, parent);
  const after = childrenOf(tasks, level).filter((t) => compareTasks(t, parent) > 0);
  const writes = new Map<string, DocTask>();
  const fits = (order: number) => order > parent.order && (!after[0] || order < after[0].order);
  const order = fits(task.order) ? task.order : parent.order + 1;
  writes.set(taskId, order === task.order ? { parentId: level } : { parentId: level, order });
  // No room between the summary and the task after it: that task and the ones after it move on.
  return { ok: true, writes: movedOn(writes, after, order) };
}

/**
 * [outline-new-summary] The tasks that `writes` turn into summaries: tasks with no subtasks now that a write puts a
 * task under. Their own dates and progress give way to their subtasks' roll-up, which the person is told about.
 */
export function newSummaries(tasks: Tasks, writes: ReadonlyMap<string, DocTask>): TimelineTask[] {
  const found = new Map<string, TimelineTask>();
  for (const [taskId, fields] of writes) {
    const parentId = fields.parentId;
    if (typeof parentId !== 'string' || parentId === taskId) continue;
    const parent = tasks.get(parentId);
    if (parent && parent.subtasks === 0) found.set(parent.id, parent);
  }
  return [...found.values()];
}

export type OutlineMove = 'indent' | 'outdent';

/**
 * [outline-keys] The keys that change a row's level: Alt+Shift+Right and Left, as in MS Project. Tab and Shift+Tab
 * are not among them: they only move focus, so tabbing through the list never rearranges the plan (issue 33).
 */
export function outlineKeyMove(event: { key: string; altKey: boolean; shiftKey: boolean; ctrlKey: boolean; metaKey: boolean }): OutlineMove | null {
  if (!event.altKey || !event.shiftKey || event.ctrlKey || event.metaKey) return null;
  if (event.key === 'ArrowRight') return 'indent';
  if (event.key === 'ArrowLeft') return 'outdent';
  return null;
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
 * [summary-move] Moving a summary from its start to `startDate` moves it and everything below it by as many working
 * days, each keeping its own working days: the new dates of each (the summary's own too, so it moves at once).
 */
export function summaryMoves(tasks: Tasks, summaryId: string, startDate: string, calendar: WorkCalendar): Map<string, DocTask> {
  const writes = new Map<string, DocTask>();
  const summary = tasks.get(summaryId);
  const workingDays = summary ? workingDaysMoved(summary.startDate, startDate, calendar) : 0;
  if (workingDays === 0) return writes;
  for (const id of [summaryId, ...descendants(tasks, summaryId)]) {
    const task = tasks.get(id);
    if (task) writes.set(id, shiftTaskByWorkingDays(task, workingDays, calendar));
  }
  return writes;
}
