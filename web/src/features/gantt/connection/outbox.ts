import type { DocTask } from '@planline/document';
import type { TasksState } from '../model/tasks-store';
import { toTimelineTask, type TimelineTask } from '../model/timeline-task';

/** What an edit does to one task as the chart shows it (null: the task would not be drawn). */
type TaskEdit = (task: TimelineTask) => TimelineTask | null;

/**
 * [document-host] This browser's edits on their way to the worker that holds the document, shown at once: the chart
 * is the worker's last state with every edit it has not yet acknowledged laid over it. So five quick presses of →
 * move a bar five days (each press reads where the last one put it), and nothing flickers back while the worker
 * catches up. An edit's own effects elsewhere (the cascade, a summary's roll-up, the rows' order) come with the
 * worker's state, a message later.
 */
export class PendingEdits {
  private pending: { seq: number; edits: ReadonlyMap<string, TaskEdit>; collapse?: [taskId: string, collapsed: boolean] }[] = [];

  /** Fields written to tasks (writeTask, writeTasks). A summary's dates are its subtasks': it waits for the worker. */
  written(seq: number, changes: ReadonlyMap<string, DocTask>): void {
    const edits = new Map<string, TaskEdit>();
    changes.forEach((fields, id) => edits.set(id, (task) => (task.subtasks > 0 ? task : withFields(task, fields))));
    this.pending.push({ seq, edits });
  }

  /**
   * A summary moved with everything below it (shiftTasks): the dates they land on, the summary's included, so it
   * moves at once and the worker's state that already has the move is not moved again before its ack.
   */
  shifted(seq: number, moves: ReadonlyMap<string, DocTask>): void {
    const edits = new Map<string, TaskEdit>();
    moves.forEach((dates, id) => edits.set(id, (now) => withFields(now, dates)));
    this.pending.push({ seq, edits });
  }

  /**
   * A summary's subtasks hidden or shown: its toggle says so at once; the rows follow with the worker's state (it
   * orders the plan, ~0.1 s of sorting at 100,000 tasks that the page is spared).
   */
  collapsed(seq: number, taskId: string, collapsed: boolean): void {
    this.pending.push({ seq, edits: new Map(), collapse: [taskId, collapsed] });
  }

  /** The worker has done everything up to `seq`: its state shows those edits now. */
  acknowledged(seq: number): void {
    this.pending = this.pending.filter((p) => p.seq > seq);
  }

  get size(): number {
    return this.pending.length;
  }

  /** `base` with the edits not yet acknowledged laid over it, in order (`base` itself when there are none). */
  over(base: TasksState): TasksState {
    if (!this.pending.length) return base;
    const tasks = new Map(base.tasks);
    let collapsed: Set<string> | null = null;
    for (const { edits, collapse } of this.pending) {
      if (collapse) {
        collapsed ??= new Set(base.collapsed);
        if (collapse[1]) collapsed.add(collapse[0]);
        else collapsed.delete(collapse[0]);
      }
      edits.forEach((edit, id) => {
        const task = tasks.get(id);
        if (!task) return;
        const edited = edit(task);
        if (edited) tasks.set(id, edited);
      });
    }
    return collapsed ? { ...base, tasks, collapsed } : { ...base, tasks };
  }
}

/** `task` with document fields written over it, read as the chart reads the document (its count of subtasks kept). */
function withFields(task: TimelineTask, fields: DocTask): TimelineTask | null {
  const read = toTimelineTask(task.id, { ...task, ...fields });
  return read && { ...read, subtasks: task.subtasks };
}
