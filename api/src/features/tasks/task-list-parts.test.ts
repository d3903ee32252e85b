import type { Task } from '@planline/domain';
import { describe, expect, it } from 'vitest';
import { buildParts, patchTasks, wholeList } from './task-list-parts.js';

const task = (id: string, fields: Partial<Task> = {}): Task => ({ id, name: `Task ${id}`, progress: 0, ...fields }) as Task;

describe('[task-list-incremental] task list parts', () => {
  const a = task('a'), b = task('b'), c = task('c');
  const base = buildParts(wholeList([a, b, c]), [a, b, c]);

  it('is the list serialized whole', () => {
    expect(base.body.toString()).toBe(JSON.stringify([a, b, c]));
    expect(buildParts(wholeList([]), []).body.toString()).toBe('[]');
  });

  it('patches in the changed tasks, drops those missing from the order, and follows it', () => {
    const b2 = task('b', { progress: 50 });
    const d = task('d');
    const list = patchTasks(base, [b2, d], ['c', 'b', 'd'])!;
    expect(list.tasks).toEqual([c, b2, d]);
    expect([...list.fromBase]).toEqual([2, -1, -1]);
    expect(buildParts(list, list.tasks, base).body.toString()).toBe(JSON.stringify([c, b2, d]));
  });

  it('serializes a rolled-up summary again, and the task it stops being one from', () => {
    const rolledB = { ...b, progress: 80 };
    const withSummary = buildParts(wholeList([a, b, c]), [a, rolledB, c]);
    expect(withSummary.body.toString()).toBe(JSON.stringify([a, rolledB, c]));
    const list = patchTasks(withSummary, [], ['a', 'b', 'c'])!;
    expect(buildParts(list, list.tasks, withSummary).body.toString()).toBe(JSON.stringify([a, b, c]));
  });

  it('gives up when the order lists a task that is neither kept nor changed', () => {
    expect(patchTasks(base, [], ['a', 'x'])).toBeNull();
  });
});
