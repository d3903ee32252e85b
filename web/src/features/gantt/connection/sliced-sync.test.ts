import { encodeSyncMessage, MessageType, readSyncMessage, SyncStep, tasksMap, writeTask } from '@planline/document';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { bigSyncStepTwo, messagesThrough, SLICE_ORIGIN, sliceBigSyncs, type SocketMessage } from './sliced-sync';

const NAME = 'project:00000000-0000-4000-8000-000000000001';

const syncMessage = (step: number, payload: Uint8Array) => encodeSyncMessage(NAME, MessageType.Sync, step, payload);

function plan(tasks: number): Y.Doc {
  const doc = new Y.Doc();
  doc.transact(() => {
    for (let i = 0; i < tasks; i++) writeTask(doc, `t${i}`, { name: `Task ${i}`, startDate: '2026-01-05', endDate: '2026-01-09', progress: i % 101 });
  });
  tasksMap(doc).delete('t0');
  return doc;
}

/**
 * A provider as far as the slicing sees it: it reads messages in onMessage, applying sync step 2 to the document,
 * and has events ('synced').
 */
function fakeProvider(doc: Y.Doc) {
  const delivered: Uint8Array[] = [];
  const listeners = new Map<string, Set<() => void>>();
  const provider = {
    on: (name: string, listener: () => void) => void (listeners.get(name) ?? listeners.set(name, new Set()).get(name)!).add(listener),
    off: (name: string, listener: () => void) => void listeners.get(name)?.delete(listener),
    onMessage(event: { data: unknown }) {
      const data = new Uint8Array(event.data as ArrayBuffer);
      delivered.push(data);
      const sync = readSyncMessage(data);
      if (sync?.step === SyncStep.Step2) Y.applyUpdate(doc, sync.payload, provider);
    },
  };
  return { provider, delivered };
}

const event = (data: Uint8Array): SocketMessage => ({ data });

describe('sliceBigSyncs', () => {
  it('[sliced-sync] applies a big sync step 2 in many transactions, then hands the provider the rest, then what waited', async () => {
    const source = plan(400);
    const update = Y.encodeStateAsUpdate(source);
    const doc = new Y.Doc();
    const { provider, delivered } = fakeProvider(doc);
    const origins: unknown[] = [];
    doc.on('update', (_u: Uint8Array, origin: unknown) => origins.push(origin));
    const applied: Uint8Array[] = [];
    let started = 0;
    let done!: () => void;
    const finished = new Promise<void>((resolve) => (done = resolve));
    const slicing = sliceBigSyncs(doc, { onStart: () => (started += 1), onApplied: (u) => applied.push(u) }, 1000);

    const big = syncMessage(SyncStep.Step2, update);
    const later = syncMessage(SyncStep.Update, Y.encodeStateAsUpdate(plan(1)));
    slicing.take(event(big), provider.onMessage);
    slicing.take(event(later), provider.onMessage);
    expect(delivered).toEqual([]);
    const wait = setInterval(() => delivered.length === 2 && done(), 5);
    await finished;
    clearInterval(wait);

    expect(started).toBe(1);
    expect(tasksMap(doc).toJSON()).toEqual(tasksMap(source).toJSON());
    expect(origins.filter((o) => o === SLICE_ORIGIN).length).toBeGreaterThan(5);
    expect(applied).toEqual([update]);
    // The provider hears a sync step 2 (what is left: the deletion), then the message that came meanwhile.
    expect(bigSyncStepTwo(delivered[0]!, 0)?.update.byteLength).toBeLessThan(update.byteLength / 10);
    expect(delivered[1]).toEqual(later);
  });

  it('[document-host] applied whole (in a worker): one transaction through the same hooks, and the provider hears an empty rest', async () => {
    const source = plan(400);
    const update = Y.encodeStateAsUpdate(source);
    const doc = new Y.Doc();
    const { provider, delivered } = fakeProvider(doc);
    const origins: unknown[] = [];
    doc.on('update', (_u: Uint8Array, origin: unknown) => origins.push(origin));
    const applied: Uint8Array[] = [];
    let started = 0;
    const slicing = sliceBigSyncs(doc, { onStart: () => (started += 1), onApplied: (u) => applied.push(u) }, 1000, true);
    slicing.expectBig();
    slicing.take(event(syncMessage(SyncStep.Step2, update)), provider.onMessage);
    await new Promise<void>((resolve) => {
      const wait = setInterval(() => delivered.length === 1 && (clearInterval(wait), resolve()), 5);
    });
    expect(started).toBe(1);
    expect(origins).toEqual([SLICE_ORIGIN]);
    expect(tasksMap(doc).toJSON()).toEqual(tasksMap(source).toJSON());
    expect(applied).toEqual([update]);
    expect(bigSyncStepTwo(delivered[0]!, 0)?.update).toEqual(new Uint8Array([0, 0]));
  });

  it('passes small messages and other kinds straight through', () => {
    const doc = new Y.Doc();
    const { provider, delivered } = fakeProvider(doc);
    const slicing = sliceBigSyncs(doc, { onStart: () => {}, onApplied: () => {} }, 1 << 20);
    const small = syncMessage(SyncStep.Step2, Y.encodeStateAsUpdate(plan(10)));
    const stepOne = syncMessage(SyncStep.Step1, Y.encodeStateVector(doc));
    slicing.take(event(small), provider.onMessage);
    slicing.take(event(stepOne), provider.onMessage);
    expect(delivered).toEqual([small, stepOne]);
    expect(tasksMap(doc).size).toBe(9);
  });

  it('reads the size to slice from as each message comes: a snapshot on its way to the screen goes first', async () => {
    const doc = new Y.Doc();
    const { provider, delivered } = fakeProvider(doc);
    let snapshotComing = true;
    let started = 0;
    const slicing = sliceBigSyncs(doc, { onStart: () => (started += 1), onApplied: () => {} }, () => (snapshotComing ? 0 : 1 << 20));
    // Small, but the snapshot is not painted yet: applied in slices, after the next frames, not in this task.
    slicing.take(event(syncMessage(SyncStep.Step2, Y.encodeStateAsUpdate(plan(10)))), provider.onMessage);
    expect(delivered).toEqual([]);
    await new Promise<void>((resolve) => {
      const wait = setInterval(() => delivered.length === 1 && (clearInterval(wait), resolve()), 5);
    });
    expect(started).toBe(1);
    expect(tasksMap(doc).size).toBe(9);
    // Once the chart shows the document, a small update goes straight through again.
    snapshotComing = false;
    const later = syncMessage(SyncStep.Step2, Y.encodeStateAsUpdate(plan(12)));
    slicing.take(event(later), provider.onMessage);
    expect(delivered[1]).toEqual(later);
    expect(started).toBe(1);
  });

  it('reads only sync step 2 messages as big ones', () => {
    const update = Y.encodeStateAsUpdate(plan(50));
    expect(bigSyncStepTwo(syncMessage(SyncStep.Step2, update), 100)?.update).toEqual(update);
    expect(bigSyncStepTwo(syncMessage(SyncStep.Update, update), 100)).toBeNull();
    expect(bigSyncStepTwo(new Uint8Array([1, 2]), 0)).toBeNull();
  });

  it('takes the messages of the socket class the provider opens, and hands them to its listener', async () => {
    const heard: unknown[] = [];
    const held: ((event: SocketMessage) => void)[] = [];
    const Socket = messagesThrough(EventTarget as unknown as typeof WebSocket, (event, deliver) => {
      if ((event.data as string) === 'later') held.push(() => deliver(event));
      else deliver(event);
    });
    const socket = new Socket('ws://planline.test/collab');
    const listener = (e: Event) => heard.push((e as MessageEvent).data);
    socket.addEventListener('message', listener);
    socket.dispatchEvent(new MessageEvent('message', { data: 'now' }));
    socket.dispatchEvent(new MessageEvent('message', { data: 'later' }));
    expect(heard).toEqual(['now']);
    held.forEach((deliver) => deliver({ data: 'later' }));
    expect(heard).toEqual(['now', 'later']);
    // Taken off, the listener hears nothing more.
    socket.removeEventListener('message', listener);
    socket.dispatchEvent(new MessageEvent('message', { data: 'gone' }));
    expect(heard).toEqual(['now', 'later']);
  });
});
