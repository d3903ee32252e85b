import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { TASK_FIELDS } from '@planline/domain';
import { DEFAULT_WHEN_MISSING, deleteTask, fieldValue, readTask, sameTask, tasksMap, writeTask } from './task-document.js';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const [G, P, C1, C2, X] = [1, 2, 3, 4, 5].map(id) as [string, string, string, string, string];

describe('the task document', () => {
  it('[summary-tasks] deleting a summary moves its subtasks up to its own parent, in the same transaction', () => {
    const doc = new Y.Doc();
    doc.transact(() => {
      writeTask(doc, G, { name: 'G' });
      writeTask(doc, P, { name: 'P', parentId: G });
      writeTask(doc, C1, { name: 'C1', parentId: P });
      writeTask(doc, C2, { name: 'C2', parentId: P });
      writeTask(doc, X, { name: 'X', parentId: C1 });
    });
    const undo = new Y.UndoManager(tasksMap(doc), { captureTimeout: 0 });
    doc.transact(() => deleteTask(doc, P));
    expect([readTask(doc, C1)?.parentId, readTask(doc, C2)?.parentId, readTask(doc, X)?.parentId]).toEqual([G, G, C1]);
    doc.transact(() => deleteTask(doc, G));
    expect([readTask(doc, C1)?.parentId, readTask(doc, C2)?.parentId]).toEqual([null, null]);
    // One undo step each: the deletion and the moves come back together.
    undo.undo();
    expect(readTask(doc, G)).not.toBeNull();
    expect(readTask(doc, C1)?.parentId).toBe(G);
  });

  it('a task from before milestones and summaries reads as a plain task at the top level', () => {
    const doc = new Y.Doc();
    doc.transact(() => writeTask(doc, G, { name: 'Old', startDate: '2026-11-23' }));
    const old = readTask(doc, G)!;
    expect([old.kind, old.parentId]).toEqual([undefined, undefined]);
    expect([fieldValue('kind', old.kind), fieldValue('parentId', old.parentId), fieldValue('name', undefined)]).toEqual(['task', null, undefined]);
    const stored = { name: 'Old', description: null, startDate: '2026-11-23', endDate: '2026-11-23', status: 'pending', priority: 'medium', progress: 0, color: '#3b82f6', assigneeId: null, assigneeIds: [], allocations: {}, custom: {}, order: 0, kind: 'task', parentId: null };
    doc.transact(() => writeTask(doc, G, { ...stored, kind: undefined, parentId: undefined }));
    expect(sameTask(readTask(doc, G)!, stored)).toBe(true);
    expect(sameTask(readTask(doc, G)!, { ...stored, kind: 'milestone' })).toBe(false);
  });
  const DEFAULTED = {
    name: 'New',
    description: null,
    startDate: '2026-11-23',
    endDate: '2026-11-24',
    status: 'pending',
    priority: 'medium',
    progress: 0,
    color: '#3b82f6',
    assigneeId: null,
    assigneeIds: [],
    allocations: {},
    custom: {},
    order: 7,
    kind: 'task',
    parentId: null,
  };
  const keysOf = (doc: Y.Doc, taskId: string) => [...(tasksMap(doc).get(taskId)?.keys() ?? [])].sort();
  const asRead = (doc: Y.Doc, taskId: string) => {
    const task = readTask(doc, taskId)!;
    return Object.fromEntries(TASK_FIELDS.map((f) => [f, fieldValue(f, task[f])]));
  };

  it('a field at its default is not written: a new task with the defaults holds its name, dates and order', () => {
    const doc = new Y.Doc();
    doc.transact(() => writeTask(doc, G, DEFAULTED));
    expect(keysOf(doc, G)).toEqual(['endDate', 'name', 'order', 'startDate']);
    expect(asRead(doc, G)).toEqual(DEFAULTED);
    expect(sameTask(readTask(doc, G)!, DEFAULTED)).toBe(true);
    // Set away from the default and back: written both times, and read as written.
    doc.transact(() => writeTask(doc, G, { progress: 40, assigneeIds: [X] }));
    expect(asRead(doc, G)).toMatchObject({ progress: 40, assigneeIds: [X] });
    doc.transact(() => writeTask(doc, G, { progress: 0, assigneeIds: [] }));
    expect(asRead(doc, G)).toEqual(DEFAULTED);
    expect(Object.isFrozen(DEFAULT_WHEN_MISSING.assigneeIds)).toBe(true);
  });

  it('a document written with every field (before defaults went unwritten) reads the same, and merges with a new one', () => {
    // The stored document: every field held, defaults too, as every document from before this change.
    const old = new Y.Doc();
    old.transact(() => {
      const entry = new Y.Map<unknown>();
      tasksMap(old).set(G, entry);
      for (const [field, value] of Object.entries(DEFAULTED)) entry.set(field, value);
    });
    expect(keysOf(old, G)).toHaveLength(TASK_FIELDS.length);
    expect(asRead(old, G)).toEqual(DEFAULTED);
    // A browser on the new code edits it, a teammate on a copy without the defaults edits too: both converge on
    // the same values, and every field the old document held is still in its history.
    const mine = new Y.Doc();
    Y.applyUpdate(mine, Y.encodeStateAsUpdate(old));
    const theirs = new Y.Doc();
    Y.applyUpdate(theirs, Y.encodeStateAsUpdate(old));
    mine.transact(() => writeTask(mine, G, { progress: 0, description: 'written', status: 'done' }));
    theirs.transact(() => writeTask(theirs, G, { priority: 'high', progress: 30 }));
    Y.applyUpdate(mine, Y.encodeStateAsUpdate(theirs));
    Y.applyUpdate(theirs, Y.encodeStateAsUpdate(mine));
    expect(asRead(mine, G)).toEqual({ ...DEFAULTED, description: 'written', status: 'done', priority: 'high', progress: 30 });
    expect(asRead(theirs, G)).toEqual(asRead(mine, G));
    expect(keysOf(mine, G)).toHaveLength(TASK_FIELDS.length);
  });
});
