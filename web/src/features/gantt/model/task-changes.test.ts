import { describe, expect, it } from 'vitest';
import { changedTaskIds, noteTaskChanges } from './task-changes';
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
