import { addDependency, deleteTask, writeTask } from '@planline/document';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { createTasksStore, emptyTasksState, setCollapsed, type TasksState } from '../model/tasks-store';
import { applyTasksPatch, diffTasksState, splitTasksPatch, wholeTasksState, type TasksPatch } from './tasks-patch';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const C = '00000000-0000-4000-8000-00000000000c';
const base = { startDate: '2026-11-23', endDate: '2026-11-27', status: 'pending', priority: 'medium', progress: 0, color: '#3b82f6', assigneeId: null };

/** A store over a document, and a copy of it kept only from patches that crossed a structured clone (as to a page). */
function mirrored() {
  const doc = new Y.Doc();
  const source = createTasksStore(doc);
  let copy = applyTasksPatch(emptyTasksState(), structuredClone(wholeTasksState(source.store.getState())));
  const patches: TasksPatch[] = [];
  source.store.subscribe((after, before) => {
    const patch = diffTasksState(before, after);
    if (!patch) return;
    patches.push(patch);
    copy = applyTasksPatch(copy, structuredClone(patch));
  });
  return { doc, source, copy: () => copy, patches };
}

/** The parts of a state a chart reads, as plain values. */
const plainOf = (s: TasksState) => ({
  tasks: Object.fromEntries(s.tasks),
  rows: s.rows,
  rowIndex: Object.fromEntries(s.rowIndex),
  depth: Object.fromEntries(s.depth),
  collapsed: [...s.collapsed].sort(),
  edges: s.edges,
  edgesByTask: Object.fromEntries(s.edgesByTask),
});

describe('[document-host] the tasks store as patches', () => {
  it('a copy kept from patches equals the store through adds, edits, links, subtasks, collapse and deletes', () => {
    const { doc, source, copy } = mirrored();
    doc.transact(() => {
      writeTask(doc, A, { ...base, name: 'A', order: 0 });
      writeTask(doc, B, { ...base, name: 'B', order: 1 });
    });
    expect(plainOf(copy())).toEqual(plainOf(source.store.getState()));
    doc.transact(() => writeTask(doc, B, { order: -1 }));
    expect(copy().rows).toEqual([B, A]);
    doc.transact(() => addDependency(doc, A, B, { type: 'FS', lagDays: 2 }));
    doc.transact(() => writeTask(doc, C, { ...base, name: 'C', order: 2, parentId: A }));
    setCollapsed(source.store, A, true);
    expect(copy().rows).not.toContain(C);
    doc.transact(() => deleteTask(doc, B));
    expect(plainOf(copy())).toEqual(plainOf(source.store.getState()));
  });

  it('an edit sends the task it changed, and the copy keeps the objects of the others', () => {
    const { doc, copy, patches } = mirrored();
    doc.transact(() => {
      writeTask(doc, A, { ...base, name: 'A', order: 0 });
      writeTask(doc, B, { ...base, name: 'B', order: 1 });
    });
    const before = copy();
    patches.length = 0;
    doc.transact(() => writeTask(doc, A, { progress: 40 }));
    expect(patches).toHaveLength(1);
    expect(patches[0]!.set?.map((t) => t.id)).toEqual([A]);
    expect(patches[0]!.rows).toBeUndefined();
    expect(copy().tasks.get(A)?.progress).toBe(40);
    expect(copy().tasks.get(B)).toBe(before.tasks.get(B));
    expect(copy().rows).toBe(before.rows);
  });

  it('an unchanged state makes no patch', () => {
    const state = emptyTasksState();
    expect(diffTasksState(state, { ...state })).toBeNull();
  });

  it('a big patch splits into parts that add up to its tasks', () => {
    const set = Array.from({ length: 25 }, (_, i) => ({ id: String(i) }) as never);
    const { parts, last } = splitTasksPatch({ set, rows: ['x'] }, 10);
    expect(parts.map((p) => p.length)).toEqual([10, 10]);
    expect(last.set).toHaveLength(5);
    expect(last.rows).toEqual(['x']);
    expect([...parts.flat(), ...last.set!]).toEqual(set);
    expect(splitTasksPatch({ set: set.slice(0, 3) }, 10).parts).toEqual([]);
  });
});
