import { describe, expect, it } from 'vitest';
import type { DocTask } from '@planline/document';
import { judgeDependencies, judgeTask, type PersistedTask } from './task-validation.js';

const edge = (taskId: string, dependsOnTaskId: string, value: unknown = { type: 'FS', lagDays: 0 }) => ({ taskId, dependsOnTaskId, value });
const FS = { type: 'FS', lagDays: 0 } as const;
const stored = (...keys: string[]) => new Map(keys.map((k) => [k, FS]));
const kept = (verdict: { keep: Map<string, unknown> }) => [...verdict.keep.keys()];
const exists = (id: string) => id !== 'gone';

describe('judgeDependencies', () => {
  it('keeps stored edges, accepts a new acyclic edge and refuses one that closes a cycle', () => {
    const verdict = judgeDependencies([edge('b', 'a'), edge('c', 'b'), edge('d', 'c'), edge('a', 'c')], stored('b->a', 'c->b'), exists);
    expect(kept(verdict)).toEqual(['b->a', 'c->b', 'd->c']);
    expect(verdict.refuse).toEqual([edge('a', 'c')]);
  });

  it('of two new edges that form a cycle together, refuses the second', () => {
    const verdict = judgeDependencies([edge('x', 'y'), edge('y', 'x')], new Map(), exists);
    expect(kept(verdict)).toEqual(['x->y']);
    expect(verdict.refuse).toEqual([edge('y', 'x')]);
  });

  it('refuses edges to a task that no longer exists, stored or not, and self-dependencies', () => {
    const verdict = judgeDependencies([edge('a', 'gone'), edge('gone', 'a'), edge('a', 'a')], stored('a->gone'), exists);
    expect(kept(verdict)).toEqual([]);
    expect(verdict.refuse).toHaveLength(3);
  });

  it('judges a long chain of stored edges without rechecking them (a new edge closing it is still caught)', () => {
    const chain = Array.from({ length: 5000 }, (_, i) => edge(`t${i + 1}`, `t${i}`));
    const verdict = judgeDependencies([...chain, edge('t0', 't5000')], stored(...chain.map((e) => `${e.taskId}->${e.dependsOnTaskId}`)), exists);
    expect(verdict.keep.size).toBe(5000);
    expect(verdict.refuse).toEqual([edge('t0', 't5000')]);
  });

  it('[import] 20,000 new links of a chain stand in one pass; one more closing a loop among them is the one refused', () => {
    const chain = Array.from({ length: 20_000 }, (_, i) => edge(`t${i + 1}`, `t${i}`));
    expect(judgeDependencies(chain, new Map(), exists).keep.size).toBe(20_000);
    const looped = judgeDependencies([...chain.slice(0, 50), edge('t0', 't50')], new Map(), exists);
    expect(looped.keep.size).toBe(50);
    expect(looped.refuse).toEqual([edge('t0', 't50')]);
  });

  it('[link-types] a link keeps its type and lag; a bare true from before reads as FS without lag', () => {
    const verdict = judgeDependencies([edge('b', 'a', { type: 'SS', lagDays: -2 }), edge('c', 'b', true)], new Map(), exists);
    expect(verdict.keep).toEqual(new Map([['b->a', { type: 'SS', lagDays: -2 }], ['c->b', FS]]));
  });

  it('[link-types] a new link whose value is not one is refused; a stored one given a bad value keeps its stored link', () => {
    const bad = [{ type: 'XX', lagDays: 0 }, { type: 'FS', lagDays: 1.5 }, { type: 'FS', lagDays: 5000 }, { type: 'FS' }, 'FS', { type: 'FS', lagDays: 0, extra: 1 }];
    for (const value of bad) {
      const fresh = judgeDependencies([edge('b', 'a', value)], new Map(), exists);
      expect(fresh.refuse).toHaveLength(1);
      const existing = judgeDependencies([edge('b', 'a', value)], new Map([['b->a', { type: 'FF', lagDays: 3 }]]), exists);
      expect(existing.keep.get('b->a')).toEqual({ type: 'FF', lagDays: 3 });
      expect(existing.restore).toEqual([['b->a', { type: 'FF', lagDays: 3 }]]);
    }
  });
});

describe('judgeTask: milestones', () => {
  const stored: PersistedTask = {
    name: 'Launch',
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
  };
  const milestone: PersistedTask = { ...stored, kind: 'milestone', endDate: stored.startDate };
  const none = new Set<string>();
  const judge = (snapshot: DocTask, previous: PersistedTask | undefined) => judgeTask(snapshot, previous, none);

  it('[milestone-one-day] a task made a milestone keeps its two dates and goes back to being a task', () => {
    expect(judge({ ...stored, kind: 'milestone' }, stored)).toEqual({ kind: 'valid', task: stored, changed: [], fix: { kind: 'task' } });
  });

  it('[milestone-one-day] a task made a milestone on one day is one; moving a milestone moves both dates', () => {
    const made = judge({ ...stored, kind: 'milestone', endDate: '2026-11-23' }, stored);
    expect(made).toMatchObject({ kind: 'valid', task: milestone, changed: ['endDate', 'kind'], fix: null });
    const moved = judge({ ...milestone, startDate: '2026-11-30', endDate: '2026-11-30' }, milestone);
    expect(moved).toMatchObject({ kind: 'valid', changed: ['startDate', 'endDate'], fix: null });
  });

  it('[milestone-one-day] a milestone given a second date (a resize) has that date put back', () => {
    expect(judge({ ...milestone, endDate: '2026-11-25' }, milestone)).toEqual({ kind: 'valid', task: milestone, changed: [], fix: { endDate: '2026-11-23' } });
    expect(judge({ ...milestone, startDate: '2026-11-20', name: 'Go live' }, milestone)).toEqual({
      kind: 'valid',
      task: { ...milestone, name: 'Go live' },
      changed: ['name'],
      fix: { startDate: '2026-11-23' },
    });
  });

  it('[milestone-one-day] a new milestone with two dates is refused; a new task without a kind is a task', () => {
    expect(judge({ name: 'Gate', startDate: '2026-11-23', endDate: '2026-11-24', kind: 'milestone' }, undefined)).toEqual({ kind: 'reject-new' });
    const fresh = judge({ name: 'Pour', startDate: '2026-11-23', endDate: '2026-11-24' }, undefined);
    expect(fresh).toMatchObject({ kind: 'valid', task: { kind: 'task' } });
    expect(fresh.kind === 'valid' && fresh.fix && 'kind' in fresh.fix).toBe(false);
    expect(judge({ name: 'Gate', startDate: '2026-11-23', endDate: '2026-11-23', kind: 'gate' }, undefined)).toMatchObject({ task: { kind: 'task' }, fix: { kind: 'task' } });
  });

  it('a document from before milestones (no kind) reads as a task: nothing to change; a stored milestone missing its kind gets it back', () => {
    const { kind: _task, ...old } = stored;
    expect(judge(old, stored)).toEqual({ kind: 'valid', task: stored, changed: [], fix: null });
    const { kind: _milestone, ...lost } = milestone;
    expect(judge(lost, milestone)).toEqual({ kind: 'valid', task: milestone, changed: [], fix: { kind: 'milestone' } });
  });

  it('a field at its default is not held: a new task without them has the defaults, and nothing is written back', () => {
    const fresh = judge({ name: 'Pour', startDate: '2026-11-23', endDate: '2026-11-24', order: 3 }, undefined);
    expect(fresh).toEqual({ kind: 'valid', task: { ...stored, name: 'Pour', endDate: '2026-11-24', order: 3 }, changed: expect.any(Array), fix: null });
    const { description: _d, progress: _p, status: _s, ...without } = stored;
    expect(judge(without, stored)).toEqual({ kind: 'valid', task: stored, changed: [], fix: null });
  });

  it("a field taken out of a stored task (an undo of its first write) is its default, unless it may be held back", () => {
    const nested: PersistedTask = { ...stored, parentId: '00000000-0000-4000-8000-000000000009', progress: 40 };
    const { parentId: _parent, progress: _progress, ...undone } = nested;
    // The document was complete: the fields were taken out, so they are back at their defaults, and stored so.
    expect(judgeTask(undone, nested, none, false)).toEqual({ kind: 'valid', task: stored, changed: ['progress', 'parentId'], fix: null });
    // It was waiting for an earlier update: Yjs may hold back the values that replaced them, so they are put back.
    expect(judgeTask(undone, nested, none, true)).toEqual({ kind: 'valid', task: nested, changed: [], fix: { progress: 40, parentId: nested.parentId } });
  });
});

describe('[custom-values] judgeTask: custom values against the project’s fields', () => {
  const COST = '00000000-0000-4000-8000-0000000000c1';
  const PHASE = '00000000-0000-4000-8000-0000000000c2';
  const fields = new Map([
    [COST, { name: 'Cost', type: 'number' as const, options: [] }],
    [PHASE, { name: 'Phase', type: 'choice' as const, options: ['Design'] }],
  ]);
  const stored: PersistedTask = {
    name: 'Hull',
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
    custom: { [COST]: 5 },
    order: 0,
    kind: 'task',
    parentId: null,
  };
  const none = new Set<string>();

  it('a value that fits its field is stored; one of the wrong type is put back, the other value of the edit kept', () => {
    expect(judgeTask({ ...stored, custom: { [COST]: 7 } }, stored, none, true, fields)).toMatchObject({ kind: 'valid', changed: ['custom'], fix: null });
    const verdict = judgeTask({ ...stored, custom: { [COST]: 'seven', [PHASE]: 'Design' } }, stored, none, true, fields);
    expect(verdict).toMatchObject({ kind: 'valid', task: { custom: { [COST]: 5, [PHASE]: 'Design' } }, fix: { custom: { [COST]: 5, [PHASE]: 'Design' } } });
  });

  it('a value of a field the project does not have (never read: no fields) is put back', () => {
    expect(judgeTask({ ...stored, custom: { [COST]: 7 } }, stored, none, true)).toEqual({ kind: 'valid', task: stored, changed: [], fix: { custom: { [COST]: 5 } } });
  });
});
