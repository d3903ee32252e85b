import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { deleteTask, fieldValue, readTask, sameTask, tasksMap, writeTask } from './task-document.js';

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
    const stored = { name: 'Old', description: null, startDate: '2026-11-23', endDate: '2026-11-23', status: 'pending', priority: 'medium', progress: 0, color: '#3b82f6', assigneeId: null, assigneeIds: [], allocations: {}, order: 0, kind: 'task', parentId: null };
    doc.transact(() => writeTask(doc, G, { ...stored, kind: undefined, parentId: undefined }));
    expect(sameTask(readTask(doc, G)!, stored)).toBe(true);
    expect(sameTask(readTask(doc, G)!, { ...stored, kind: 'milestone' })).toBe(false);
  });
});
