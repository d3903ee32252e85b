import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { limitSyncMessages, type LimiterClock, type SyncLimits } from './sync-limits.js';
import { readTask, tasksMap, writeTask } from './task-document.js';
import { cutUpdate, newTypeCount } from './update-slices.js';
import { encodeMessage, encodeSyncMessage, MessageType, readSyncMessage, SyncStep } from './wire.js';

const NAME = 'project:00000000-0000-4000-8000-000000000001';
const LIMITS: SyncLimits = { maxBytes: 4096, maxTypes: 10, typesPerSecond: 20, typesBurst: 20 };

/** A plan the server holds, and a client that edited it offline as two page loads (two client ids). */
function offlineEdits(): { server: Y.Doc; client: Y.Doc; ids: string[] } {
  const server = new Y.Doc();
  const ids = Array.from({ length: 60 }, () => randomUUID());
  server.transact(() => ids.forEach((id, i) => writeTask(server, id, { name: `Task ${i}`, startDate: '2026-01-05', endDate: '2026-01-09', progress: 0 })));
  const client = new Y.Doc();
  Y.applyUpdate(client, Y.encodeStateAsUpdate(server));
  for (const load of [0, 1]) {
    const page = new Y.Doc();
    Y.applyUpdate(page, Y.encodeStateAsUpdate(client));
    page.transact(() => {
      ids.forEach((id, i) => writeTask(page, id, { name: `Renamed ${load} ${i} ${'x'.repeat(200)}`, progress: 10 + load }));
      // Tasks made (an undone deletion, say), some deleted.
      for (let i = 0; i < 15; i++) writeTask(page, randomUUID(), { name: `New ${load} ${i}`, startDate: '2026-02-02', endDate: '2026-02-03' });
      tasksMap(page).delete(ids[load]!);
    });
    Y.applyUpdate(client, Y.encodeStateAsUpdate(page));
  }
  return { server, client, ids };
}

const syncMessage = (step: number, update: Uint8Array) => encodeSyncMessage(NAME, MessageType.Sync, step, update);

function readMessage(message: Uint8Array): { name: string; type: number; step: number; update: Uint8Array } {
  const sync = readSyncMessage(message);
  if (!sync) throw new Error('not a sync message');
  return { name: sync.document, type: sync.type, step: sync.step, update: sync.payload };
}

const asJson = (doc: Y.Doc) => JSON.stringify(Object.fromEntries([...tasksMap(doc).keys()].sort().map((id) => [id, readTask(doc, id)])));

describe('cutUpdate', () => {
  it('[sync-limits] cuts an update into updates within the limits that make the same document, in order', () => {
    const { server, client } = offlineEdits();
    const update = Y.encodeStateAsUpdate(client, Y.encodeStateVector(server));
    expect(update.byteLength).toBeGreaterThan(LIMITS.maxBytes * 4);
    // The 30 new tasks, and the one the second load wrote to after the first had deleted it.
    expect(newTypeCount(update)).toBe(31);

    const pieces = cutUpdate(update, LIMITS);
    expect(pieces.length).toBeGreaterThan(5);
    for (const piece of pieces) {
      expect(piece.byteLength).toBeLessThanOrEqual(LIMITS.maxBytes);
      expect(newTypeCount(piece)).toBeLessThanOrEqual(LIMITS.maxTypes);
    }
    pieces.forEach((piece) => Y.applyUpdate(server, piece));
    expect(server.store.pendingStructs).toBeNull();
    expect(server.store.pendingDs).toBeNull();
    expect(asJson(server)).toBe(asJson(client));
  });

  it('leaves an update within the limits as it is', () => {
    const { server, client } = offlineEdits();
    const update = Y.encodeStateAsUpdate(client, Y.encodeStateVector(server));
    expect(cutUpdate(update, { maxBytes: update.byteLength, maxTypes: 31 })).toEqual([update]);
    // One type too many is cut too.
    expect(cutUpdate(update, { maxBytes: update.byteLength, maxTypes: 30 }).length).toBeGreaterThan(1);
  });
});

describe('limitSyncMessages', () => {
  /** A clock the test moves: `later` runs once `now` has passed its time. */
  function fakeClock() {
    let now = 0;
    const timers: { at: number; run: () => void }[] = [];
    const clock: LimiterClock = { now: () => now, later: (run, ms) => void timers.push({ at: now + ms, run }) };
    const advance = (ms: number) => {
      now += ms;
      for (const timer of timers.splice(0).sort((a, b) => a.at - b.at)) {
        if (timer.at <= now) timer.run();
        else timers.push(timer);
      }
    };
    return { clock, advance };
  }

  it('[sync-limits] sends a sync step 2 over the limits as updates within them, new tasks paced, and holds later messages behind', () => {
    const { server, client } = offlineEdits();
    const sent: Uint8Array[] = [];
    const { clock, advance } = fakeClock();
    const send = limitSyncMessages((m) => sent.push(m), LIMITS, clock);
    const stepTwo = syncMessage(SyncStep.Step2, Y.encodeStateAsUpdate(client, Y.encodeStateVector(server)));
    const awareness = encodeMessage(NAME, MessageType.Awareness, Uint8Array.of(0));
    send(stepTwo);
    send(awareness);

    // The bucket holds 20 new tasks: what adds more waits for it, and the awareness message waits behind.
    const sentAtOnce = sent.length;
    expect(sent.map((m) => newTypeCount(readMessage(m).update)).reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(20);
    expect(sent).not.toContainEqual(awareness);
    for (let i = 0; i < 20; i++) advance(100);
    expect(sent.length).toBeGreaterThan(sentAtOnce);
    expect(sent.at(-1)).toEqual(awareness);

    const updates = sent.slice(0, -1).map(readMessage);
    expect(updates.every((m) => m.name === NAME && m.type === MessageType.Sync && m.step === SyncStep.Update && m.update.byteLength <= LIMITS.maxBytes)).toBe(true);
    updates.forEach((m) => Y.applyUpdate(server, m.update));
    expect(asJson(server)).toBe(asJson(client));
  });

  it('sends messages within the limits at once and unchanged', () => {
    const sent: Uint8Array[] = [];
    const send = limitSyncMessages((m) => sent.push(m), LIMITS, fakeClock().clock);
    const doc = new Y.Doc();
    writeTask(doc, randomUUID(), { name: 'One', startDate: '2026-01-05', endDate: '2026-01-05' });
    const small = syncMessage(SyncStep.Update, Y.encodeStateAsUpdate(doc));
    const stepOne = syncMessage(SyncStep.Step1, Y.encodeStateVector(doc));
    send(small);
    send(stepOne);
    expect(sent).toEqual([small, stepOne]);
  });
});
