import { MessageReceiver, OutgoingMessage, type Connection, type Document, type IncomingMessage } from '@hocuspocus/server';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
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

/** Whether a sync message is step 1 from a client with nothing: its state vector is the empty one. */
function isFromNothing(message: IncomingMessage): boolean {
  const peek = decoding.clone(message.decoder);
  if (decoding.readVarUint(peek) !== SYNC_STEP_1) return false;
  const stateVector = decoding.readVarUint8Array(peek);
  return stateVector.length === 1 && stateVector[0] === 0;
}

let installed = false;

/**
 * Makes Hocuspocus answer a sync step 1 from nothing with `encodedFullState`. It replaces the step-1 branch of
 * MessageReceiver#readSyncMessage (Hocuspocus 3.4, MessageReceiver.ts) for that case alone and does what it does:
 * the beforeSync hook, sync step 2 into the reply, and the server's own step 1. Every other message goes to
 * Hocuspocus's code. realtime-server/src/documents/shared-full-state.int.test.ts checks a client still syncs;
 * re-read the branch when upgrading Hocuspocus, and drop this when it caches (or lets a hook answer) itself.
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
    if (!isFromNothing(message)) return original.call(this, message, document, connection, reply, requestFirstSync);
    const type = message.readVarUint() as typeof SYNC_STEP_1;
    connection?.callbacks.beforeSync(connection, { type, payload: message.peekVarUint8Array() });
    message.readVarUint8Array();
    encoding.writeVarUint(message.encoder, SYNC_STEP_2);
    encoding.writeVarUint8Array(message.encoder, encodedFullState(document));
    if (reply && requestFirstSync) {
      reply(new OutgoingMessage(document.name).createSyncReplyMessage().writeFirstSyncStepFor(document).toUint8Array());
    } else if (connection) {
      connection.send(new OutgoingMessage(document.name).createSyncMessage().writeFirstSyncStepFor(document).toUint8Array());
    }
    return type;
  };
}
