import type { Task } from '@planline/domain';
import { describe, expect, it } from 'vitest';
import { buildParts, mergeChanged, patchTasks, wholeList, type ListedTasks } from './task-list-parts.js';

const task = (id: string, fields: Partial<Task> = {}): Task => ({ id, name: `Task ${id}`, progress: 0, order: 0, ...fields }) as Task;
/** Tasks created a microsecond apart, in the order given, unless told otherwise. */
const listed = (tasks: Task[], created = tasks.map((_, i) => `20261123000000${String(i).padStart(6, '0')}`)): ListedTasks => ({ tasks, created });

describe('[task-list-incremental] task list parts', () => {
  const a = task('a'), b = task('b'), c = task('c');
  const base = buildParts(wholeList(listed([a, b, c])), [a, b, c]);

  it('is the list serialized whole', () => {
    expect(base.body.toString()).toBe(JSON.stringify([a, b, c]));
    expect(buildParts(wholeList(listed([])), []).body.toString()).toBe('[]');
  });

  it('patches in the changed tasks, drops those missing from the order, and follows it', () => {
    const b2 = task('b', { progress: 50 });
    const d = task('d');
    const list = patchTasks(base, listed([b2, d]), ['c', 'b', 'd'])!;
    expect(list.tasks).toEqual([c, b2, d]);
    expect([...list.fromBase]).toEqual([2, -1, -1]);
    expect(buildParts(list, list.tasks, base).body.toString()).toBe(JSON.stringify([c, b2, d]));
  });

  it('serializes a rolled-up summary again, and the task it stops being one from', () => {
    const rolledB = { ...b, progress: 80 };
    const withSummary = buildParts(wholeList(listed([a, b, c])), [a, rolledB, c]);
    expect(withSummary.body.toString()).toBe(JSON.stringify([a, rolledB, c]));
    const list = patchTasks(withSummary, listed([]), ['a', 'b', 'c'])!;
    expect(buildParts(list, list.tasks, withSummary).body.toString()).toBe(JSON.stringify([a, b, c]));
  });

  it('takes the unchanged tasks around a changed one as whole slices, every task still where `starts` says', () => {
    const many = Array.from({ length: 50 }, (_, i) => task(`t${i}`, { order: i }));
    const before = buildParts(wholeList(listed(many)), many);
    const moved = { ...many[20]!, order: 45.5, progress: 70 };
    const fresh = task('new', { order: -1 });
    const list = mergeChanged(before, listed([moved, fresh], [before.created[20]!, '20261124000000000000']), 51)!;
    const after = buildParts(list, list.tasks, before);
    expect(after.body.toString()).toBe(JSON.stringify(list.tasks));
    list.tasks.forEach((t, i) => expect(JSON.parse(after.body.subarray(after.starts[i]!, after.starts[i + 1]! - 1).toString())).toEqual(t));
    // And the next list, built from this one, too.
    const again = mergeChanged(after, listed([]), 51)!;
    expect(buildParts(again, again.tasks, after).body.toString()).toBe(JSON.stringify(list.tasks));
  });

  it('gives up when the order lists a task that is neither kept nor changed', () => {
    expect(patchTasks(base, listed([]), ['a', 'x'])).toBeNull();
  });
});

describe('[task-list-incremental] changed tasks put in their places without reading the order', () => {
  // By order, then creation (to the microsecond), then id: as the rows are read.
  const t1 = task('10', { order: 1 }), t2 = task('20', { order: 2 }), t3 = task('30', { order: 2 }), t4 = task('40', { order: 5 });
  const created = ['20261123100000000001', '20261123100000000002', '20261123100000000003', '20261123100000000004'];
  const base = buildParts(wholeList(listed([t1, t2, t3, t4], created)), [t1, t2, t3, t4]);
  const merged = (changed: ListedTasks, count: number) => {
    const list = mergeChanged(base, changed, count);
    return list && { ids: list.tasks.map((t) => t.id), fromBase: [...list.fromBase], created: list.created };
  };

  it('keeps a changed task where it was when its place did not change, and the others as they were', () => {
    const t2b = { ...t2, progress: 40 };
    expect(merged(listed([t2b], [created[1]!]), 4)).toEqual({ ids: ['10', '20', '30', '40'], fromBase: [0, -1, 2, 3], created });
  });

  it('moves a task whose order changed, and puts a new one where its order puts it', () => {
    const t1b = { ...t1, order: 3 };
    const fresh = task('25', { order: 2 });
    const list = merged(listed([fresh, t1b], ['20261123110000000000', created[0]!]), 5)!;
    expect(list.ids).toEqual(['20', '30', '25', '10', '40']);
    expect(list.fromBase).toEqual([1, 2, -1, -1, 3]);
    expect(list.created).toEqual([created[1], created[2], '20261123110000000000', created[0], created[3]]);
  });

  it('places tasks of the same order by creation to the microsecond, then by id', () => {
    const early = task('99', { order: 2 });
    const tie = task('25', { order: 2 });
    expect(merged(listed([early], ['20261123100000000001']), 5)!.ids).toEqual(['10', '99', '20', '30', '40']);
    // Created in the same microsecond as '30': before it by id.
    expect(merged(listed([tie], [created[2]!]), 5)!.ids).toEqual(['10', '20', '25', '30', '40']);
  });

  it('gives up when the count says a task was deleted, or that a row came without a stamp', () => {
    expect(merged(listed([]), 3)).toBeNull();
    expect(merged(listed([]), 5)).toBeNull();
  });

  it('is the list patchTasks makes from the order read', () => {
    const t3b = { ...t3, order: 0 };
    const fresh = task('50', { order: 9 });
    const changed = listed([t3b, fresh], [created[2]!, '20261123120000000000']);
    const list = mergeChanged(base, changed, 5)!;
    const fromOrder = patchTasks(base, changed, ['30', '10', '20', '40', '50'])!;
    expect(list).toEqual(fromOrder);
    expect(buildParts(list, list.tasks, base).body.toString()).toBe(JSON.stringify([t3b, t1, t2, t4, fresh]));
  });
});
