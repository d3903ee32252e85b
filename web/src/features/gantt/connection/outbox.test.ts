import { describe, expect, it } from 'vitest';
import { emptyTasksState, type TasksState } from '../model/tasks-store';
import type { TimelineTask } from '../model/timeline-task';
import { Outbox } from './outbox';

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
  assigneeIds: [],
  allocations: {},
  custom: {},
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

describe('[outbox] edits shown before the document holds them', () => {
  it('each of several quick moves starts where the last put the bar, until the worker has them all', () => {
    const pending = new Outbox();
    let base = stateOf(task('a'), task('b'));
    const shown = () => pending.over(base);
    // Five presses of →: each reads the bar as shown and writes one day later.
    for (let press = 1; press <= 5; press++) {
      const a = shown().tasks.get('a')!;
      const next = new Date(Date.parse(`${a.startDate}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      expect(pending.written(new Map([['a', { startDate: next, endDate: a.endDate > next ? a.endDate : next }]]))).toBe(press);
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
    const pending = new Outbox();
    const base = stateOf(task('a'));
    pending.written(new Map([['a', { progress: 140 }]]));
    expect(pending.over(base).tasks.get('a')!.progress).toBe(100);
    pending.written(new Map([['a', { startDate: 'soon' }]]));
    expect(pending.over(base).tasks.get('a')!.startDate).toBe('2026-11-23');
  });

  it("a summary's dates wait for the worker's roll-up; a shift moves it with its subtasks at once", () => {
    const pending = new Outbox();
    const base = stateOf(task('s', { subtasks: 1 }), task('c', { parentId: 's' }));
    pending.written(new Map([['s', { startDate: '2026-12-01', endDate: '2026-12-02' }]]));
    expect(pending.over(base).tasks.get('s')!.startDate).toBe('2026-11-23');
    const dates = { startDate: '2026-11-26', endDate: '2026-11-30' };
    pending.shifted(new Map([['s', dates], ['c', dates]]));
    const shown = pending.over(base);
    expect([shown.tasks.get('s')!.startDate, shown.tasks.get('c')!.endDate]).toEqual(['2026-11-26', '2026-11-30']);
    expect(shown.tasks.get('s')!.subtasks).toBe(1);
    // The worker's state arrives with the move before its ack: the bars are not moved twice.
    const moved = stateOf(task('s', { subtasks: 1, startDate: '2026-11-26', endDate: '2026-11-30' }), task('c', { parentId: 's', startDate: '2026-11-26', endDate: '2026-11-30' }));
    expect(pending.over(moved).tasks.get('c')!.startDate).toBe('2026-11-26');
  });

  it("a summary's toggle shows at once; the rows wait for the worker", () => {
    const pending = new Outbox();
    const base = stateOf(task('s', { subtasks: 1 }), task('c', { parentId: 's' }));
    pending.collapsed('s', true);
    const shown = pending.over(base);
    expect([...shown.collapsed]).toEqual(['s']);
    expect(shown.rows).toBe(base.rows);
    expect(base.collapsed.size).toBe(0);
    pending.collapsed('s', false);
    expect(pending.over(base).collapsed.has('s')).toBe(false);
  });

  it('an edit of a task the worker no longer has shows nothing', () => {
    const pending = new Outbox();
    pending.written(new Map([['gone', { name: 'x' }]]));
    expect(pending.over(stateOf(task('a'))).tasks.has('gone')).toBe(false);
  });

  it('numbers every call, shown or not, and keeps it until the worker acknowledges it', () => {
    const pending = new Outbox();
    const base = stateOf(task('a'));
    expect(pending.sent()).toBe(1);
    // A call that shows nothing leaves the worker's state as it is.
    expect(pending.over(base)).toBe(base);
    expect(pending.written(new Map([['a', { name: 'Weld' }]]))).toBe(2);
    expect(pending.sent()).toBe(3);
    // The worker holds the write (the document is not in yet): it acknowledges the call before it only.
    pending.acknowledged(1);
    expect(pending.size).toBe(2);
    expect(pending.over(base).tasks.get('a')!.name).toBe('Weld');
    pending.acknowledged(3);
    expect(pending.size).toBe(0);
    expect(pending.over(base)).toBe(base);
  });
});
