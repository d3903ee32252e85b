import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
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
 *
 * Yjs has no public way to tell, leave out or drop what a document holds back, so this file (and only this file:
 * scripts/check-no-private.mjs allows it alone) reads and sets the store's `pendingStructs` and `pendingDs`. That is
 * the pin rule of issue 35: realtime-server/package.json pins Yjs to the release held-back.test.ts compares these
 * functions with (against Yjs's own encoding of a document that never had the held-back content), and the server
 * refuses to start on any other (`assertComparedYjs`).
 */

/** Stops the server when the Yjs it runs is not the release this file was compared with (realtime-server/package.json). */
export function assertComparedYjs(installed = installedYjs(), pinned = pinnedYjs()): void {
  if (installed !== pinned) {
    throw new Error(
      `realtime-server: Yjs ${installed} is installed, but documents/held-back.ts reads Yjs's held-back (pending) content as Yjs ${pinned} keeps it ` +
        `(realtime-server/package.json). Run realtime-server/src/documents/held-back.test.ts against ${installed}, then pin it.`,
    );
  }
}

const packageVersion = (path: string) => (JSON.parse(readFileSync(path, 'utf8')) as { version: string }).version;
/** The Yjs this package imports, as Node resolves it from here. */
export const installedYjs = () => packageVersion(createRequire(import.meta.url).resolve('yjs/package.json'));
/** The Yjs release realtime-server/package.json names exactly. */
export const pinnedYjs = () =>
  (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { dependencies: Record<string, string> }).dependencies.yjs!;

/**
 * An update can arrive before one it builds on: a client sends a new edit before its reconnect sync has sent
 * the older ones, or (scaled mode) Redis lost a message and its sender resends it. Yjs then applies its
 * deletions but holds its new values back, so a field of a task reads as missing until the earlier update lands.
 */
export const waitingForUpdates = (doc: Y.Doc) => doc.store.pendingStructs !== null || doc.store.pendingDs !== null;


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
