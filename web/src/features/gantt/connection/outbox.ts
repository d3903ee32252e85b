import type { DocTask } from '@planline/document';
import { LayeredMap } from '../model/layered-map';
import type { TasksState } from '../model/tasks-store';
import { toTimelineTask, type TimelineTask } from '../model/timeline-task';

/** What an edit does to one task as the chart shows it (null: the task would not be drawn). */
type TaskEdit = (task: TimelineTask) => TimelineTask | null;

interface Entry {
  seq: number;
  edits: ReadonlyMap<string, TaskEdit>;
  collapse?: [taskId: string, collapsed: boolean];
}

const NO_EDITS: ReadonlyMap<string, TaskEdit> = new Map();

/**
 * [outbox] This browser's edits, numbered in the order the person made them, from the moment they are made until
 * the document holds them (the worker's 'ack'): the chart is the worker's last state with every edit in the outbox
 * laid over it. So five quick presses of → move a bar five days (each press reads where the last one put it), and
 * nothing flickers back while the worker catches up, nor while the chart shows a picture of the project (the
 * server's task list, the copy's snapshot) and the worker keeps the edits until the document is in
 * (document-serve.ts). An edit's own effects elsewhere (the cascade, a summary's roll-up, the rows' order) come with
 * the worker's state. Once the document holds an edit, the device copy keeps it across a reload and the sync takes
 * it to the server (ARCHITECTURE.md, "A return visit and offline edits").
 */
export class Outbox {
  private pending: Entry[] = [];
  private last = 0;

  /** Any other call: a link drawn or removed, an undo, who this browser is. It shows with the worker's state. */
  sent(): number {
    return this.add(NO_EDITS);
  }

  /** Fields written to tasks (writeTask, writeTasks). A summary's dates are its subtasks': it waits for the worker. */
  written(changes: ReadonlyMap<string, DocTask>): number {
    const edits = new Map<string, TaskEdit>();
    changes.forEach((fields, id) => edits.set(id, (task) => (task.subtasks > 0 ? task : withFields(task, fields))));
    return this.add(edits);
  }

  /**
   * A summary moved with everything below it (shiftTasks): the dates they land on, the summary's included, so it
   * moves at once and the worker's state that already has the move is not moved again before its ack.
   */
  shifted(moves: ReadonlyMap<string, DocTask>): number {
    const edits = new Map<string, TaskEdit>();
    moves.forEach((dates, id) => edits.set(id, (now) => withFields(now, dates)));
    return this.add(edits);
  }

  /**
   * A summary's subtasks hidden or shown: its toggle says so at once; the rows follow with the worker's state (it
   * orders the plan, ~0.1 s of sorting at 100,000 tasks that the page is spared).
   */
  collapsed(taskId: string, collapsed: boolean): number {
    return this.add(NO_EDITS, [taskId, collapsed]);
  }

  /** The worker has done everything up to `seq`: its state shows those edits now. */
  acknowledged(seq: number): void {
    const kept = this.pending.findIndex((p) => p.seq > seq);
    this.pending = kept < 0 ? [] : this.pending.slice(kept);
  }

  /** Whether an edit of the outbox shows on the chart (an edit with nothing to lay over it changes nothing there). */
  get shown(): boolean {
    return this.pending.some((p) => p.edits.size > 0 || p.collapse);
  }

  get size(): number {
    return this.pending.length;
  }

  /** `base` with the edits not yet acknowledged laid over it, in order (`base` itself when none shows). */
  over(base: TasksState): TasksState {
    if (!this.shown) return base;
    // The edited tasks laid over the worker's, not a copy of all of them on every edit (100,000 at a drop).
    const edited = new Map<string, TimelineTask>();
    let collapsed: Set<string> | null = null;
    for (const { edits, collapse } of this.pending) {
      if (!edits.size && !collapse) continue;
      if (collapse) {
        collapsed ??= new Set(base.collapsed);
        if (collapse[1]) collapsed.add(collapse[0]);
        else collapsed.delete(collapse[0]);
      }
      edits.forEach((edit, id) => {
        const task = edited.get(id) ?? base.tasks.get(id);
        if (!task) return;
        const next = edit(task);
        if (next) edited.set(id, next);
      });
    }
    const tasks = edited.size ? LayeredMap.changed(base.tasks, edited) : base.tasks;
    return collapsed ? { ...base, tasks, collapsed } : { ...base, tasks };
  }

  private add(edits: ReadonlyMap<string, TaskEdit>, collapse?: Entry['collapse']): number {
    const seq = ++this.last;
    this.pending.push(collapse ? { seq, edits, collapse } : { seq, edits });
    return seq;
  }
}

/** `task` with document fields written over it, read as the chart reads the document (its count of subtasks kept). */
function withFields(task: TimelineTask, fields: DocTask): TimelineTask | null {
  const read = toTimelineTask(task.id, { ...task, ...fields });
  return read && { ...read, subtasks: task.subtasks };
}
