import * as decoding from 'lib0/decoding';
import * as Y from 'yjs';

// Hocuspocus 3 message type of Yjs sync messages, and y-protocols' sync steps that carry an update.
const MESSAGE_SYNC = 0;
const SYNC_STEP_2 = 1;
const SYNC_UPDATE = 2;

/** The update a /collab message carries (a sync step 2 or an update), or null for any other message. */
export function updateOfMessage(message: Uint8Array): Uint8Array | null {
  const decoder = decoding.createDecoder(message);
  decoding.readVarString(decoder);
  if (decoding.readVarUint(decoder) !== MESSAGE_SYNC) return null;
  const step = decoding.readVarUint(decoder);
  return step === SYNC_STEP_2 || step === SYNC_UPDATE ? decoding.readVarUint8Array(decoder) : null;
}

/**
 * Whether applying `update` to `doc` would leave any of it pending (issue 34 item 3): structs whose clock starts
 * after what the document has of their client, structs that name an origin or parent the document and the update
 * lack, deletions of content the document does not have. Yjs holds such content back unjudged, yet encodes it
 * into every later first sync; a guest planted 500 KB updates that every newcomer then downloaded. This reads the
 * update the way Yjs integrates it (readUpdate: a client's structs in clock order, each after what is known).
 */
export function leavesPending(doc: Y.Doc, update: Uint8Array, queued: ReadonlyMap<number, number> = new Map()): boolean {
  return reachOf(doc, update, queued) === null;
}

/**
 * What the document will hold of each client the update names once it is applied (after `queued`: what updates
 * admitted before it, not yet applied, will add), or null when any of it would be left pending.
 */
export function reachOf(doc: Y.Doc, update: Uint8Array, queued: ReadonlyMap<number, number> = new Map()): Map<number, number> | null {
  const { structs, ds } = Y.decodeUpdate(update);
  const reach = new Map<number, number>();
  const held = heldBack(doc);
  const known = (client: number) =>
    reach.get(client) ?? Math.max(Y.getState(doc.store, client), queued.get(client) ?? 0, held.get(client) ?? 0);
  for (const struct of structs) {
    if (struct instanceof Y.Skip) continue;
    const { client, clock } = struct.id;
    const before = known(client);
    if (clock > before) return null;
    reach.set(client, Math.max(before, clock + struct.length));
  }
  const has = (id: Y.ID | null) => id === null || id.clock < known(id.client);
  for (const struct of structs) {
    if (!(struct instanceof Y.Item)) continue;
    if (!has(struct.origin) || !has(struct.rightOrigin) || (struct.parent instanceof Y.ID && !has(struct.parent))) return null;
  }
  for (const [client, deletions] of ds.clients) {
    const before = known(client);
    if (deletions.some((d) => d.clock + d.len > before)) return null;
  }
  return reach;
}

/**
 * What the document itself holds back as pending, by client (up to the end of its held structs and deletions).
 * A document loaded from before this check, or left with a gap by a lost cluster message, serves that content in
 * every first sync; clients then echo it back in their sync step 2. Refusing the echo would close every writer of
 * the project again and again, so it counts as known: nothing new reaches the pending set through it.
 */
function heldBack(doc: Y.Doc): Map<number, number> {
  const held = new Map<number, number>();
  const raise = (client: number, end: number) => held.set(client, Math.max(end, held.get(client) ?? 0));
  const pending = [doc.store.pendingStructs?.update, doc.store.pendingDs].filter((u): u is Uint8Array => u instanceof Uint8Array);
  // Yjs keeps what it holds back in its own (v2) update encoding.
  for (const update of pending) {
    const { structs, ds } = Y.decodeUpdateV2(update);
    for (const struct of structs) if (!(struct instanceof Y.Skip)) raise(struct.id.client, struct.id.clock + struct.length);
    for (const [client, deletions] of ds.clients) for (const d of deletions) raise(client, d.clock + d.len);
  }
  return held;
}

/**
 * Hocuspocus judges a connection's messages in an asynchronous hook and applies each after its own hook, so a
 * message can be judged before the one sent just before it is applied. What each connection's admitted updates
 * will add is kept here, and a later update is judged against it too.
 */
export class QueuedReach {
  private readonly reach = new Map<number, number>();

  /** Whether `update` may be applied after the ones admitted so far; if so, it counts as admitted. */
  admit(doc: Y.Doc, update: Uint8Array): boolean {
    const reach = reachOf(doc, update, this.reach);
    if (!reach) return false;
    for (const [client, clock] of reach) this.reach.set(client, Math.max(clock, this.reach.get(client) ?? 0));
    return true;
  }
}
