import 'fake-indexeddb/auto';
import { readTask, tasksMap, writeTask } from '@planline/document';
import { describe, expect, it } from 'vitest';
import { IndexeddbPersistence } from 'y-indexeddb';
import * as Y from 'yjs';
import { FOLD_FROM, UpdateLog, UPDATES_STORE } from './update-log';

const TASK = '11111111-2222-4333-8444-555555555555';
let names = 0;
const freshName = () => `planline-document:test-update-log-${++names}`;

/** The document with its log open and merged, each update of it appended as the device copy does. */
async function opened(name: string, doc = new Y.Doc()) {
  const log = new UpdateLog(name, doc);
  doc.on('update', (update: Uint8Array, origin: unknown) => log.append(update, origin));
  await log.merged;
  return { doc, log };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

function storedCount(name: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(name);
    open.onsuccess = () => {
      const count = open.result.transaction(UPDATES_STORE).objectStore(UPDATES_STORE).count();
      count.onsuccess = () => {
        open.result.close();
        resolve(count.result);
      };
    };
    open.onerror = () => reject(open.error);
  });
}

describe('[device-copy] the log of a document kept on this device', () => {
  it('reads a copy y-indexeddb wrote, with its history, and y-indexeddb reads what the log appends', async () => {
    const name = freshName();
    const before = new Y.Doc();
    const old = new IndexeddbPersistence(name, before);
    await old.whenSynced;
    writeTask(before, TASK, { name: 'Weld frame', startDate: '2025-03-03', endDate: '2025-03-07' });
    writeTask(before, TASK, { progress: 40 });
    await settle();
    await old.destroy();

    const { doc, log } = await opened(name);
    expect(readTask(doc, TASK)).toMatchObject({ name: 'Weld frame', progress: 40 });
    writeTask(doc, TASK, { progress: 70 });
    await settle();
    await log.destroy();

    const after = new Y.Doc();
    const again = new IndexeddbPersistence(name, after);
    await again.whenSynced;
    expect(readTask(after, TASK)).toMatchObject({ name: 'Weld frame', progress: 70 });
    await again.destroy();
  });

  it('stores what the document had before it opened, and does not store its own merge again', async () => {
    const name = freshName();
    const first = await opened(name);
    writeTask(first.doc, TASK, { name: 'Cut', startDate: '2025-03-03', endDate: '2025-03-04' });
    await settle();
    await first.log.destroy();
    const stored = await storedCount(name);

    // A sync that came before the log opened: its update is stored as the document's state at the opening.
    const synced = new Y.Doc();
    writeTask(synced, 'other', { name: 'Grind', startDate: '2025-03-05', endDate: '2025-03-06' });
    const second = await opened(name, synced);
    expect(readTask(second.doc, TASK)).toMatchObject({ name: 'Cut' });
    await settle();
    expect(await storedCount(name)).toBe(stored + 1);
    await second.log.destroy();

    const third = await opened(name);
    expect([...tasksMap(third.doc).keys()].sort()).toEqual([TASK, 'other'].sort());
    await third.log.destroy();
  });

  it(`folds into one update past ${FOLD_FROM}, taking in what another tab appended meanwhile`, async () => {
    const name = freshName();
    const { doc, log } = await opened(name);
    for (let i = 0; i < FOLD_FROM; i++) writeTask(doc, TASK, { name: `Step ${i}`, startDate: '2025-03-03', endDate: '2025-03-04' });
    // Another tab's log on the same copy appends an edit of its own.
    const tab = await opened(name);
    writeTask(tab.doc, 'theirs', { name: 'Theirs', startDate: '2025-03-05', endDate: '2025-03-06' });
    await settle();
    // (The log has folded by itself a second after its 500th update, or folds now.)
    await log.fold();
    expect(await storedCount(name)).toBe(1);
    expect(readTask(doc, 'theirs')).toMatchObject({ name: 'Theirs' });
    await Promise.all([log.destroy(), tab.log.destroy()]);

    const again = await opened(name);
    expect(readTask(again.doc, TASK)).toMatchObject({ name: `Step ${FOLD_FROM - 1}` });
    expect(readTask(again.doc, 'theirs')).toMatchObject({ name: 'Theirs' });
    await again.log.destroy();
  });

  it('keeps values beside the log, and says whether a transaction is its merge', async () => {
    const name = freshName();
    const { log } = await opened(name);
    await log.set('scope', 'write');
    expect(log.isMerge(log)).toBe(true);
    expect(log.isMerge(null)).toBe(false);
    const read = new IndexeddbPersistence(name, new Y.Doc());
    expect(await read.get('scope')).toBe('write');
    await Promise.all([log.destroy(), read.destroy()]);
  });
});
