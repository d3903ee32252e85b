import { dependenciesMap, readTask, tasksMap, writeTask } from '@planline/document';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { sliceUpdate } from './update-slices';

/** A server-built plan (one client, many tasks), then edits and deletions by two other clients. */
function editedPlan(tasks: number): Y.Doc {
  const server = new Y.Doc();
  server.transact(() => {
    for (let i = 0; i < tasks; i++) writeTask(server, `t${i}`, { name: `Task ${i}`, startDate: '2026-01-05', endDate: '2026-01-09', progress: i % 101, order: i });
    dependenciesMap(server).set('t1->t0', { type: 'FS', lagDays: 0 });
  });
  for (const [clientID, i] of [[11, 3], [12, 5]] as const) {
    const other = new Y.Doc();
    other.clientID = clientID;
    Y.applyUpdate(other, Y.encodeStateAsUpdate(server));
    other.transact(() => {
      writeTask(other, `t${i}`, { name: `Renamed by ${clientID}`, progress: 50 });
      tasksMap(other).delete(`t${i + 1}`);
      writeTask(other, `new-${clientID}`, { name: 'Added', startDate: '2026-02-02', endDate: '2026-02-03' });
    });
    Y.applyUpdate(server, Y.encodeStateAsUpdate(other));
  }
  return server;
}

describe('sliceUpdate', () => {
  it('[sliced-sync] slices, then the rest, make the same document as the whole update', () => {
    const source = editedPlan(500);
    const update = Y.encodeStateAsUpdate(source);
    const { slices, rest } = sliceUpdate(update, 100);
    expect(slices.length).toBeGreaterThan(10);
    const target = new Y.Doc();
    const pending: boolean[] = [];
    for (const slice of slices) {
      Y.applyUpdate(target, slice);
      pending.push(target.store.pendingStructs !== null);
    }
    // Each slice integrates as it comes: nothing waits for a later one.
    expect(pending.every((p) => !p)).toBe(true);
    Y.applyUpdate(target, rest);
    expect(tasksMap(target).toJSON()).toEqual(tasksMap(source).toJSON());
    expect(dependenciesMap(target).toJSON()).toEqual(dependenciesMap(source).toJSON());
    expect(readTask(target, 't3')?.name).toBe('Renamed by 11');
    expect(tasksMap(target).has('t4')).toBe(false);
    expect(Y.encodeStateVector(target)).toEqual(Y.encodeStateVector(source));
  });

  it('[sliced-sync] applies over a document that already holds part of it (a kept copy) without loss', () => {
    const source = editedPlan(300);
    const local = new Y.Doc();
    Y.applyUpdate(local, Y.encodeStateAsUpdate(editedPlan(0)));
    local.transact(() => writeTask(local, 'offline', { name: 'Made offline' }));
    const { slices, rest } = sliceUpdate(Y.encodeStateAsUpdate(source), 64);
    for (const slice of slices) Y.applyUpdate(local, slice);
    Y.applyUpdate(local, rest);
    expect(readTask(local, 'offline')?.name).toBe('Made offline');
    expect(tasksMap(local).size).toBe(tasksMap(source).size + 1);
  });

  it('leaves a small or empty update whole in the rest', () => {
    const empty = sliceUpdate(Y.encodeStateAsUpdate(new Y.Doc()), 100);
    expect(empty.slices).toEqual([]);
    const doc = new Y.Doc();
    Y.applyUpdate(doc, empty.rest);
    expect(tasksMap(doc).size).toBe(0);
  });
});
