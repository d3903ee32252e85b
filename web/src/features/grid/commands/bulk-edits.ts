import { shiftTaskByWorkingDays, type TaskPriority, type TaskStatus, type WorkCalendar } from '@planline/domain';
import type { DocTask } from '@planline/document';
import { descendants, indent, outdent, type OutlineMove } from '../../gantt/model/outline';
import type { TimelineTask } from '../../gantt/model/timeline-task';

/*
 * [grid-bulk] The bulk bar's edits of many rows (issue 39), as the fields to write: each is one writeTasks (one
 * transaction, one undo step, the cascade with it). Pure: the tasks, the rows and the calendar are inputs.
 */

type Tasks = ReadonlyMap<string, TimelineTask>;

/**
 * [grid-bulk-move] The rows `workingDays` working days later (negative: earlier), each keeping its own working days
 * (shiftTaskByWorkingDays, as an arrow key moves one bar). A summary's dates are its subtasks' roll-up: its subtasks
 * move with it (as a dragged summary's do, outline.ts summaryMoves), and a task picked both on its own and under a
 * picked summary moves once.
 */
export function bulkMoveWrites(tasks: Tasks, taskIds: readonly string[], workingDays: number, calendar: WorkCalendar): Map<string, DocTask> {
  const writes = new Map<string, DocTask>();
  if (workingDays === 0) return writes;
  const moved = new Set<string>();
  for (const id of taskIds) {
    const task = tasks.get(id);
    if (!task) continue;
    moved.add(id);
    if (task.subtasks > 0) for (const below of descendants(tasks, id)) moved.add(below);
  }
  for (const id of moved) {
    const task = tasks.get(id)!;
    const dates = shiftTaskByWorkingDays(task, workingDays, calendar);
    if (dates.startDate !== task.startDate || dates.endDate !== task.endDate) writes.set(id, dates);
  }
  return writes;
}

/** The bar's one-field edits: status, priority, or the assignee (null: unassigned). */
export type BulkField = { field: 'status'; value: TaskStatus } | { field: 'priority'; value: TaskPriority } | { field: 'assignee'; value: string | null };

/**
 * One field set on every row that does not hold it already. [grid-bulk-assignee] The person chosen becomes each
 * task's assignee in place of the one it had (and that person's share goes with them); other people assigned to it
 * stay, as they do when the assignee is changed in the task's details.
 */
export function bulkFieldWrites(tasks: Tasks, taskIds: readonly string[], change: BulkField): Map<string, DocTask> {
  const writes = new Map<string, DocTask>();
  for (const id of taskIds) {
    const task = tasks.get(id);
    if (!task) continue;
    if (change.field === 'status' || change.field === 'priority') {
      if (task[change.field] !== change.value) writes.set(id, { [change.field]: change.value });
      continue;
    }
    const person = change.value;
    if (task.assigneeId === person) continue;
    const people = new Set(task.assigneeIds);
    if (task.assigneeId) people.delete(task.assigneeId);
    if (person) people.add(person);
    const fields: DocTask = { assigneeId: person, assigneeIds: [...people].sort() };
    if (task.assigneeId && task.assigneeId in task.allocations) {
      const { [task.assigneeId]: _gone, ...others } = task.allocations;
      fields.allocations = others;
    }
    writes.set(id, fields);
  }
  return writes;
}

export interface BulkOutline {
  writes: Map<string, DocTask>;
  /** Rows that could not be moved, each with why (the first of its level cannot be indented, ...). */
  refused: { taskId: string; reason: string }[];
}

/**
 * [grid-bulk-outline] Indents or outdents a set of rows in one transaction, as MS Project does a block: each row
 * goes the way one row would (outline.ts indent, outdent), judged on the plan as the rows before it left it, so a
 * block of siblings indented together goes under the task above the first of them, and outdented together keeps
 * its order (outdented from the last up: each lands right after its old summary). A row under a picked row moves
 * with it and is not moved again.
 */
export function bulkOutlineWrites(tasks: Tasks, rowOrder: readonly string[], taskIds: ReadonlySet<string>, move: OutlineMove): BulkOutline {
  const plan = new Map(tasks);
  const picked = rowOrder.filter((id) => taskIds.has(id) && plan.has(id));
  const under = new Set(picked.flatMap((id) => descendants(plan, id)));
  const rows = picked.filter((id) => !under.has(id));
  if (move === 'outdent') rows.reverse();
  const result: BulkOutline = { writes: new Map(), refused: [] };
  for (const taskId of rows) {
    const edit = (move === 'indent' ? indent : outdent)(plan, taskId);
    if (!edit.ok) {
      result.refused.push({ taskId, reason: edit.reason });
      continue;
    }
    for (const [id, fields] of edit.writes) {
      result.writes.set(id, { ...result.writes.get(id), ...fields });
      plan.set(id, { ...plan.get(id)!, ...(fields as Partial<TimelineTask>) });
    }
  }
  return result;
}
