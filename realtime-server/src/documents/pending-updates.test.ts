import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { leavesPending } from './pending-updates.js';

/** A document of one client with two edits, and the updates of each. */
function twoEdits() {
  const author = new Y.Doc();
  author.getMap('tasks').set('a', 1);
  const first = Y.encodeStateAsUpdate(author);
  const between = Y.encodeStateVector(author);
  author.getMap('tasks').set('b', 2);
  return { author, first, second: Y.encodeStateAsUpdate(author, between), between };
}

describe('[pending-updates] an update that would wait for one the server lacks', () => {
  it('an update in order is not pending; the one after a gap is', () => {
    const { first, second } = twoEdits();
    const server = new Y.Doc();
    expect(leavesPending(server, second)).toBe(true);
    expect(leavesPending(server, first)).toBe(false);
    Y.applyUpdate(server, first);
    expect(leavesPending(server, second)).toBe(false);
    Y.applyUpdate(server, second);
    expect(server.store.pendingStructs).toBeNull();
  });

  it('a deletion of content the server does not have is pending', () => {
    const { author, first, second } = twoEdits();
    const server = new Y.Doc();
    Y.applyUpdate(server, first);
    Y.applyUpdate(server, second);
    const other = new Y.Doc();
    Y.applyUpdate(other, Y.encodeStateAsUpdate(author));
    other.getMap('tasks').set('c', 3);
    const unseen = Y.encodeStateVector(other);
    other.getMap('tasks').delete('c');
    const deletionOnly = Y.encodeStateAsUpdate(other, unseen);
    expect(leavesPending(server, deletionOnly)).toBe(true);
    Y.applyUpdate(server, deletionOnly);
    expect(server.store.pendingDs).not.toBeNull();
  });

  it('an item whose origin is another client\'s unknown content is pending', () => {
    const { author, first } = twoEdits();
    const server = new Y.Doc();
    Y.applyUpdate(server, first);
    const other = new Y.Doc();
    Y.applyUpdate(other, Y.encodeStateAsUpdate(author)); // knows 'b', which the server lacks
    const known = Y.encodeStateVector(other);
    other.getArray('list').insert(0, ['x']);
    other.getMap('tasks').set('b', 5); // replaces 'b': its origin is the author's item the server never got
    const update = Y.encodeStateAsUpdate(other, known);
    expect(leavesPending(server, update)).toBe(true);
    Y.applyUpdate(server, update);
    expect(server.store.pendingStructs).not.toBeNull();
  });

  it('what the document already holds back is not refused when a client echoes it, with its own edit on top', () => {
    const { author, second } = twoEdits();
    const server = new Y.Doc();
    Y.applyUpdate(server, second); // a gap: held back as pending (a stored document from before the check)
    expect(server.store.pendingStructs).not.toBeNull();
    // A browser got the pending content in its first sync, holds it back too, then edits on its own.
    const browser = new Y.Doc();
    Y.applyUpdate(browser, Y.encodeStateAsUpdate(server));
    browser.getMap('tasks').set('mine', 7);
    const echo = Y.encodeStateAsUpdate(browser, Y.encodeStateVector(server));
    expect(leavesPending(server, echo)).toBe(false);
    // Held back is not known for good: an update after a further gap is still refused.
    const beyond = new Y.Doc();
    Y.applyUpdate(beyond, Y.encodeStateAsUpdate(author));
    const seen = Y.encodeStateVector(beyond);
    beyond.getMap('tasks').set('c', 3);
    const gapStart = Y.encodeStateVector(beyond);
    beyond.getMap('tasks').set('d', 4);
    expect(leavesPending(server, Y.encodeStateAsUpdate(beyond, gapStart))).toBe(true);
    expect(leavesPending(server, Y.encodeStateAsUpdate(beyond, seen))).toBe(false);
  });
});
