import { randomUUID } from 'node:crypto';
import type { onStatelessPayload } from '@hocuspocus/server';
import { encodeStatelessMessage, encodeSyncMessage, isEmptyStateVector, MessageType, readSyncMessage, SyncStep } from '@planline/document';
import * as Y from 'yjs';

/**
 * The whole state of a document, encoded once per version of it and shared by every client that syncs from
 * nothing (issue 18). Hocuspocus 3 answers each client's sync step 1 with `Y.encodeStateAsUpdate(doc, theirs)`,
 * so N browsers opening a 100,000-task project had the server encode its ~50 MB state N times, each holding the
 * event loop for seconds. A client that has nothing (state vector `[0]`, every first visit) gets the same bytes
 * whoever it is, so those bytes are kept until the document next changes.
 */

/** How long an encoded state is kept when no one asks for it again: it is as big as the document. */
const KEEP_UNUSED_MS = 60_000;

interface Kept {
  state: Uint8Array;
  timer: ReturnType<typeof setTimeout>;
}

const kept = new WeakMap<Y.Doc, Kept>();
const watched = new WeakSet<Y.Doc>();

function forget(doc: Y.Doc): void {
  const entry = kept.get(doc);
  if (!entry) return;
  clearTimeout(entry.timer);
  kept.delete(doc);
}

/** `Y.encodeStateAsUpdate(doc)`, encoded once per version of the document. */
export function encodedFullState(doc: Y.Doc): Uint8Array {
  // Updates waiting for a missing one are part of an encoding but change without an 'update' event: not kept.
  if (doc.store.pendingStructs || doc.store.pendingDs) return Y.encodeStateAsUpdate(doc);
  if (!watched.has(doc)) {
    watched.add(doc);
    // Any change ('update' fires for every transaction that changed something, deletions included) is a new version.
    doc.on('update', () => forget(doc));
    doc.on('destroy', () => forget(doc));
  }
  const entry = kept.get(doc);
  if (entry) {
    entry.timer.refresh();
    return entry.state;
  }
  const state = Y.encodeStateAsUpdate(doc);
  const timer = setTimeout(() => forget(doc), KEEP_UNUSED_MS);
  timer.unref();
  kept.set(doc, { state, timer });
  return state;
}

/** The encoding kept for the document's current version, if any (encodes nothing). */
export function keptFullState(doc: Y.Doc): Uint8Array | undefined {
  return kept.get(doc)?.state;
}

/**
 * What Hocuspocus is asked instead of a sync step 1 from nothing. It holds a secret of this process, so a browser
 * cannot send it itself (and ask for the whole document past the connection guard's limits on sync requests).
 */
const SYNC_FROM_NOTHING = `planline:sync-from-nothing:${randomUUID()}`;

/**
 * How the server serves `encodedFullState` through Hocuspocus's public hooks (issue 35: no patches of its
 * internals). Hocuspocus answers a sync step 1 with an encoding of its own and lets no hook answer instead, so:
 *
 * 1. this filter of the CollabSocket (collab-socket.ts), after the connection guard has judged the message, turns
 *    a client's sync step 1 from nothing (its state vector is the empty one) into a stateless message carrying
 *    SYNC_FROM_NOTHING; every other message passes as it is. Hocuspocus treats it as any message: queued until
 *    the document is open to that connection (auth passed), then handed to the onStateless hook in its turn;
 * 2. answerSyncFromNothing, in that hook, answers it as Hocuspocus answers a step 1 on a connection (the step-1
 *    branch of MessageReceiver#readSyncMessage): the server's own step 1, then the step 2, which is
 *    `encodedFullState`, the same bytes `Y.encodeStateAsUpdate(doc, [0])` would be.
 *
 * shared-full-state.int.test.ts checks that a client gets byte for byte what Hocuspocus itself sends. Hocuspocus
 * would also run beforeSync hooks for the step 1; Planline has none.
 */
export function askForSharedFullState(data: Uint8Array): Uint8Array {
  const sync = readSyncMessage(data);
  if (sync?.type !== MessageType.Sync || sync.step !== SyncStep.Step1 || !isEmptyStateVector(sync.payload)) return data;
  return encodeStatelessMessage(sync.document, SYNC_FROM_NOTHING);
}

/** Hocuspocus's onStateless hook: answers askForSharedFullState's request (true), or leaves the message alone. */
export function answerSyncFromNothing({ connection, document, payload }: Pick<onStatelessPayload, 'connection' | 'document' | 'payload'>): boolean {
  if (payload !== SYNC_FROM_NOTHING) return false;
  connection.send(encodeSyncMessage(document.name, MessageType.Sync, SyncStep.Step1, Y.encodeStateVector(document)));
  connection.send(encodeSyncMessage(document.name, MessageType.Sync, SyncStep.Step2, encodedFullState(document)));
  return true;
}
