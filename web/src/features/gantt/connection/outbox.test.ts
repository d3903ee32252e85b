import { describe, expect, it } from 'vitest';
import { emptyTasksState, type TasksState } from '../model/tasks-store';
import type { TimelineTask } from '../model/timeline-task';
import { PendingEdits } from './pending-edits';

const task = (id: string, over: Partial<TimelineTask> = {}): TimelineTask => ({
  id,
  name: id,
  description: null,
  startDate: '2026-11-23',
  endDate: '2026-11-27',
  status: 'pending',
  priority: 'medium',
  progress: 0,
  color: '#3b82f6',
  assigneeId: null,
  order: 0,
  kind: 'task',
  parentId: null,
  subtasks: 0,
  ...over,
});

const stateOf = (...tasks: TimelineTask[]): TasksState => ({
  ...emptyTasksState(),
  tasks: new Map(tasks.map((t) => [t.id, t])),
  rows: tasks.map((t) => t.id),
  rowIndex: new Map(tasks.map((t, i) => [t.id, i])),
});

describe('[document-host] edits shown before the worker confirms them', () => {
  it('each of several quick moves starts where the last put the bar, until the worker has them all', () => {
    const pending = new PendingEdits();
    let base = stateOf(task('a'), task('b'));
    const shown = () => pending.over(base);
    // Five presses of →: each reads the bar as shown and writes one day later.
    for (let seq = 1; seq <= 5; seq++) {
      const a = shown().tasks.get('a')!;
      const next = new Date(Date.parse(`${a.startDate}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      pending.written(seq, new Map([['a', { startDate: next, endDate: a.endDate > next ? a.endDate : next }]]));
    }
    expect(shown().tasks.get('a')!.startDate).toBe('2026-11-28');
    expect(shown().tasks.get('b')).toBe(base.tasks.get('b'));
    // The worker's state catches up with the second write: the later three still show over it.
    base = stateOf(task('a', { startDate: '2026-11-25' }), base.tasks.get('b')!);
    pending.acknowledged(2);
    expect(shown().tasks.get('a')!.startDate).toBe('2026-11-28');
    base = stateOf(task('a', { startDate: '2026-11-28', endDate: '2026-11-28' }), base.tasks.get('b')!);
    pending.acknowledged(5);
    expect(pending.size).toBe(0);
    expect(shown()).toBe(base);
  });

  it("a written field is read as the document's (a bad value leaves the task as the worker shows it)", () => {
    const pending = new PendingEdits();
    const base = stateOf(task('a'));
    pending.written(1, new Map([['a', { progress: 140 }]]));
    expect(pending.over(base).tasks.get('a')!.progress).toBe(100);
    pending.written(2, new Map([['a', { startDate: 'soon' }]]));
    expect(pending.over(base).tasks.get('a')!.startDate).toBe('2026-11-23');
  });

  it("a summary's dates wait for the worker's roll-up; a shift moves it with its subtasks at once", () => {
    const pending = new PendingEdits();
    const base = stateOf(task('s', { subtasks: 1 }), task('c', { parentId: 's' }));
    pending.written(1, new Map([['s', { startDate: '2026-12-01', endDate: '2026-12-02' }]]));
    expect(pending.over(base).tasks.get('s')!.startDate).toBe('2026-11-23');
    const dates = { startDate: '2026-11-26', endDate: '2026-11-30' };
    pending.shifted(2, new Map([['s', dates], ['c', dates]]));
    const shown = pending.over(base);
    expect([shown.tasks.get('s')!.startDate, shown.tasks.get('c')!.endDate]).toEqual(['2026-11-26', '2026-11-30']);
    expect(shown.tasks.get('s')!.subtasks).toBe(1);
    // The worker's state arrives with the move before its ack: the bars are not moved twice.
    const moved = stateOf(task('s', { subtasks: 1, startDate: '2026-11-26', endDate: '2026-11-30' }), task('c', { parentId: 's', startDate: '2026-11-26', endDate: '2026-11-30' }));
    expect(pending.over(moved).tasks.get('c')!.startDate).toBe('2026-11-26');
  });

  it("a summary's toggle shows at once; the rows wait for the worker", () => {
    const pending = new PendingEdits();
    const base = stateOf(task('s', { subtasks: 1 }), task('c', { parentId: 's' }));
    pending.collapsed(1, 's', true);
    const shown = pending.over(base);
    expect([...shown.collapsed]).toEqual(['s']);
    expect(shown.rows).toBe(base.rows);
    expect(base.collapsed.size).toBe(0);
    pending.collapsed(2, 's', false);
    expect(pending.over(base).collapsed.has('s')).toBe(false);
  });

  it('an edit of a task the worker no longer has shows nothing', () => {
    const pending = new PendingEdits();
    pending.written(1, new Map([['gone', { name: 'x' }]]));
    expect(pending.over(stateOf(task('a'))).tasks.has('gone')).toBe(false);
  });
});
