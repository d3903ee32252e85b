import * as encoding from 'lib0/encoding';

/**
 * [wire] The messages of /collab as both ends write them, in one place for the server, the browser and the tests:
 * Hocuspocus 3's framing (a document name, a message type, a body) around y-protocols' sync and awareness
 * messages. wire.test.ts checks every constant and encoding here against @hocuspocus/server, @hocuspocus/provider
 * and y-protocols themselves, so an upgrade that changes the format fails there first.
 *
 *     message   = varString(document) varUint(type) body
 *     Sync body = varUint(step) varUint8Array(state vector | update)
 *     Awareness = varUint8Array(varUint(count) { varUint(clientId) varUint(clock) varString(JSON state) }*)
 *     Auth      = varUint(AuthMessage) varString(token | reason | scope)
 */

/** Hocuspocus 3's message types (@hocuspocus/server's MessageType). */
export const MessageType = {
  Sync: 0,
  Awareness: 1,
  Auth: 2,
  QueryAwareness: 3,
  /** A sync message that does not ask for the other side's step 1 in return. */
  SyncReply: 4,
  Stateless: 5,
  BroadcastStateless: 6,
  Close: 7,
  SyncStatus: 8,
} as const;

/** y-protocols' sync steps (messageYjsSyncStep1, messageYjsSyncStep2, messageYjsUpdate). */
export const SyncStep = { Step1: 0, Step2: 1, Update: 2 } as const;

/** The sub-types of an Auth message (@hocuspocus/common's AuthMessageType). */
export const AuthMessage = { Token: 0, PermissionDenied: 1, Authenticated: 2 } as const;

/** The state vector of a client that has nothing: no clients. */
export const EMPTY_STATE_VECTOR: Uint8Array = Uint8Array.of(0);

/** lib0's decoder: not UTF-8 throws, and a leading byte order mark is kept, so both ends read the same name. */
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * A strict reader of the format above, for bytes nobody has checked yet (the server reads every message with it
 * before Hocuspocus does): a number or a length that runs past the end of the message throws, a number longer
 * than five bytes throws, and so does a string that is not UTF-8, as in lib0.
 */
export class WireReader {
  private pos = 0;
  constructor(private readonly data: Uint8Array) {}
  get position(): number {
    return this.pos;
  }
  /** Whether everything has been read. */
  get done(): boolean {
    return this.pos >= this.data.length;
  }
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
    return utf8.decode(this.bytes());
  }
  /** What is left, unread (a view). */
  rest(): Uint8Array {
    const out = this.data.subarray(this.pos);
    this.pos = this.data.length;
    return out;
  }
}

export interface MessageHeader {
  document: string;
  type: number;
  /** What follows the type (a view of the message). */
  body: Uint8Array;
}

/** A message's document, type and body; throws when the header cannot be read. */
export function readMessage(data: Uint8Array): MessageHeader {
  const reader = new WireReader(data);
  const document = reader.string();
  const type = reader.uint();
  return { document, type, body: reader.rest() };
}

export interface SyncBody {
  step: number;
  /** A state vector for step 1, an update for step 2 and updates (a view of the message). */
  payload: Uint8Array;
}

/** The step and payload of a Sync (or SyncReply) message's body; throws when it cannot be read. */
export function readSyncBody(body: Uint8Array): SyncBody {
  const reader = new WireReader(body);
  const step = reader.uint();
  return { step, payload: reader.bytes() };
}

export interface SyncMessage extends MessageHeader, SyncBody {}

/** A Sync or SyncReply message, read; null for any other message or one that cannot be read. */
export function readSyncMessage(data: Uint8Array): SyncMessage | null {
  try {
    const header = readMessage(data);
    if (header.type !== MessageType.Sync && header.type !== MessageType.SyncReply) return null;
    return { ...header, ...readSyncBody(header.body) };
  } catch {
    return null;
  }
}

export interface AuthBody {
  /** An AuthMessage: the provider's token, or the server's answer. */
  answer: number;
  /** The token, the reason of a refusal, or the scope granted ('readonly', 'read-write'). */
  text: string;
}

/** The sub-type and text of an Auth message's body; throws when it cannot be read. */
export function readAuthBody(body: Uint8Array): AuthBody {
  const reader = new WireReader(body);
  return { answer: reader.uint(), text: reader.string() };
}

/** Whether a state vector is the one of a client that has nothing. */
export const isEmptyStateVector = (stateVector: Uint8Array): boolean => stateVector.length === 1 && stateVector[0] === 0;

/** A message of `document` and `type` with `body` as it is (already encoded). */
export function encodeMessage(document: string, type: number, body: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarString(encoder, document);
  encoding.writeVarUint(encoder, type);
  encoding.writeUint8Array(encoder, body);
  return encoding.toUint8Array(encoder);
}

/**
 * A y-protocols sync `step` under `messageType` (Sync, or SyncReply): a state vector for step 1, else an update.
 * The payload is copied once, into a message of its final size: lib0's encoder would copy a big one twice, into a
 * buffer of its own and then into the result (a 100,000-task document's state is ~42 MB).
 */
export function encodeSyncMessage(document: string, messageType: number, step: number, payload: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarString(encoder, document);
  encoding.writeVarUint(encoder, messageType);
  encoding.writeVarUint(encoder, step);
  encoding.writeVarUint(encoder, payload.byteLength);
  const head = encoding.toUint8Array(encoder);
  const message = new Uint8Array(head.length + payload.byteLength);
  message.set(head);
  message.set(payload, head.length);
  return message;
}

/** The provider's first message for a document: its token (Planline's is ignored: the session cookie decides). */
export function encodeAuthToken(document: string, token: string): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarString(encoder, document);
  encoding.writeVarUint(encoder, MessageType.Auth);
  encoding.writeVarUint(encoder, AuthMessage.Token);
  encoding.writeVarString(encoder, token);
  return encoding.toUint8Array(encoder);
}

/** A stateless message: a string for the other side's onStateless. */
export function encodeStatelessMessage(document: string, payload: string): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarString(encoder, document);
  encoding.writeVarUint(encoder, MessageType.Stateless);
  encoding.writeVarString(encoder, payload);
  return encoding.toUint8Array(encoder);
}

/** One client's entry in an awareness update: its state as JSON text (`'null'` removes the client). */
export interface AwarenessEntry {
  clientId: number;
  clock: number;
  json: string;
}

/** The entries of an Awareness message's body (the update, as a byte array); throws when it cannot be read. */
export function readAwarenessBody(body: Uint8Array): AwarenessEntry[] {
  const reader = new WireReader(new WireReader(body).bytes());
  const entries: AwarenessEntry[] = [];
  for (let count = reader.uint(); count > 0; count--) entries.push({ clientId: reader.uint(), clock: reader.uint(), json: reader.string() });
  return entries;
}

/** A y-protocols awareness update of `entries` (what `encodeAwarenessUpdate` writes). */
export function encodeAwarenessUpdate(entries: readonly AwarenessEntry[]): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, entries.length);
  for (const { clientId, clock, json } of entries) {
    encoding.writeVarUint(encoder, clientId);
    encoding.writeVarUint(encoder, clock);
    encoding.writeVarString(encoder, json);
  }
  return encoding.toUint8Array(encoder);
}

/** An Awareness message's body carrying `entries`. */
export function encodeAwarenessBody(entries: readonly AwarenessEntry[]): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint8Array(encoder, encodeAwarenessUpdate(entries));
  return encoding.toUint8Array(encoder);
}
