import type { IncomingMessage } from 'node:http';
import { CloseCode } from '@planline/domain';
import type { RawData, WebSocket } from 'ws';
import * as Y from 'yjs';
import type { RealtimeLogger } from './types.js';

/**
 * Limits on what one /collab connection may send (ARCHITECTURE §4), checked before Hocuspocus reads it:
 *
 * - awareness: a token bucket per connection. A drag publishes about 20 updates a second (the web throttles
 *   presence to one per 50 ms); a client that empties a bucket of two seconds' worth is flooding.
 * - malformed messages: a header that cannot be read, or a Yjs update or state vector that does not decode.
 *   Hocuspocus would log those and carry on (or apply half an update); we close.
 * - messages for a document that is not open: Hocuspocus queues them, unbounded, until auth passes, and for a
 *   refused document that is never. Past a small allowance the connection is closed.
 *
 * Abuse closes this connection only, with a close code of protocol.ts and a reason that says which limit.
 */
export const AWARENESS_MESSAGES_PER_SECOND = 30;
export const AWARENESS_BURST = 60;
/** Messages a client may send for a document before it is open (auth, sync step 1, awareness, a few edits). */
export const MAX_MESSAGES_BEFORE_OPEN = 64;
/** How long a closed abuser has to finish the close before its socket is cut. */
const CLOSE_GRACE_MS = 250;

// Hocuspocus 3 message types (and Yjs sync steps): the wire format of @hocuspocus/server.
const MESSAGE_SYNC = 0;
const MESSAGE_AWARENESS = 1;
const MESSAGE_AUTH = 2;
const SYNC_STEP_1 = 0;

export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly perSecond: number,
    private readonly capacity: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = capacity;
    this.last = now();
  }

  take(): boolean {
    const now = this.now();
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.last) / 1000) * this.perSecond);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

class Reader {
  private pos = 0;
  constructor(private readonly data: Uint8Array) {}
  uint(): number {
    let n = 0;
    for (let shift = 0; shift < 35; shift += 7) {
      if (this.pos >= this.data.length) throw new RangeError('message ends inside a number');
      const byte = this.data[this.pos++]!;
      n += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return n;
    }
    throw new RangeError('number too long');
  }
  bytes(): Uint8Array {
    const length = this.uint();
    if (this.pos + length > this.data.length) throw new RangeError('message ends inside a byte array');
    const out = this.data.subarray(this.pos, this.pos + length);
    this.pos += length;
    return out;
  }
  string(): string {
    return new TextDecoder('utf-8', { fatal: true }).decode(this.bytes());
  }
}

export type Verdict = { ok: true; document: string; type: number } | { ok: false; reason: string };

/** Reads a message's document and type, and checks that a Yjs payload decodes (without applying it). */
export function inspectMessage(data: Uint8Array): Verdict {
  try {
    const reader = new Reader(data);
    const document = reader.string();
    const type = reader.uint();
    if (type === MESSAGE_SYNC) {
      const step = reader.uint();
      const payload = reader.bytes();
      if (step === SYNC_STEP_1) Y.decodeStateVector(payload);
      else Y.decodeUpdate(payload);
    }
    return { ok: true, document, type };
  } catch {
    return { ok: false, reason: 'malformed message' };
  }
}

/** A view of the message's bytes (no copy, except for a fragmented message). */
const toBytes = (data: RawData): Uint8Array => {
  const buffer = Array.isArray(data) ? Buffer.concat(data) : data;
  return buffer instanceof ArrayBuffer ? new Uint8Array(buffer) : new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
};

const guards = new WeakMap<IncomingMessage, { refused(document: string): void }>();

/** Tells the guard of the connection made by `request` that a document was refused to it. */
export function documentRefused(request: IncomingMessage | undefined, document: string): void {
  if (request) guards.get(request)?.refused(document);
}

/**
 * Watches one /collab WebSocket; call before Hocuspocus takes it. Messages are judged as the socket emits them,
 * so a message over a limit never reaches Hocuspocus, and neither does anything after it.
 */
export function guardConnection(ws: WebSocket, request: IncomingMessage, logger: RealtimeLogger): void {
  const awareness = new TokenBucket(AWARENESS_MESSAGES_PER_SECOND, AWARENESS_BURST);
  const authSent = new Set<string>();
  const refused = new Set<string>();
  let beforeOpen = 0;
  let closed = false;

  const close = (code: number, reason: string) => {
    closed = true;
    logger.warn({ code, reason }, 'collab connection closed');
    ws.close(code, reason);
    // Read no more of a flood; cut the socket if the client does not finish the close.
    ws.pause();
    setTimeout(() => ws.terminate(), CLOSE_GRACE_MS).unref();
    return false;
  };

  const admit = (data: RawData): boolean => {
    if (closed) return false;
    const verdict = inspectMessage(toBytes(data));
    if (!verdict.ok) return close(CloseCode.BadMessage, verdict.reason);
    if (verdict.type === MESSAGE_AUTH) authSent.add(verdict.document);
    else if ((!authSent.has(verdict.document) || refused.has(verdict.document)) && ++beforeOpen > MAX_MESSAGES_BEFORE_OPEN) {
      return close(CloseCode.BadMessage, 'too many messages for a document that is not open');
    }
    if (verdict.type === MESSAGE_AWARENESS && !awareness.take()) return close(CloseCode.RateLimited, 'awareness rate limit exceeded');
    return true;
  };

  // ws reports a frame over maxPayload (and other protocol errors) as an 'error' event and then closes the
  // socket (1009 and so on); an 'error' event nobody listens to would throw and end the whole process.
  ws.on('error', (err) => logger.warn({ err: { message: err.message, code: (err as { code?: string }).code } }, 'collab socket error'));

  // Hocuspocus listens with ws.on('message'); judging at emit is the one place that can drop a message.
  const emit = ws.emit.bind(ws) as (event: string | symbol, ...args: unknown[]) => boolean;
  ws.emit = ((event: string | symbol, ...args: unknown[]) =>
    event === 'message' && !admit(args[0] as RawData) ? false : emit(event, ...args)) as typeof ws.emit;
  guards.set(request, { refused: (document) => refused.add(document) });
}
