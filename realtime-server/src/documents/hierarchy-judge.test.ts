import { describe, expect, it } from 'vitest';
import { judgeHierarchy, type TreeChange } from './hierarchy-judge.js';
import type { PersistedTask } from './task-validation.js';

const base: PersistedTask = {
  name: 'T',
  description: null,
  startDate: '2026-11-23',
  endDate: '2026-11-23',
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
};
const t = (extra: Partial<PersistedTask> = {}): PersistedTask => ({ ...base, ...extra });

// p ⊃ c ⊃ g; m a milestone; x and y at the top level.
const stored = new Map<string, PersistedTask>([
  ['p', t({ name: 'P' })],
  ['c', t({ name: 'C', parentId: 'p' })],
  ['g', t({ name: 'G', parentId: 'c' })],
  ['m', t({ name: 'M', kind: 'milestone' })],
  ['x', t({ name: 'X' })],
  ['y', t({ name: 'Y' })],
]);
const rows = { task: (id: string) => stored.get(id), ids: () => stored.keys() };

/** A change updating stored tasks to `edits` (as judgeTask would have passed them), creating `created`, deleting `deleted`. */
function change(edits: Record<string, Partial<PersistedTask>>, created: Record<string, PersistedTask> = {}, deleted: string[] = []): TreeChange {
  return {
    created: Object.entries(created),
    updated: Object.entries(edits).map(([id, e]) => [id, { ...stored.get(id)!, ...e }, Object.keys(e) as never, stored.get(id)!]),
    deleted,
    fixes: new Map(),
  };
}
const parents = (c: TreeChange) => Object.fromEntries([...c.created, ...c.updated].map(([id, task]) => [id, task.parentId]));

describe('[summary-tasks] the write path judges parents', () => {
  it('keeps a new parent that is another task of the project; a new task may have a parent made in the same change', () => {
    const c = change({ x: { parentId: 'p' } }, { n1: t(), n2: t({ parentId: 'n1' }) });
    expect(judgeHierarchy(c, rows)).toEqual([]);
    expect(parents(c)).toEqual({ n1: null, n2: 'n1', x: 'p' });
    expect(c.fixes.size).toBe(0);
  });

  it('puts back a parent that is a milestone, missing from the project, or the task itself', () => {
    for (const parentId of ['m', 'elsewhere', 'x']) {
      const c = change({ x: { parentId, name: 'X2' } });
      judgeHierarchy(c, rows);
      expect(c.updated).toEqual([['x', { ...stored.get('x'), name: 'X2' }, ['name'], stored.get('x')]]);
      expect(c.fixes.get('x')).toEqual({ parentId: null });
    }
    const moveOnly = change({ x: { parentId: 'm' } });
    judgeHierarchy(moveOnly, rows);
    expect(moveOnly.updated).toEqual([]);
  });

  it('[parent-cycle] puts back the parent that closes a loop, and one of two new parents that loop together', () => {
    const under = change({ p: { parentId: 'g' } });
    judgeHierarchy(under, rows);
    expect([under.updated, under.fixes.get('p')]).toEqual([[], { parentId: null }]);

    const both = change({ x: { parentId: 'y' }, y: { parentId: 'x' } });
    judgeHierarchy(both, rows);
    expect(parents(both)).toEqual({ y: 'x' });
    expect(both.fixes.get('x')).toEqual({ parentId: null });
  });

  it('a task with subtasks does not become a milestone; a task without may', () => {
    const summary = change({ p: { kind: 'milestone' } });
    judgeHierarchy(summary, rows);
    expect([summary.updated, summary.fixes.get('p')]).toEqual([[], { kind: 'task' }]);
    const leaf = change({ g: { kind: 'milestone' } });
    judgeHierarchy(leaf, rows);
    expect(leaf.updated[0]![1].kind).toBe('milestone');
  });

  it("moves a deleted task's subtasks up to its parent, or to the top level when that goes too", () => {
    const one = change({}, {}, ['c']);
    expect(judgeHierarchy(one, rows)).toEqual([{ taskId: 'g', from: 'c', to: 'p' }]);
    expect(one.updated).toEqual([['g', { ...stored.get('g'), parentId: 'p' }, ['parentId'], stored.get('g')]]);

    const two = change({}, {}, ['p', 'c']);
    expect(judgeHierarchy(two, rows)).toEqual([{ taskId: 'g', from: 'c', to: null }]);

    // The deleting client moved its subtask already: nothing left to do.
    const done = change({ g: { parentId: 'p' } }, {}, ['c']);
    expect(judgeHierarchy(done, rows)).toEqual([]);
    expect(parents(done)).toEqual({ g: 'p' });
  });
});
