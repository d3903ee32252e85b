import { MAX_PENDING_BYTES } from '@planline/domain';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { dropHeldBackOverCap, encodeIntegrated, heldBackBytes } from './held-back.js';

/** A server's document and two updates of one client: `second` builds on `first`, which the server lacks. */
function gap(bytes = 1000) {
  const server = new Y.Doc();
  server.getMap('tasks').set('kept', 'a');
  const author = new Y.Doc();
  Y.applyUpdate(author, Y.encodeStateAsUpdate(server));
  author.getMap('tasks').set('between', 'b');
  const between = Y.encodeStateVector(author);
  const first = Y.encodeStateAsUpdate(author, Y.encodeStateVector(server));
  author.getMap('tasks').set('planted', 'x'.repeat(bytes));
  const second = Y.encodeStateAsUpdate(author, between);
  return { server, first, second };
}

/** A deletion of content the server does not have: held back as a pending delete set. */
function unknownDeletion(server: Y.Doc): Uint8Array {
  const other = new Y.Doc();
  Y.applyUpdate(other, Y.encodeStateAsUpdate(server));
  other.getMap('tasks').set('unseen', 1);
  const unseen = Y.encodeStateVector(other);
  other.getMap('tasks').delete('unseen');
  return Y.encodeStateAsUpdate(other, unseen);
}

const holds = (update: Uint8Array, key: string) => {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, update);
  return { has: doc.getMap('tasks').has(key), waiting: doc.store.pendingStructs !== null || doc.store.pendingDs !== null };
};

describe('[held-back] content a document holds back for a missing update', () => {
  it('is left out of what is encoded, for a newcomer and for a client with a state, and stays held back', () => {
    const { server, second } = gap();
    Y.applyUpdate(server, second);
    Y.applyUpdate(server, unknownDeletion(server));
    expect(server.store.pendingStructs).not.toBeNull();
    expect(server.store.pendingDs).not.toBeNull();
    // What Yjs itself encodes: the held-back content goes to whoever asks.
    expect(holds(Y.encodeStateAsUpdate(server), 'planted').waiting).toBe(true);

    const full = encodeIntegrated(server);
    expect(holds(full, 'planted')).toEqual({ has: false, waiting: false });
    expect(full.length).toBeLessThan(100);
    const client = new Y.Doc();
    Y.applyUpdate(client, full);
    const diff = encodeIntegrated(server, Y.encodeStateVector(client));
    Y.applyUpdate(client, diff);
    expect(client.store.pendingStructs).toBeNull();
    expect(client.store.pendingDs).toBeNull();
    expect(client.getMap('tasks').toJSON()).toEqual({ kept: 'a' });
    // Still held back: the missing update integrates it.
    expect(heldBackBytes(server)).toBeGreaterThan(1000);
  });

  it('once the missing update arrives, what was held back is integrated and encoded', () => {
    const { server, first, second } = gap();
    Y.applyUpdate(server, second);
    Y.applyUpdate(server, first);
    expect(heldBackBytes(server)).toBe(0);
    expect(holds(encodeIntegrated(server), 'planted')).toEqual({ has: true, waiting: false });
  });

  it(`is dropped past MAX_PENDING_BYTES (${MAX_PENDING_BYTES}), and only then`, () => {
    const { server, first, second } = gap(MAX_PENDING_BYTES / 2);
    Y.applyUpdate(server, second);
    expect(dropHeldBackOverCap(server)).toBe(0);
    expect(server.store.pendingStructs).not.toBeNull();
    // A second client's content after a gap of its own takes the document over the cap.
    const more = gap(MAX_PENDING_BYTES / 2 + 1000);
    Y.applyUpdate(server, more.second);
    const bytes = heldBackBytes(server);
    expect(bytes).toBeGreaterThan(MAX_PENDING_BYTES);
    expect(dropHeldBackOverCap(server)).toBe(bytes);
    expect(heldBackBytes(server)).toBe(0);
    expect(server.store.pendingStructs).toBeNull();
    // Dropped for good: the missing update brings only itself.
    Y.applyUpdate(server, first);
    expect(server.getMap('tasks').has('planted')).toBe(false);
    expect(server.getMap('tasks').toJSON()).toEqual({ kept: 'a', between: 'b' });
  });
});
