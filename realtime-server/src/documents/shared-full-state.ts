import { MessageReceiver, OutgoingMessage, type Connection, type Document, type IncomingMessage } from '@hocuspocus/server';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import type * as Y from 'yjs';
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
/** y-protocols sync message types (the wire format both ends speak). */
const SYNC_STEP_1 = 0;
const SYNC_STEP_2 = 1;

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

/**
 * The document's integrated state (`encodeIntegrated(doc)`), encoded once per version of it. What it holds back is
 * left out, so that coming and going (a drop, or its integration, which fires 'update') changes no kept encoding.
 */
export function encodedFullState(doc: Y.Doc): Uint8Array {
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
  const state = encodeIntegrated(doc);
  const timer = setTimeout(() => forget(doc), KEEP_UNUSED_MS);
  timer.unref();
  kept.set(doc, { state, timer });
  return state;
}

/** The encoding kept for the document's current version, if any (encodes nothing). */
export function keptFullState(doc: Y.Doc): Uint8Array | undefined {
  return kept.get(doc)?.state;
}

/** Whether a sync message is a step 1 (a client asking for what it lacks). */
function isSyncStep1(message: IncomingMessage): boolean {
  return decoding.readVarUint(decoding.clone(message.decoder)) === SYNC_STEP_1;
}

/** Whether a state vector is the empty one: the client has nothing. */
const isNothing = (stateVector: Uint8Array) => stateVector.length === 1 && stateVector[0] === 0;

let installed = false;

/**
 * Makes Hocuspocus answer a sync step 1 from nothing with `encodedFullState`, and any other sync step 1 with
 * `encodeIntegrated` (y-protocols' readSyncStep1 encodes with `Y.encodeStateAsUpdate`, held-back content included).
 * It replaces the step-1 branch of MessageReceiver#readSyncMessage (Hocuspocus 3.4, MessageReceiver.ts) and does
 * what it does: the beforeSync hook, sync step 2 into the reply, and the server's own step 1. Every other message
 * goes to Hocuspocus's code. realtime-server/src/documents/shared-full-state.int.test.ts checks a client still
 * syncs and gets nothing held back; re-read the branch when upgrading Hocuspocus, and drop this when it caches (or
 * lets a hook answer) itself.
 */
export function shareEncodedFullState(): void {
  if (installed) return;
  installed = true;
  const original = MessageReceiver.prototype.readSyncMessage;
  MessageReceiver.prototype.readSyncMessage = function readSyncMessage(
    this: MessageReceiver,
    message: IncomingMessage,
    document: Document,
    connection?: Connection,
    reply?: (message: Uint8Array) => void,
    requestFirstSync = true,
  ) {
    if (!isSyncStep1(message)) return original.call(this, message, document, connection, reply, requestFirstSync);
    const type = message.readVarUint() as typeof SYNC_STEP_1;
    connection?.callbacks.beforeSync(connection, { type, payload: message.peekVarUint8Array() });
    const stateVector = message.readVarUint8Array();
    encoding.writeVarUint(message.encoder, SYNC_STEP_2);
    encoding.writeVarUint8Array(message.encoder, isNothing(stateVector) ? encodedFullState(document) : encodeIntegrated(document, stateVector));
    if (reply && requestFirstSync) {
      reply(new OutgoingMessage(document.name).createSyncReplyMessage().writeFirstSyncStepFor(document).toUint8Array());
    } else if (connection) {
      connection.send(new OutgoingMessage(document.name).createSyncMessage().writeFirstSyncStepFor(document).toUint8Array());
    }
    return type;
  };
}
