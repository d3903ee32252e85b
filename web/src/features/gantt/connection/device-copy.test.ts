import 'fake-indexeddb/auto';
import { readTask, tasksMap, writeTask } from '@planline/document';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { deviceDocumentName } from '../../../lib/device-documents';
import { openDeviceCopy, type StoredCopy } from './device-copy';

const ADA = '6f1c2a8e-0d7b-4c1e-9a51-1d2f3e4a5b6c';
const BEA = '0a9b8c7d-6e5f-4a3b-8c1d-2e3f4a5b6c7d';
const HULL = 'c3d4e5f6-a7b8-4c9d-8e0f-1a2b3c4d5e6f';
const TASK = '11111111-2222-4333-8444-555555555555';
const LOCAL = { source: 'test' };

/** A page's visit: a document and this device's copy of it, loaded; `stored` is what the copy said first. */
async function visit(userId: string, doc = new Y.Doc()) {
  let stored: StoredCopy | null = null;
  let mergedWhenStored = true;
  const copy = openDeviceCopy(doc, userId, HULL, (s) => {
    stored = s;
    mergedWhenStored = tasksMap(doc).size > 0;
  })!;
  const synced = await copy.loaded;
  return { doc, copy, synced, stored: stored as StoredCopy | null, mergedWhenStored };
}

async function leave({ doc, copy }: { doc: Y.Doc; copy: { destroy(): void } }) {
  copy.destroy();
  doc.destroy();
  // y-indexeddb closes its database asynchronously.
  await new Promise((resolve) => setTimeout(resolve, 20));
}

/** Lets the copy's writes (IndexedDB requests) finish. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

/** The server's document as the first sync brings it. */
function serverDocument(): Y.Doc {
  const server = new Y.Doc();
  writeTask(server, TASK, { name: 'Weld frame', startDate: '2025-03-03', endDate: '2025-03-07' });
  return server;
}

describe('this device’s copy of a project document', () => {
  it('[offline-return] a return visit finds the synced document and the edits made after it, without taking them into undo', async () => {
    const first = await visit(ADA);
    expect(first.synced).toBe(false);
    expect(first.stored).toEqual({ synced: false, readOnly: true, snapshot: null });
    // The server's document arrives, then the person edits (offline or not).
    const server = serverDocument();
    Y.applyUpdate(first.doc, Y.encodeStateAsUpdate(server), 'provider');
    first.copy.rememberSync(false);
    first.doc.transact(() => writeTask(first.doc, TASK, { progress: 40 }), LOCAL);
    await settle();
    await leave(first);

    const doc = new Y.Doc();
    const undo = new Y.UndoManager(tasksMap(doc), { trackedOrigins: new Set([LOCAL]) });
    const again = await visit(ADA, doc);
    expect(again.synced).toBe(true);
    expect(again.stored).toMatchObject({ synced: true, readOnly: false });
    expect(readTask(doc, TASK)).toMatchObject({ name: 'Weld frame', progress: 40 });
    expect(undo.canUndo()).toBe(false);
    // What the server lacks is the offline edit alone: the sync sends it from the document.
    expect(Y.encodeStateAsUpdate(doc, Y.encodeStateVector(server)).byteLength).toBeLessThan(Y.encodeStateAsUpdate(doc).byteLength);
    await leave(again);
  });

  it('[offline-return] keeps a snapshot of the tasks, handed over before the stored document is merged in', async () => {
    const first = await visit(ADA);
    Y.applyUpdate(first.doc, Y.encodeStateAsUpdate(serverDocument()), 'provider');
    first.copy.rememberSync(false);
    first.doc.transact(() => writeTask(first.doc, TASK, { progress: 55 }), LOCAL);
    // The snapshot is written once the document has been quiet for 2 s (or as the page goes).
    await new Promise((resolve) => setTimeout(resolve, 2200));
    await leave(first);

    const again = await visit(ADA);
    expect(again.mergedWhenStored).toBe(false);
    expect(again.stored?.snapshot?.tasks[TASK]).toMatchObject({ name: 'Weld frame', progress: 55 });
    await leave(again);
  });

  it('[offline-return] a snapshot behind the stored updates (the page went right after an edit) is not painted', async () => {
    const first = await visit(ADA);
    Y.applyUpdate(first.doc, Y.encodeStateAsUpdate(serverDocument()), 'provider');
    first.copy.rememberSync(false);
    first.doc.transact(() => writeTask(first.doc, TASK, { progress: 55 }), LOCAL);
    await new Promise((resolve) => setTimeout(resolve, 2200));
    // Edited, then gone before the next snapshot: the stored updates hold the edit, the snapshot does not.
    first.doc.transact(() => writeTask(first.doc, TASK, { progress: 70 }), LOCAL);
    await settle();
    await leave(first);

    const again = await visit(ADA);
    expect(again.stored).toMatchObject({ synced: true, snapshot: null });
    expect(readTask(again.doc, TASK)).toMatchObject({ progress: 70 });
    await leave(again);
  });

  it('[sliced-sync] while paused it stores no update; once synced it stores the whole one, with an edit made meanwhile', async () => {
    const first = await visit(ADA);
    const stored = () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open(deviceDocumentName(ADA, HULL));
        open.onsuccess = () => {
          const count = open.result.transaction('updates').objectStore('updates').count();
          count.onsuccess = () => (open.result.close(), resolve(count.result));
        };
      });
    await settle();
    const before = await stored();
    const slice = { source: 'slice' };
    first.copy.pause(slice);
    const whole = Y.encodeStateAsUpdate(serverDocument());
    // As the slices go in: several transactions, none of them stored.
    for (let i = 0; i < 3; i++) Y.applyUpdate(first.doc, whole, slice);
    first.doc.transact(() => writeTask(first.doc, TASK, { progress: 40 }), LOCAL);
    await settle();
    expect(await stored()).toBe(before);
    first.copy.resume(whole);
    // Not yet: the chart is not editable before the sync is done, and the write would hold it up.
    await settle();
    expect(await stored()).toBe(before);
    first.copy.rememberSync(false);
    await settle();
    expect(await stored()).toBe(before + 1);
    await leave(first);
    const again = await visit(ADA);
    expect(again.synced).toBe(true);
    expect(readTask(again.doc, TASK)).toMatchObject({ name: 'Weld frame', progress: 40 });
    await leave(again);
  });

  it('remembers a view-only scope, so the copy is not editable before the server has spoken', async () => {
    const first = await visit(ADA);
    first.copy.rememberSync(true);
    await settle();
    await leave(first);
    const again = await visit(ADA);
    expect(again.stored).toMatchObject({ synced: true, readOnly: true });
    await leave(again);
  });

  it('is the person’s own: another person on this browser gets an empty copy', async () => {
    const bea = await visit(BEA);
    expect(bea.stored).toEqual({ synced: false, readOnly: true, snapshot: null });
    expect(tasksMap(bea.doc).size).toBe(0);
    await leave(bea);
  });

  it('forget() deletes the copy', async () => {
    const ada = await visit(ADA);
    await ada.copy.forget();
    ada.doc.destroy();
    const listed = (await indexedDB.databases()).map((d) => d.name);
    expect(listed).not.toContain(deviceDocumentName(ADA, HULL));
  });

  it('an edit still goes through when the database was closed under the copy (deleted from another tab)', async () => {
    const ada = await visit(ADA);
    await new Promise<void>((resolve) => {
      const request = indexedDB.deleteDatabase(deviceDocumentName(ADA, HULL));
      request.onsuccess = () => resolve();
    });
    expect(() => ada.doc.transact(() => writeTask(ada.doc, TASK, { name: 'Still edits' }), LOCAL)).not.toThrow();
    expect(readTask(ada.doc, TASK)?.name).toBe('Still edits');
    await leave(ada);
  });
});
