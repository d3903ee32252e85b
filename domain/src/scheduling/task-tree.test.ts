import { describe, expect, it } from 'vitest';
import { calendarOf, milestone, task } from './scheduling.fixtures.js';
import { parentProblem, treeOrder, withRolledUpSummaries } from './task-tree.js';

// Mon 23 November 2026 … Fri 4 December.
const plan = [
  { ...task('p', '2026-01-01', '2026-01-02'), progress: 5 },
  { ...task('a', '2026-11-23', '2026-11-27', { parentId: 'p' }), progress: 100 },
  { ...task('b', '2026-11-30', '2026-12-04', { parentId: 'p' }), progress: 0 },
  { ...milestone('m', '2026-12-04'), progress: 0 },
];

describe('summary tasks as they are read', () => {
  it('[summary-rollup] a summary shows its subtasks\' span and weighted progress; its own values are not shown', () => {
    const read = withRolledUpSummaries(plan, calendarOf());
    expect(read.map((t) => [t.id, t.startDate, t.endDate, t.progress])).toEqual([
      ['p', '2026-11-23', '2026-12-04', 50],
      ['a', '2026-11-23', '2026-11-27', 100],
      ['b', '2026-11-30', '2026-12-04', 0],
      ['m', '2026-12-04', '2026-12-04', 0],
    ]);
    // Everything else is the task as it was: the same objects, the input untouched.
    expect(read[1]).toBe(plan[1]);
    expect(plan[0]).toMatchObject({ startDate: '2026-01-01', progress: 5 });
  });

  it('[summary-rollup] a plan without parents, or with parents that loop, is read as it is', () => {
    const flat = plan.map((t) => ({ ...t, parentId: null }));
    expect(withRolledUpSummaries(flat, calendarOf())).toEqual(flat);
    const loop = [{ ...task('x', '2026-11-23', '2026-11-24', { parentId: 'y' }), progress: 0 }, { ...task('y', '2026-11-25', '2026-11-26', { parentId: 'x' }), progress: 0 }];
    expect(withRolledUpSummaries(loop, calendarOf())).toEqual(loop);
  });
});

describe('which task may be a parent', () => {
  const byId = new Map(
    [task('p', '2026-11-23', '2026-11-24'), task('c', '2026-11-23', '2026-11-24', { parentId: 'p' }), task('g', '2026-11-23', '2026-11-24', { parentId: 'c' }), milestone('m', '2026-11-25')].map((t) => [t.id, t]),
  );
  const find = (id: string) => byId.get(id);

  it('[summary-tasks] another task of the project that is not a milestone and not below the task', () => {
    expect(parentProblem(find, 'm', 'p')).toBeNull();
    expect(parentProblem(find, 'c', 'p')).toBeNull();
    expect(parentProblem(find, 'p', 'p')).toEqual({ reason: 'self' });
    expect(parentProblem(find, 'p', 'elsewhere')).toEqual({ reason: 'not-found' });
    expect(parentProblem(find, 'p', 'm')).toEqual({ reason: 'milestone' });
  });

  it('[parent-cycle] a task under its own subtask would be its own ancestor: the loop, from the task back to it', () => {
    expect(parentProblem(find, 'p', 'g')).toEqual({ reason: 'cycle', cycle: ['p', 'g', 'c', 'p'] });
    expect(parentProblem(find, 'p', 'c')).toEqual({ reason: 'cycle', cycle: ['p', 'c', 'p'] });
  });
});

describe('the outline', () => {
  const row = (id: string, parentId: string | null = null) => ({ id, parentId });

  it('[summary-tasks] each task is followed by its subtasks, depth first, siblings in the order given', () => {
    const order = treeOrder([row('a'), row('b'), row('a2', 'a'), row('a1', 'a'), row('a2x', 'a2'), row('c', 'missing')]);
    expect(order.map((r) => [r.task.id, r.depth, r.subtasks])).toEqual([
      ['a', 0, 2],
      ['a2', 1, 1],
      ['a2x', 2, 0],
      ['a1', 1, 0],
      ['b', 0, 0],
      ['c', 0, 0],
    ]);
  });

  it('[parent-cycle] tasks in a loop of parents are still shown, at the end', () => {
    const order = treeOrder([row('x', 'y'), row('y', 'x'), row('z'), row('s', 's')]);
    expect(order.map((r) => r.task.id)).toEqual(['z', 's', 'x', 'y']);
  });

  it('a deep outline does not overflow the stack', () => {
    const chain = Array.from({ length: 20_000 }, (_, i) => row(`t${i}`, i ? `t${i - 1}` : null));
    expect(treeOrder(chain).at(-1)).toMatchObject({ depth: 19_999 });
  });
});
