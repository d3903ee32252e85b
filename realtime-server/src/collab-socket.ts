import { EventEmitter } from 'node:events';
import type { MessageHeader, SyncBody } from '@planline/document';
import type { RawData, WebSocket } from 'ws';

/** What a filter has read of a message: its header, and a Sync message's step and payload (views of its bytes). */
export interface MessageRead extends MessageHeader {
  sync?: SyncBody;
}

/**
 * A message on its way through the filters: its bytes, and what an earlier filter read of them, so that the next
 * one need not read them again (the guard reads every message; nothing else should on the hot path). A filter
 * that rewrites a message passes no `read`: what was read is of the old bytes.
 */
export interface FilteredMessage {
  data: Uint8Array;
  read?: MessageRead;
}

/** Looks at one message from the browser: the message to pass on (the same, or rewritten), or null to drop it. */
export type MessageFilter = (message: FilteredMessage) => FilteredMessage | null;

/** A view of a message's bytes (no copy, except for a fragmented message). */
const toBytes = (data: RawData): Uint8Array => {
  const buffer = Array.isArray(data) ? Buffer.concat(data) : data;
  return buffer instanceof ArrayBuffer ? new Uint8Array(buffer) : new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
};

/**
 * The socket Hocuspocus is handed for one /collab connection (issue 35: no patches of other packages'
 * internals): the browser's WebSocket, with every message it sends passed through `filters` in order before
 * Hocuspocus hears of it. The connection guard judges each message there (and drops it, or rewrites presence), and
 * shared-full-state.ts turns a sync from nothing into a request of its own. Whatever Hocuspocus does to the socket
 * (send, close, ping) goes to the real one as it is.
 *
 * Hocuspocus 3 uses its socket only through ws's public surface: the 'message', 'close' and 'pong' events (with on,
 * once and removeListener), emit('message') to replay what it queued during auth, send (with a callback), close,
 * ping, readyState and binaryType (ClientConnection.ts and Connection.ts of @hocuspocus/server). This object has
 * those, and bufferedAmount. A replayed message has been through the filters already: it is not judged twice.
 */
export class CollabSocket extends EventEmitter {
  constructor(
    readonly socket: WebSocket,
    filters: readonly MessageFilter[],
  ) {
    super();
    socket.on('message', (data: RawData, isBinary: boolean) => {
      let message: FilteredMessage | null = { data: toBytes(data) };
      for (const filter of filters) {
        message = filter(message);
        if (message === null) return;
      }
      this.emit('message', message.data, isBinary);
    });
    socket.on('close', (code: number, reason: Buffer) => this.emit('close', code, reason));
    socket.on('pong', (data: Buffer) => this.emit('pong', data));
  }

  get readyState(): WebSocket['readyState'] {
    return this.socket.readyState;
  }

  get bufferedAmount(): number {
    return this.socket.bufferedAmount;
  }

  get binaryType(): WebSocket['binaryType'] {
    return this.socket.binaryType;
  }

  set binaryType(type: WebSocket['binaryType']) {
    this.socket.binaryType = type;
  }

  send(data: Uint8Array, callback?: (err?: Error) => void): void {
    this.socket.send(data, callback);
  }

  close(code?: number, reason?: string | Buffer): void {
    this.socket.close(code, reason);
  }

  ping(): void {
    this.socket.ping();
  }

  terminate(): void {
    this.socket.terminate();
  }

  /**
   * This object as the type Hocuspocus's handleConnection declares (ws's whole WebSocket class): it has the part of
   * it Hocuspocus uses, listed above; collab-socket.test.ts drives a real Hocuspocus through it.
   */
  forHocuspocus(): WebSocket {
    return this as unknown as WebSocket;
  }
}
