import { addDependency, deleteTask, writeScheduleSettings, writeTask } from '@planline/document';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { createTasksStore, RECONCILE_TASKS_PER_SLOT, setCollapsed } from './tasks-store';
import { toTimelineTask } from './timeline-task';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const C = '00000000-0000-4000-8000-00000000000c';
const base = { startDate: '2026-11-23', endDate: '2026-11-27', status: 'pending', priority: 'medium', progress: 0, color: '#3b82f6', assigneeId: null };

function docWith(tasks: Record<string, object>) {
  const doc = new Y.Doc();
  doc.transact(() => Object.entries(tasks).forEach(([id, fields]) => writeTask(doc, id, fields)));
  return doc;
}

describe('the tasks snapshot', () => {
  it('[timeline-snapshot] reads the document into rows ordered by order, then start', () => {
    const doc = docWith({ [A]: { ...base, name: 'A', order: 1 }, [B]: { ...base, name: 'B', order: 0 }, [C]: { ...base, name: 'C', order: 1, startDate: '2026-11-01' } });
    const { store } = createTasksStore(doc);
    expect(store.getState().rows).toEqual([B, C, A]);
    expect(store.getState().rowIndex.get(A)).toBe(2);
  });

  it('[timeline-snapshot] a change re-reads only its task: the others keep their objects and the order stays', () => {
    const doc = docWith({ [A]: { ...base, name: 'A', order: 0 }, [B]: { ...base, name: 'B', order: 1 } });
    const { store } = createTasksStore(doc);
    const before = store.getState();
    doc.transact(() => writeTask(doc, A, { progress: 40 }));
    const after = store.getState();
    expect(after.tasks.get(A)?.progress).toBe(40);
    expect(after.tasks.get(B)).toBe(before.tasks.get(B));
    expect(after.rows).toBe(before.rows);
  });

  it('[timeline-snapshot] adding, moving and deleting tasks re-sorts the rows', () => {
    const doc = docWith({ [A]: { ...base, name: 'A', order: 0 } });
    const { store } = createTasksStore(doc);
    doc.transact(() => writeTask(doc, B, { ...base, name: 'B', order: 0, startDate: '2026-11-01' }));
    expect(store.getState().rows).toEqual([B, A]);
    doc.transact(() => writeTask(doc, B, { startDate: '2026-12-01', endDate: '2026-12-02' }));
    expect(store.getState().rows).toEqual([A, B]);
    doc.transact(() => deleteTask(doc, A));
    expect(store.getState().rows).toEqual([B]);
  });

  it('[timeline-snapshot] a bar moved where its order keeps its row leaves the rows as they were (no sort per drop)', () => {
    const doc = docWith({ [A]: { ...base, name: 'A', order: 0 }, [B]: { ...base, name: 'B', order: 1 }, [C]: { ...base, name: 'C', order: 2 } });
    const { store } = createTasksStore(doc);
    const before = store.getState();
    doc.transact(() => writeTask(doc, B, { startDate: '2026-12-01', endDate: '2026-12-04' }));
    const after = store.getState();
    expect(after.tasks.get(B)?.startDate).toBe('2026-12-01');
    expect(after.rows).toBe(before.rows);
    expect(after.rowIndex).toBe(before.rowIndex);
    // Two tasks of one order: the start decides, so B moving after C moves its row, and the neighbours see it.
    doc.transact(() => writeTask(doc, C, { order: 1, startDate: '2026-11-01' }));
    expect(store.getState().rows).toEqual([A, C, B]);
    doc.transact(() => writeTask(doc, B, { startDate: '2026-10-01', endDate: '2026-10-02' }));
    expect(store.getState().rows).toEqual([A, B, C]);
    doc.transact(() => writeTask(doc, B, { startDate: '2026-10-15', endDate: '2026-10-16' }));
    expect(store.getState().rows).toEqual([A, B, C]);
  });

  it('[timeline-snapshot] a store opened before the first sync reads the whole synced document', () => {
    const server = docWith({ [A]: { ...base, name: 'A', order: 1 }, [B]: { ...base, name: 'B', order: 0 }, [C]: { ...base, name: '', order: 2 } });
    const doc = new Y.Doc();
    const { store } = createTasksStore(doc);
    expect(store.getState().rows).toEqual([]);
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(server));
    expect(store.getState().rows).toEqual([B, A]);
    doc.transact(() => writeTask(doc, C, { name: 'C' }));
    expect(store.getState().rows).toEqual([B, A, C]);
  });

  it('[sliced-sync] held, the store leaves the document\'s changes to reconcile, which reads it once', () => {
    const doc = new Y.Doc();
    const tasks = createTasksStore(doc);
    tasks.hold();
    const server = docWith({ [A]: { ...base, name: 'A', order: 0 }, [B]: { ...base, name: 'B', order: 1 } });
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(server));
    expect(tasks.store.getState().rows).toEqual([]);
    tasks.reconcile();
    expect(tasks.store.getState().rows).toEqual([A, B]);
    doc.transact(() => writeTask(doc, A, { progress: 40 }));
    expect(tasks.store.getState().tasks.get(A)?.progress).toBe(40);
  });

  it('[sliced-sync] a big document is reconciled a slot at a time; changes made meanwhile are in what it shows', async () => {
    const count = RECONCILE_TASKS_PER_SLOT * 2 + 10;
    const id = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
    const server = new Y.Doc();
    server.transact(() => {
      for (let i = 0; i < count; i++) writeTask(server, id(i), { ...base, name: `Task ${i}`, order: i });
    });
    const doc = new Y.Doc();
    const tasks = createTasksStore(doc);
    tasks.hold();
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(server));
    const done = tasks.reconcile();
    // Reading: the store still shows what it showed, and a second call waits for the same reading.
    expect(tasks.store.getState().rows).toEqual([]);
    expect(tasks.reconcile()).toBe(done);
    // A task read in the first slot changes, one is deleted and one is added before the reading ends.
    doc.transact(() => {
      writeTask(doc, id(0), { name: 'Renamed meanwhile' });
      deleteTask(doc, id(1));
      writeTask(doc, A, { ...base, name: 'Added meanwhile', order: count });
    });
    expect(tasks.store.getState().rows).toEqual([]);
    await done;
    const state = tasks.store.getState();
    expect(state.rows).toHaveLength(count);
    expect(state.tasks.get(id(0))?.name).toBe('Renamed meanwhile');
    expect(state.tasks.has(id(1))).toBe(false);
    expect(state.tasks.get(A)?.name).toBe('Added meanwhile');
    // Reconciled, it follows the document again.
    doc.transact(() => writeTask(doc, id(2), { progress: 60 }));
    expect(tasks.store.getState().tasks.get(id(2))?.progress).toBe(60);
  });

  it('[timeline-snapshot] a remote update arriving as a Yjs update is applied too', () => {
    const doc = docWith({ [A]: { ...base, name: 'A', order: 0 } });
    const other = new Y.Doc();
    Y.applyUpdate(other, Y.encodeStateAsUpdate(doc));
    const { store } = createTasksStore(doc);
    other.transact(() => writeTask(other, A, { name: 'Renamed' }));
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(other));
    expect(store.getState().tasks.get(A)?.name).toBe('Renamed');
  });

  it('[timeline-snapshot] dependencies are indexed by both ends', () => {
    const doc = docWith({ [A]: { ...base, name: 'A' }, [B]: { ...base, name: 'B' } });
    const { store, dispose } = createTasksStore(doc);
    doc.transact(() => addDependency(doc, B, A));
    expect(store.getState().edges).toEqual([{ taskId: B, dependsOnTaskId: A, type: 'FS', lagDays: 0 }]);
    expect(store.getState().edgesByTask.get(A)).toEqual([{ taskId: B, dependsOnTaskId: A, type: 'FS', lagDays: 0 }]);
    dispose();
    doc.transact(() => writeTask(doc, A, { name: 'after dispose' }));
    expect(store.getState().tasks.get(A)?.name).toBe('A');
  });

  it('[timeline-snapshot] a task without a name or dates waits (the server removes or repairs it)', () => {
    expect(toTimelineTask(A, { ...base, name: '  ' })).toBeNull();
    expect(toTimelineTask(A, { ...base, name: 'x', startDate: '2026-02-30' })).toBeNull();
    expect(toTimelineTask(A, { ...base, name: 'x', endDate: '2026-11-01', status: 'in-progress', progress: 150, color: 'red' })).toMatchObject({
      endDate: '2026-11-23',
      status: 'in_progress',
      progress: 100,
      color: '#3b82f6',
    });
    expect(toTimelineTask(A, { ...base, name: 'x', status: 'bogus' })?.status).toBe('pending');
  });
});

describe('summary tasks in the snapshot', () => {
  const P = '00000000-0000-4000-8000-0000000000a1';
  const Q = '00000000-0000-4000-8000-0000000000a2';
  // P ⊃ A, B; Q at the top level after P; C under A.
  const plan = () =>
    docWith({
      [P]: { ...base, name: 'Phase', order: 0, startDate: '2026-01-01', endDate: '2026-01-02', progress: 7 },
      [A]: { ...base, name: 'A', order: 1, parentId: P, progress: 100 },
      [B]: { ...base, name: 'B', order: 2, parentId: P, startDate: '2026-11-30', endDate: '2026-12-04' },
      [Q]: { ...base, name: 'Q', order: 3 },
    });

  it('[summary-tasks] rows follow the outline: a summary, then its subtasks, each with its level', () => {
    const { store } = createTasksStore(plan());
    const state = store.getState();
    expect(state.rows).toEqual([P, A, B, Q]);
    expect([...state.depth]).toEqual([[P, 0], [A, 1], [B, 1], [Q, 0]]);
    expect(state.tasks.get(P)?.subtasks).toBe(2);
    expect(state.tasks.get(Q)?.subtasks).toBe(0);
  });

  it('[summary-rollup] a summary shows its subtasks\' span and their progress weighted by working days', () => {
    const { store } = createTasksStore(plan());
    // A: 5 working days at 100%, B: 5 at 0%.
    expect(store.getState().tasks.get(P)).toMatchObject({ startDate: '2026-11-23', endDate: '2026-12-04', progress: 50 });
  });

  it('[summary-rollup] a subtask moved moves its summary\'s span; the task leaving its summary gives it back its own dates', () => {
    const doc = plan();
    const { store } = createTasksStore(doc);
    const q = store.getState().tasks.get(Q);
    doc.transact(() => writeTask(doc, B, { startDate: '2026-12-07', endDate: '2026-12-11' }));
    expect(store.getState().tasks.get(P)).toMatchObject({ endDate: '2026-12-11' });
    expect(store.getState().tasks.get(Q)).toBe(q);
    doc.transact(() => {
      writeTask(doc, A, { parentId: null });
      writeTask(doc, B, { parentId: null });
    });
    expect(store.getState().tasks.get(P)).toMatchObject({ startDate: '2026-01-01', endDate: '2026-01-02', progress: 7, subtasks: 0 });
    expect(store.getState().depth.size).toBe(0);
  });

  it('[summary-tasks] collapsing a summary hides its subtasks from the rows (not from the plan); expanding shows them', () => {
    const doc = plan();
    doc.transact(() => writeTask(doc, C, { ...base, name: 'C', order: 4, parentId: A }));
    const { store } = createTasksStore(doc);
    expect(store.getState().rows).toEqual([P, A, C, B, Q]);
    setCollapsed(store, A, true);
    expect(store.getState().rows).toEqual([P, A, B, Q]);
    setCollapsed(store, P, true);
    expect(store.getState().rows).toEqual([P, Q]);
    expect(store.getState().tasks.size).toBe(5);
    // A change elsewhere keeps what this browser collapsed.
    doc.transact(() => writeTask(doc, Q, { name: 'Q2' }));
    expect(store.getState().rows).toEqual([P, Q]);
    setCollapsed(store, P, false);
    expect(store.getState().rows).toEqual([P, A, B, Q]);
    expect(store.getState().rowIndex.get(Q)).toBe(3);
  });
});

describe('a return visit painted from the kept snapshot', () => {
  const plainOf = (doc: Y.Doc) => ({ tasks: doc.getMap('tasks').toJSON(), dependencies: doc.getMap('dependencies').toJSON() });

  it('[offline-return] the snapshot shows the rows the document will show; the same document leaves them as they are', () => {
    const server = docWith({ [A]: { ...base, name: 'A', order: 0 }, [B]: { ...base, name: 'B', order: 1 } });
    server.transact(() => addDependency(server, B, A));
    const doc = new Y.Doc();
    const { store, seed, reconcile } = createTasksStore(doc);
    seed(plainOf(server));
    const painted = store.getState();
    expect(painted.rows).toEqual([A, B]);
    expect(painted.edges).toEqual([{ taskId: B, dependsOnTaskId: A, type: 'FS', lagDays: 0 }]);

    Y.applyUpdate(doc, Y.encodeStateAsUpdate(server));
    reconcile();
    const merged = store.getState();
    expect(merged.rows).toEqual(painted.rows);
    expect(merged.tasks.get(A)).toBe(painted.tasks.get(A));
    expect(merged.tasks.get(B)).toBe(painted.tasks.get(B));
    // Nothing was worked out again (roll-up, rows, links): the same state, so nothing on the chart renders again.
    expect(merged).toBe(painted);
    // And from there it follows the document.
    doc.transact(() => writeTask(doc, B, { progress: 30 }));
    expect(store.getState().tasks.get(B)?.progress).toBe(30);
    expect(store.getState().tasks.get(A)).toBe(painted.tasks.get(A));
  });

  it('[offline-return] tasks and links the snapshot had and the document no longer has go once it is merged', () => {
    const older = docWith({ [A]: { ...base, name: 'A', order: 0 }, [B]: { ...base, name: 'B', order: 1 } });
    older.transact(() => addDependency(older, B, A));
    const snapshot = plainOf(older);
    older.transact(() => {
      deleteTask(older, B);
      writeTask(older, A, { progress: 70 });
    });
    const doc = new Y.Doc();
    const { store, seed, reconcile } = createTasksStore(doc);
    seed(snapshot);
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(older));
    reconcile();
    expect(store.getState().rows).toEqual([A]);
    expect(store.getState().tasks.get(A)?.progress).toBe(70);
    expect(store.getState().edges).toEqual([]);
  });

  it('[offline-return] a link that differs only in its type or lag is read from the document', () => {
    const older = docWith({ [A]: { ...base, name: 'A', order: 0 }, [B]: { ...base, name: 'B', order: 1 } });
    older.transact(() => addDependency(older, B, A));
    const snapshot = plainOf(older);
    older.transact(() => addDependency(older, B, A, { type: 'SS', lagDays: 2 }));
    const doc = new Y.Doc();
    const { store, seed, reconcile } = createTasksStore(doc);
    seed(snapshot);
    const painted = store.getState();
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(older));
    reconcile();
    expect(store.getState().edges).toEqual([{ taskId: B, dependsOnTaskId: A, type: 'SS', lagDays: 2 }]);
    expect(store.getState().tasks.get(A)).toBe(painted.tasks.get(A));
  });

  it('[summary-rollup] summaries are rolled up again when the document brings the project\'s own calendar', () => {
    const P = '00000000-0000-4000-8000-00000000000f';
    // A weekend-only subtask weighs nothing from Monday to Friday, and two days of seven when every day works.
    const server = docWith({
      [P]: { ...base, name: 'P', order: 0 },
      [A]: { ...base, name: 'A', order: 1, parentId: P, progress: 100, startDate: '2026-11-23', endDate: '2026-11-27' },
      [B]: { ...base, name: 'B', order: 2, parentId: P, progress: 0, startDate: '2026-11-28', endDate: '2026-11-29' },
    });
    const snapshot = plainOf(server);
    server.transact(() => writeScheduleSettings(server, { autoSchedule: true, workingWeekdays: [0, 1, 2, 3, 4, 5, 6], holidays: [] }));
    const doc = new Y.Doc();
    const { store, seed, reconcile } = createTasksStore(doc);
    seed(snapshot);
    const seededProgress = store.getState().tasks.get(P)?.progress;
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(server));
    reconcile();
    const expected = createTasksStore(server).store.getState().tasks.get(P)?.progress;
    expect(expected).not.toBe(seededProgress);
    expect(store.getState().tasks.get(P)?.progress).toBe(expected);
  });

  it('a snapshot never replaces tasks the document already shows', () => {
    const doc = docWith({ [A]: { ...base, name: 'A', order: 0 } });
    const { store, seed } = createTasksStore(doc);
    seed({ tasks: { [B]: { ...base, name: 'B', order: 0 } }, dependencies: {} });
    expect(store.getState().rows).toEqual([A]);
  });
});
