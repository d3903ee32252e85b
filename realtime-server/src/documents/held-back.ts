import { MAX_PENDING_BYTES } from '@planline/domain';
import * as Y from 'yjs';

/**
 * What a document holds back (issue 34 item 3). Yjs integrates an update only as far as what it builds on is there;
 * the rest (structs after a gap in their client's clock or naming an origin the document lacks, deletions of unknown
 * content) it keeps aside as pending and tries again with each later update. That content fires no 'update' event,
 * so it is never judged or stored, yet `Y.encodeStateAsUpdate` merges it into every encoding: a guest planted
 * 10 × 500 KB after a gap and every newcomer to a 5-task project downloaded 5 MB. Whatever the server sends or stores
 * is therefore encoded with `encodeIntegrated`, and what is held back is bounded by MAX_PENDING_BYTES.
 *
 * Held back content is not refused: a client's edit can legitimately arrive before its reconnect sync, and in scaled
 * mode a relayed update can be lost between processes until the catch-up (a refusal there closed clients again and
 * again and made the convergence soak diverge). Once the missing update arrives, Yjs integrates the rest, which
 * then fires 'update' and is judged, stored and sent like any edit.
 */

/** The bytes a document holds back: Yjs keeps its pending structs and deletions as (v2) updates. */
export function heldBackBytes(doc: Y.Doc): number {
  return (doc.store.pendingStructs?.update.length ?? 0) + (doc.store.pendingDs?.length ?? 0);
}

/**
 * `Y.encodeStateAsUpdate(doc, stateVector)` without what the document holds back: only integrated content, which
 * every transaction's 'update' reported (and the store judged). Yjs has no public way to leave pending content out,
 * so it is set aside for the (synchronous) encoding and put back untouched.
 */
export function encodeIntegrated(doc: Y.Doc, stateVector?: Uint8Array): Uint8Array {
  const store = doc.store;
  const { pendingStructs, pendingDs } = store;
  if (!pendingStructs && !pendingDs) return Y.encodeStateAsUpdate(doc, stateVector);
  store.pendingStructs = null;
  store.pendingDs = null;
  try {
    return Y.encodeStateAsUpdate(doc, stateVector);
  } finally {
    store.pendingStructs = pendingStructs;
    store.pendingDs = pendingDs;
  }
}

/**
 * Drops everything the document holds back once it is over MAX_PENDING_BYTES; answers the bytes dropped (0 when
 * under). Nothing integrated changes, so nothing needs to be told: an honest client whose edits these were sends
 * them again in its next sync (its sync step 2 holds all the server lacks), and a scaled process asks its peers.
 */
export function dropHeldBackOverCap(doc: Y.Doc): number {
  const bytes = heldBackBytes(doc);
  if (bytes <= MAX_PENDING_BYTES) return 0;
  doc.store.pendingStructs = null;
  doc.store.pendingDs = null;
  return bytes;
}
