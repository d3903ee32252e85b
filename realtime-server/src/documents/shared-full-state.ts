import { randomUUID } from 'node:crypto';
import type { onStatelessPayload } from '@hocuspocus/server';
import { CloseCode } from '@planline/domain';
import { encodeStatelessMessage, encodeSyncMessage, isEmptyStateVector, MessageType, readSyncMessage, SyncStep } from '@planline/document';
import * as Y from 'yjs';
import type { FilteredMessage } from '../collab-socket.js';
import { encodeIntegrated } from './held-back.js';

/**
 * The whole state of a document, encoded once per version of it and shared by every client that syncs from
 * nothing (issue 18). Hocuspocus 3 answers each client's sync step 1 with `Y.encodeStateAsUpdate(doc, theirs)`,
 * so N browsers opening a 100,000-task project had the server encode its ~50 MB state N times, each holding the
 * event loop for seconds. A client that has nothing (state vector `[0]`, every first visit) gets the same bytes
 * whoever it is, so those bytes are kept until the document next changes.
 *
 * Every answer to a sync step 1 leaves out what the document holds back (held-back.ts, issue 34 item 3): content
 * waiting for an update the server lacks was never judged, and Yjs would have served it to every newcomer.
 */

/** How long an encoded state is kept when no one asks for it again: it is as big as the document. */
const KEEP_UNUSED_MS = 60_000;

interface Kept {
  /** The sync step 2 that carries the state, as sent to every client that syncs from nothing. */
  message: Uint8Array;
  /** The state within it (a view of `message`). */
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

/**
 * The sync step 2 of the document's integrated state (`encodeIntegrated(doc)`), encoded once per version of it. What
 * it holds back is left out, so that coming and going (a drop, or its integration, which fires 'update') changes no
 * kept encoding. The message is kept, not only the state: at 100,000 tasks it is ~42 MB, and framing it again for
 * each newcomer was a copy of that size per open (1.4 s of the event loop on a busy machine).
 */
function fullStateAnswer(doc: Y.Doc & { name: string }): Kept {
  if (!watched.has(doc)) {
    watched.add(doc);
    // Any change ('update' fires for every transaction that changed something, deletions included) is a new version.
    doc.on('update', () => forget(doc));
    doc.on('destroy', () => forget(doc));
  }
  const entry = kept.get(doc);
  if (entry) {
    entry.timer.refresh();
    return entry;
  }
  const state = encodeIntegrated(doc);
  const message = encodeSyncMessage(doc.name, MessageType.Sync, SyncStep.Step2, state);
  const timer = setTimeout(() => forget(doc), KEEP_UNUSED_MS);
  timer.unref();
  const fresh = { message, state: message.subarray(message.length - state.length), timer };
  kept.set(doc, fresh);
  return fresh;
}

/** The encoding kept for the document's current version, if any (encodes nothing). */
export function keptFullState(doc: Y.Doc): Uint8Array | undefined {
  return kept.get(doc)?.state;
}

/**
 * What Hocuspocus is asked instead of a client's sync step 1: this prefix, then the client's state vector in
 * base64. The prefix holds a secret of this process, so a browser cannot send it itself (and ask for the document
 * past the connection guard's limits on sync requests).
 */
const SYNC_REQUEST = `planline:sync-request:${randomUUID()}:`;

/**
 * How the server answers every sync step 1 itself, through Hocuspocus's public hooks (issue 35: no patches of its
 * internals). Hocuspocus answers a step 1 with `Y.encodeStateAsUpdate(doc, theirs)` and lets no hook answer
 * instead; that encoding would be made again for every newcomer (issue 18) and would include what the document
 * holds back (held-back.ts, issue 34 item 3). So:
 *
 * 1. this filter of the CollabSocket (collab-socket.ts), after the connection guard has judged the message (and
 *    from what the guard read of it: the message is not read twice), turns a client's sync step 1 into a
 *    stateless message carrying SYNC_REQUEST and the client's state vector; every other message passes as it is. Hocuspocus treats it as any message: queued until the document is open to
 *    that connection (auth passed), then handed to the onStateless hook in its turn;
 * 2. answerSyncRequest, in that hook, answers it as Hocuspocus answers a step 1 on a connection (the step-1
 *    branch of MessageReceiver#readSyncMessage): the server's own step 1, then the step 2. From nothing, the step 2
 *    is `fullStateAnswer`'s message, shared; otherwise `encodeIntegrated(doc, theirs)`. Both are what
 *    `Y.encodeStateAsUpdate` would send, less what the document holds back.
 *
 * shared-full-state.int.test.ts checks that a client gets byte for byte what Hocuspocus itself sends, and nothing
 * held back. Hocuspocus would also run beforeSync hooks for the step 1; Planline has none.
 */
export function askForSyncAnswer(message: FilteredMessage): FilteredMessage {
  // What the guard read of the message (it reads every one), or, with no guard before this filter, its own reading.
  const { read } = message;
  const sync = read ? read.sync && { document: read.document, type: read.type, ...read.sync } : readSyncMessage(message.data);
  if (sync?.type !== MessageType.Sync || sync.step !== SyncStep.Step1) return message;
  return { data: encodeStatelessMessage(sync.document, SYNC_REQUEST + Buffer.from(sync.payload).toString('base64')) };
}

/** Hocuspocus's onStateless hook: answers askForSyncAnswer's request (true), or leaves the message alone. */
export function answerSyncRequest({ connection, document, payload }: Pick<onStatelessPayload, 'connection' | 'document' | 'payload'>): boolean {
  if (!payload.startsWith(SYNC_REQUEST)) return false;
  const stateVector = new Uint8Array(Buffer.from(payload.slice(SYNC_REQUEST.length), 'base64'));
  let answer: Uint8Array;
  try {
    answer = isEmptyStateVector(stateVector) ? fullStateAnswer(document).message : encodeSyncMessage(document.name, MessageType.Sync, SyncStep.Step2, encodeIntegrated(document, stateVector));
  } catch {
    // A state vector that does not parse: no client of ours sends one.
    connection.close({ code: CloseCode.BadMessage, reason: 'bad sync request' });
    return true;
  }
  connection.send(encodeSyncMessage(document.name, MessageType.Sync, SyncStep.Step1, Y.encodeStateVector(document)));
  connection.send(answer);
  return true;
}
