import { MAX_PENDING_BYTES } from '@planline/domain';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { assertComparedYjs, dropHeldBackOverCap, encodeIntegrated, heldBackBytes, installedYjs, pinnedYjs, waitingForUpdates } from './held-back.js';

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
  return { has: doc.getMap('tasks').has(key), waiting: waitingForUpdates(doc) };
};

describe('[held-back] content a document holds back for a missing update', () => {
  it('is left out of what is encoded, for a newcomer and for a client with a state, and stays held back', () => {
    const { server, second } = gap();
    Y.applyUpdate(server, second);
    Y.applyUpdate(server, unknownDeletion(server));
    expect(waitingForUpdates(server)).toBe(true);
    // What Yjs itself encodes: the held-back content goes to whoever asks.
    expect(holds(Y.encodeStateAsUpdate(server), 'planted').waiting).toBe(true);

    const full = encodeIntegrated(server);
    expect(holds(full, 'planted')).toEqual({ has: false, waiting: false });
    expect(full.length).toBeLessThan(100);
    const client = new Y.Doc();
    Y.applyUpdate(client, full);
    const diff = encodeIntegrated(server, Y.encodeStateVector(client));
    Y.applyUpdate(client, diff);
    expect(waitingForUpdates(client)).toBe(false);
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
    expect(waitingForUpdates(server)).toBe(true);
    // A second client's content after a gap of its own takes the document over the cap.
    const more = gap(MAX_PENDING_BYTES / 2 + 1000);
    Y.applyUpdate(server, more.second);
    const bytes = heldBackBytes(server);
    expect(bytes).toBeGreaterThan(MAX_PENDING_BYTES);
    expect(dropHeldBackOverCap(server)).toBe(bytes);
    expect(heldBackBytes(server)).toBe(0);
    expect(waitingForUpdates(server)).toBe(false);
    // Dropped for good: the missing update brings only itself.
    Y.applyUpdate(server, first);
    expect(server.getMap('tasks').has('planted')).toBe(false);
    expect(server.getMap('tasks').toJSON()).toEqual({ kept: 'a', between: 'b' });
  });

  // The pin rule (issue 35): what these functions do by setting Yjs's pending content aside is what Yjs itself
  // gives for a document that never had that content, byte for byte, and a document keeps behaving as Yjs's own.
  describe('does what Yjs does for a document without the held-back content', () => {
    /** `server` and `twin` got the same updates, but the twin not those in `heldBack`. */
    function twins(bytes?: number) {
      const { server, first, second } = gap(bytes);
      const base = Y.encodeStateAsUpdate(server);
      const twin = new Y.Doc();
      Y.applyUpdate(twin, base);
      const deletion = unknownDeletion(server);
      for (const update of [second, deletion]) Y.applyUpdate(server, update);
      return { server, twin, base, first, second, deletion };
    }

    it('encodes as Yjs does when nothing is held back, whole and from a state vector', () => {
      const { server, first } = gap();
      Y.applyUpdate(server, first);
      expect(waitingForUpdates(server)).toBe(false);
      expect(encodeIntegrated(server)).toEqual(Y.encodeStateAsUpdate(server));
      const newcomer = Y.encodeStateVector(new Y.Doc());
      expect(encodeIntegrated(server, newcomer)).toEqual(Y.encodeStateAsUpdate(server, newcomer));
    });

    it('encodes, with content held back, the bytes Yjs encodes for the twin that never got it', () => {
      const { server, twin } = twins();
      expect(encodeIntegrated(server)).toEqual(Y.encodeStateAsUpdate(twin));
      const sv = Y.encodeStateVector(twin);
      expect(encodeIntegrated(server, sv)).toEqual(Y.encodeStateAsUpdate(twin, sv));
      expect(Y.encodeStateVector(server)).toEqual(sv);
    });

    it('leaves the held-back content as Yjs keeps it: the missing update integrates it as in a document that got all in order', () => {
      const { server, base, first, second, deletion } = twins();
      encodeIntegrated(server);
      Y.applyUpdate(server, first);
      const inOrder = new Y.Doc();
      Y.applyUpdate(inOrder, base);
      for (const update of [first, second, deletion]) Y.applyUpdate(inOrder, update);
      expect(server.getMap('tasks').toJSON()).toEqual(inOrder.getMap('tasks').toJSON());
      expect(Y.encodeStateVector(server)).toEqual(Y.encodeStateVector(inOrder));
      expect(waitingForUpdates(server)).toBe(waitingForUpdates(inOrder));
    });

    it('after a drop, is the document Yjs has for the twin that never got the dropped content, and goes on like it', () => {
      const { server, twin, first } = twins(MAX_PENDING_BYTES + 1000);
      expect(dropHeldBackOverCap(server)).toBeGreaterThan(MAX_PENDING_BYTES);
      expect(waitingForUpdates(server)).toBe(false);
      expect(Y.encodeStateAsUpdate(server)).toEqual(Y.encodeStateAsUpdate(twin));
      for (const doc of [server, twin]) Y.applyUpdate(doc, first);
      expect(Y.encodeStateAsUpdate(server)).toEqual(Y.encodeStateAsUpdate(twin));
      expect(server.getMap('tasks').toJSON()).toEqual(twin.getMap('tasks').toJSON());
    });

    it('refuses to start on a Yjs other than the one compared, and this one is it', () => {
      expect(installedYjs()).toBe(pinnedYjs());
      expect(() => assertComparedYjs()).not.toThrow();
      expect(() => assertComparedYjs('13.6.34', '13.6.33')).toThrow(/Yjs 13\.6\.34 is installed.*held-back\.test\.ts/);
    });
  });
});
