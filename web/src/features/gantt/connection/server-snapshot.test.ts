import { addDependency, writeTask } from '@planline/document';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { createTasksStore } from '../model/tasks-store';
import { plainFromTaskList } from './server-snapshot';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const fields = { startDate: '2026-11-23', endDate: '2026-11-27', status: 'pending', priority: 'medium', progress: 10, color: '#3b82f6', assigneeId: null, assigneeIds: [] };

describe('[server-snapshot] a first visit painted from the task list', () => {
  it('reads the REST list as the document: the rows it paints are the rows the synced document keeps', () => {
    // As GET /api/projects/{id}/tasks lists them: extra fields (projectId, assignee, dependencies) are not the
    // document's, and the chart does not read them.
    const list = [
      { id: A, projectId: 'p', name: 'Design', order: 0, ...fields, assignee: null, dependencies: [], links: [] },
      { id: B, projectId: 'p', name: 'Build', order: 1, ...fields, dependencies: [A], links: [{ dependsOnTaskId: A, type: 'SS', lagDays: 2 }] },
    ];
    const plain = plainFromTaskList(list)!;
    expect(plain.dependencies).toEqual({ [`${B}->${A}`]: { type: 'SS', lagDays: 2 } });

    const doc = new Y.Doc();
    const { store, seed, reconcile } = createTasksStore(doc);
    seed(plain);
    const painted = store.getState();
    expect(painted.rows).toEqual([A, B]);
    expect(painted.edges).toEqual([{ taskId: B, dependsOnTaskId: A, type: 'SS', lagDays: 2 }]);

    // The document arrives, with a teammate's edit made between the list and the sync: that row changes, the
    // other keeps its object (no re-render, no jump).
    doc.transact(() => {
      writeTask(doc, A, { name: 'Design', order: 0, ...fields });
      writeTask(doc, B, { name: 'Build', order: 1, ...fields, progress: 60 });
      addDependency(doc, B, A, { type: 'SS', lagDays: 2 });
    });
    reconcile();
    const synced = store.getState();
    expect(synced.tasks.get(A)).toBe(painted.tasks.get(A));
    expect(synced.tasks.get(B)?.progress).toBe(60);
    expect(synced.rows).toEqual(painted.rows);
  });

  it('anything but a list gives no snapshot', () => {
    expect(plainFromTaskList({ message: 'Access denied' })).toBeNull();
    expect(plainFromTaskList([null, 3, { name: 'no id' }])).toEqual({ tasks: {}, dependencies: {} });
  });
});
