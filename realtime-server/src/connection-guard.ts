import type { IncomingMessage } from 'node:http';
import {
  CloseCode,
  MAX_DOCUMENT_UPDATE_BYTES,
  MAX_PRESENCE_CLIENTS_PER_CONNECTION,
  MAX_PRESENCE_STATE_BYTES,
  MAX_TASKS_PER_UPDATE,
  MAX_UNREAD_BYTES_BEFORE_SYNC,
  MAX_UNSENT_BYTES,
  parseProjectDocumentName,
  presenceActivitySchema,
  SYNC_REQUESTS_BURST,
  SYNC_REQUESTS_PER_MINUTE,
  UNSENT_BYTES_CHECK_MS,
  type PresenceActivity,
  type PresenceState,
} from '@planline/domain';
import { encodeAwarenessBody, encodeMessage, MessageType, readAwarenessBody, readMessage, readSyncBody, SyncStep, type AwarenessEntry } from '@planline/document';
import type { WebSocket } from 'ws';
import * as Y from 'yjs';
import type { FilteredMessage, MessageFilter, MessageRead } from './collab-socket.js';
import type { RealtimeLogger } from './logger.js';
import { TokenBucket } from './token-bucket.js';
import type { PreviewFeed } from './workload-preview.js';
import type { WriteBudgets } from './write-budgets.js';

export { TokenBucket } from './token-bucket.js';

/**
 * Limits on what one /collab connection may send (ARCHITECTURE §4), checked before Hocuspocus reads it:
 *
 * - awareness: a token bucket per connection. A drag publishes about 20 updates a second (the web throttles
 *   presence to one per 50 ms); a client that empties a bucket of two seconds' worth is flooding.
 * - malformed messages: a header that cannot be read, or a Yjs update or state vector that does not decode.
 *   Hocuspocus would log those and carry on (or apply half an update); we close.
 * - messages for a document that is not open: Hocuspocus queues them, unbounded, until auth passes, and for a
 *   refused document that is never. Past a small allowance the connection is closed.
 * - updates too large to judge promptly: more than MAX_DOCUMENT_UPDATE_BYTES, or adding more than
 *   MAX_TASKS_PER_UPDATE tasks. Judging and storing one such update held the event loop for seconds.
 * - tasks added too fast, and edits too fast: budgets per person and per project over all their connections
 *   (write-budgets.ts), so a client cannot repeat updates just under the cap to hold the event loop turn after
 *   turn, nor open more connections to get more.
 * - memory (issue 34): sync requests per connection are a token bucket, one arriving while earlier answers wait
 *   unread closes the connection, and a connection with more than MAX_UNSENT_BYTES waiting to be sent is cut.
 * - presence: each state's `user` becomes the signed-in person, an activity that does not parse is dropped, a
 *   state over MAX_PRESENCE_STATE_BYTES closes the connection, and one connection keeps at most a few states
 *   per document. Other browsers show presence as the server relays it, so nobody can appear as someone else.
 *
 * - a bar being dragged: its parsed activity, on a document open on this connection only (documentOpened), goes
 *   to the workload previews (workload-preview.ts), which bound their own work; a document refused or closed ends
 *   its drag.
 *
 * Abuse closes this connection only, with a close code of protocol.ts and a reason that says which limit.
 */
export const AWARENESS_MESSAGES_PER_SECOND = 30;
export const AWARENESS_BURST = 60;
/** Messages a client may send for a document before it is open (auth, sync step 1, awareness, a few edits). */
export const MAX_MESSAGES_BEFORE_OPEN = 64;
/** How long a closed abuser has to finish the close before its socket is cut. */
const CLOSE_GRACE_MS = 250;

export type Verdict =
  | { ok: true; read: MessageRead; document: string; type: number; body: Uint8Array; tasksAdded: number; syncRequest: boolean; carriesUpdate: boolean; catchUp: boolean }
  | { ok: false; reason: string; code?: number };

/** New Yjs types an update creates: in the schema only task maps are types, so this counts the tasks it adds. */
const newTypes = (update: Uint8Array) => Y.decodeUpdate(update).structs.filter((s) => s instanceof Y.Item && s.content instanceof Y.ContentType).length;

/**
 * Reads a message's document and type, and checks that a Yjs payload decodes (without applying it) and is
 * within the limits of one update. `body` is what follows the type.
 */
export function inspectMessage(data: Uint8Array): Verdict {
  try {
    const header = readMessage(data);
    const { document, type, body } = header;
    const read: MessageRead = header;
    let tasksAdded = 0;
    let syncRequest = false;
    let catchUp = false;
    if (type === MessageType.Sync) {
      read.sync = readSyncBody(body);
      const { step, payload } = read.sync;
      catchUp = step === SyncStep.Step2;
      syncRequest = step === SyncStep.Step1;
      if (syncRequest) Y.decodeStateVector(payload);
      else {
        if (payload.length > MAX_DOCUMENT_UPDATE_BYTES) return { ok: false, reason: 'update too large', code: CloseCode.UpdateTooLarge };
        tasksAdded = newTypes(payload);
        if (tasksAdded > MAX_TASKS_PER_UPDATE) return { ok: false, reason: 'update adds too many tasks', code: CloseCode.UpdateTooLarge };
      }
    }
    return { ok: true, read, document, type, body, tasksAdded, syncRequest, carriesUpdate: type === MessageType.Sync && !syncRequest, catchUp };
  } catch {
    return { ok: false, reason: 'malformed message' };
  }
}

/** Who is on the other end of a connection, as presence shows them. */
export interface PresenceIdentity {
  userId: string;
  name: string;
}

/**
 * One awareness message's states as the server relays them: `user` bound to `who` (keeping a colour the client
 * chose when it is one), activity kept only when it parses, nothing else. Client ids this connection has not
 * used before are taken while it holds fewer than the limit; states for others (a client's removal of a
 * teammate it timed out) pass only as removals. Null when a state is over the size limit.
 */
export function bindPresence(
  body: Uint8Array,
  who: PresenceIdentity,
  owned: Set<number>,
  onActivity?: (activity: PresenceActivity | null) => void,
): Uint8Array | null {
  const entries: AwarenessEntry[] = [];
  for (const { clientId, clock, json } of readAwarenessBody(body)) {
    if (json.length > MAX_PRESENCE_STATE_BYTES) return null;
    let state: unknown = null;
    try {
      state = JSON.parse(json);
    } catch {
      continue;
    }
    if (state === null) {
      entries.push({ clientId, clock, json: 'null' });
      if (owned.has(clientId)) onActivity?.(null);
      continue;
    }
    if (!owned.has(clientId)) {
      if (owned.size >= MAX_PRESENCE_CLIENTS_PER_CONNECTION) continue;
      owned.add(clientId);
    }
    const claimed = typeof state === 'object' ? (state as Record<string, unknown>) : {};
    const color = (claimed.user as { color?: unknown } | undefined)?.color;
    const activity = presenceActivitySchema.nullable().optional().safeParse(claimed.activity);
    const bound: PresenceState = {
      user: { id: who.userId, name: who.name.slice(0, 200), color: typeof color === 'string' && /^#[0-9a-fA-F]{6}$/.test(color) ? color : '#64748b' },
      activity: activity.success ? (activity.data ?? null) : null,
    };
    entries.push({ clientId, clock, json: JSON.stringify(bound) });
    onActivity?.(bound.activity ?? null);
  }
  return encodeAwarenessBody(entries);
}

/**
 * Whether a connection has stopped reading: more than MAX_UNSENT_BYTES waiting to be sent, and no less at each of
 * UNSENT_STUCK_CHECKS checks in a row. One message may be bigger than the limit by itself (the first sync of a
 * 100,000-task plan is ~36 MB, and ws counts it whole while it compresses it): a client that reads it sees the count
 * fall and is kept; one that reads nothing holds the count where it is, or raises it, and is cut a few seconds on.
 */
export class UnsentWatch {
  private last = 0;
  private stuck = 0;

  check(bufferedAmount: number): 'cut' | 'ok' {
    const over = bufferedAmount > MAX_UNSENT_BYTES;
    this.stuck = over && bufferedAmount >= this.last ? this.stuck + 1 : 0;
    this.last = bufferedAmount;
    return this.stuck >= UNSENT_STUCK_CHECKS ? 'cut' : 'ok';
  }
}
/** Checks (one a second) a connection over MAX_UNSENT_BYTES may read nothing before it is cut. */
export const UNSENT_STUCK_CHECKS = 5;

/**
 * The guarded sockets, for one timer over all of them: what waits to be sent to a client that stopped reading grows
 * with every teammate's edit, whether or not that client sends anything.
 */
const watchedSockets = new Map<WebSocket, () => void>();
let unsentCheck: NodeJS.Timeout | null = null;

function watchUnsent(ws: WebSocket, cut: () => void): void {
  const watch = new UnsentWatch();
  watchedSockets.set(ws, () => watch.check(ws.bufferedAmount) === 'cut' && cut());
  ws.once('close', () => {
    watchedSockets.delete(ws);
    if (watchedSockets.size || !unsentCheck) return;
    clearInterval(unsentCheck);
    unsentCheck = null;
  });
  unsentCheck ??= setInterval(() => {
    for (const check of watchedSockets.values()) check();
  }, UNSENT_BYTES_CHECK_MS).unref();
}

interface DocumentEvents {
  refused(document: string): void;
  opened(document: string): void;
  closed(document: string): void;
}
const guards = new WeakMap<IncomingMessage, DocumentEvents>();

/** Tells the guard of the connection made by `request` that a document was refused to it. */
export function documentRefused(request: IncomingMessage | undefined, document: string): void {
  if (request) guards.get(request)?.refused(document);
}

/**
 * Tells the guard of the connection made by `request` that a document is open on it (its authentication passed and
 * Hocuspocus made the connection), until `onClose` reports its end: closed by the client, by the server (access
 * lost: realtime-bus.ts), or with the socket.
 */
export function documentOpened(request: IncomingMessage | undefined, document: string, onClose: (closed: () => void) => void): void {
  const guard = request && guards.get(request);
  if (!guard) return;
  guard.opened(document);
  onClose(() => guard.closed(document));
}

/**
 * Watches one /collab WebSocket; the filter it returns goes first in the CollabSocket handed to Hocuspocus
 * (collab-socket.ts). Messages are judged as the socket emits them, so a message over a limit never reaches
 * Hocuspocus, and neither does anything after it; presence reaches it as bindPresence rewrote it.
 */
export function guardConnection(
  ws: WebSocket,
  request: IncomingMessage,
  logger: RealtimeLogger,
  who: PresenceIdentity,
  budgets: WriteBudgets,
  previews?: PreviewFeed,
): MessageFilter {
  const awareness = new TokenBucket(AWARENESS_MESSAGES_PER_SECOND, AWARENESS_BURST);
  const syncRequests = new TokenBucket(SYNC_REQUESTS_PER_MINUTE / 60, SYNC_REQUESTS_BURST);
  const authSent = new Set<string>();
  const refused = new Set<string>();
  /** Documents whose authentication passed on this connection and that are still open on it. */
  const opened = new Set<string>();
  const caughtUp = new Set<string>();
  const presenceClients = new Map<string, Set<number>>();
  let beforeOpen = 0;
  let closed = false;

  const close = (code: number, reason: string): null => {
    closed = true;
    logger.warn({ code, reason, userId: who.userId }, 'collab connection closed');
    ws.close(code, reason);
    // Read no more of a flood; cut the socket if the client does not finish the close.
    ws.pause();
    setTimeout(() => ws.terminate(), CLOSE_GRACE_MS).unref();
    return null;
  };

  /** The message to hand to Hocuspocus (rewritten, for presence), or null to drop it; with what was read of it. */
  const admit = ({ data }: FilteredMessage): FilteredMessage | null => {
    if (closed) return null;
    const verdict = inspectMessage(data);
    if (!verdict.ok) return close(verdict.code ?? CloseCode.BadMessage, verdict.reason);
    if (verdict.syncRequest) {
      if (ws.bufferedAmount > MAX_UNREAD_BYTES_BEFORE_SYNC) return close(CloseCode.NotReading, 'sync requested with earlier answers unread');
      if (!syncRequests.take()) return close(CloseCode.NotReading, 'sync requested too often');
    }
    if (verdict.type === MessageType.Auth) authSent.add(verdict.document);
    else if ((!authSent.has(verdict.document) || refused.has(verdict.document)) && ++beforeOpen > MAX_MESSAGES_BEFORE_OPEN) {
      return close(CloseCode.BadMessage, 'too many messages for a document that is not open');
    }
    // A connection's first sync step 2 for a document is its catch-up: what it did while away, edits a budget may
    // have refused on the connection before. Refusing it again would keep those edits off the server for as long as
    // the person keeps editing elsewhere (the convergence soak lost a client's tasks so); it is bounded by the
    // size limits above, and every later message pays.
    const firstCatchUp = verdict.catchUp && !caughtUp.has(verdict.document);
    if (firstCatchUp) caughtUp.add(verdict.document);
    if (verdict.carriesUpdate && !firstCatchUp && !budgets.edit(who.userId)) return close(CloseCode.TooManyChanges, 'too many changes');
    if (!firstCatchUp && verdict.tasksAdded > 0 && !budgets.addTasks(who.userId, parseProjectDocumentName(verdict.document) ?? verdict.document, verdict.tasksAdded)) return close(CloseCode.RateLimited, 'tasks added too fast');
    if (verdict.type !== MessageType.Awareness) return { data, read: verdict.read };
    if (!awareness.take()) return close(CloseCode.RateLimited, 'awareness rate limit exceeded');
    let owned = presenceClients.get(verdict.document);
    if (!owned) presenceClients.set(verdict.document, (owned = new Set()));
    let bound: Uint8Array | null;
    try {
      const document = verdict.document;
      // Only a document open on this connection feeds the previews: a state sent for one that was refused, closed
      // or never authenticated is relayed nowhere, and must not reach the teams of a project as a drag either.
      const feed = previews && opened.has(document) ? previews : undefined;
      bound = bindPresence(verdict.body, who, owned, feed && ((activity) => feed.activity(document, activity)));
    } catch {
      return close(CloseCode.BadMessage, 'malformed message');
    }
    if (!bound) return close(CloseCode.BadMessage, 'presence state too large');
    return { data: encodeMessage(verdict.document, verdict.type, bound) };
  };

  // ws reports a frame over maxPayload (and other protocol errors) as an 'error' event and then closes the
  // socket (1009 and so on); an 'error' event nobody listens to would throw and end the whole process.
  ws.on('error', (err) => logger.warn({ err: { message: err.message, code: (err as { code?: string }).code } }, 'collab socket error'));

  // A drag ends with its document: a document refused or closed (access lost) sends no more previews.
  const shut = (document: string) => {
    opened.delete(document);
    previews?.activity(document, null);
  };
  guards.set(request, {
    refused: (document) => {
      refused.add(document);
      shut(document);
    },
    opened: (document) => {
      refused.delete(document);
      opened.add(document);
    },
    closed: shut,
  });
  if (previews) ws.once('close', () => previews.close());
  watchUnsent(ws, () => {
    if (!closed) close(CloseCode.NotReading, 'too much unread');
  });
  return admit;
}
