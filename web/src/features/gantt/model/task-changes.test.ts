import { describe, expect, it } from 'vitest';
import { changedTaskIds, noteTaskChanges, planSpan } from './task-changes';
import type { TimelineTask } from './timeline-task';

const task = (id: string, startDate = '2026-11-23') => ({ id, startDate }) as TimelineTask;

describe('task changes between two maps of a store', () => {
  it('reads a note for exactly that pair of maps, and compares every task without one', () => {
    const a = task('a');
    const before = new Map([['a', a], ['b', task('b')], ['c', task('c')]]);
    const after = new Map(before);
    after.set('b', task('b', '2026-12-01'));
    after.delete('c');
    after.set('d', task('d'));
    // Compared: the changed, the deleted and the added, not the task kept as the same object.
    expect([...changedTaskIds(before, after)].sort()).toEqual(['b', 'c', 'd']);
    expect(changedTaskIds(before, before).size).toBe(0);
    // Noted: the note is believed (it is what the store knows), and no task is compared.
    noteTaskChanges(after, before, ['b']);
    expect([...changedTaskIds(before, after)]).toEqual(['b']);
    // A note about another pair: compared again.
    const other = new Map(before);
    expect([...changedTaskIds(other, after)].sort()).toEqual(['b', 'c', 'd']);
  });
});

describe('figures over every task, followed by the changes', () => {
  const dated = (id: string, startDate: string, endDate: string) => ({ id, startDate, endDate }) as TimelineTask;

  it("[timeline-range] the plan's span follows a change, and is worked out again when an edge task moves in", () => {
    let tasks: ReadonlyMap<string, TimelineTask> = new Map([
      ['a', dated('a', '2026-03-02', '2026-03-06')],
      ['b', dated('b', '2026-03-10', '2026-03-20')],
      ['c', dated('c', '2026-03-05', '2026-03-12')],
    ]);
    expect(planSpan(tasks)).toEqual({ start: '2026-03-02', end: '2026-03-20' });
    const change = (id: string, task: TimelineTask | undefined) => {
      const next = new Map(tasks);
      if (task) next.set(id, task);
      else next.delete(id);
      noteTaskChanges(next, tasks, [id]);
      tasks = next;
      return planSpan(tasks);
    };
    // A middle task moved past the end: the span grows.
    expect(change('c', dated('c', '2026-03-18', '2026-03-25'))).toEqual({ start: '2026-03-02', end: '2026-03-25' });
    // The last task moved back in, and the first deleted: both edges worked out again from every task.
    expect(change('c', dated('c', '2026-03-05', '2026-03-12'))).toEqual({ start: '2026-03-02', end: '2026-03-20' });
    expect(change('a', undefined)).toEqual({ start: '2026-03-05', end: '2026-03-20' });
    expect(change('b', dated('b', '2026-03-06', '2026-03-07'))).toEqual({ start: '2026-03-05', end: '2026-03-12' });
  });
});
