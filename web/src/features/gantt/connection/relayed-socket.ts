/**
 * [document-host] The document's socket, opened by the page for the worker that holds the document: the worker's
 * provider gets a WebSocket look-alike (RelayedSocket) whose frames the page's real socket carries. So the socket
 * is the page's, as it always was (the browser's tools, proxies and tests see it there), while the document and
 * its decoding stay in the worker; a frame crosses as a transferred buffer, not a copy.
 */

import type { SocketEvent, SocketRequest } from './document-protocol';

export type { SocketEvent, SocketRequest };

const CONNECTING = 0;
const OPEN = 1;
const CLOSING = 2;
const CLOSED = 3;

/**
 * A class to give the provider as its WebSocketPolyfill: each instance asks the page (through `post`) to open a
 * socket, and takes its events from `deliver`.
 */
export function relayedSockets(post: (request: SocketRequest) => void) {
  const open = new Map<number, RelayedSocket>();
  let lastId = 0;

  class RelayedSocket extends EventTarget {
    static readonly CONNECTING = CONNECTING;
    static readonly OPEN = OPEN;
    static readonly CLOSING = CLOSING;
    static readonly CLOSED = CLOSED;
    readonly id = ++lastId;
    readyState = CONNECTING;
    binaryType: BinaryType = 'arraybuffer';

    constructor(readonly url: string) {
      super();
      open.set(this.id, this);
      post({ t: 'ws-open', id: this.id, url });
    }

    send(data: ArrayBuffer | ArrayBufferView): void {
      if (this.readyState === OPEN) post({ t: 'ws-send', id: this.id, data });
    }

    close(code?: number, reason?: string): void {
      if (this.readyState >= CLOSING) return;
      this.readyState = CLOSING;
      post({ t: 'ws-close', id: this.id, code, reason });
    }

    take(event: SocketEvent): void {
      if (event.type === 'open') {
        this.readyState = OPEN;
        this.dispatchEvent(new Event('open'));
      } else if (event.type === 'message') {
        this.dispatchEvent(new MessageEvent('message', { data: event.data }));
      } else if (event.type === 'error') {
        this.dispatchEvent(new Event('error'));
      } else if (event.type === 'close') {
        this.readyState = CLOSED;
        open.delete(this.id);
        this.dispatchEvent(Object.assign(new Event('close'), { code: event.code, reason: event.reason, wasClean: event.wasClean }));
      }
    }
  }

  return {
    WebSocket: RelayedSocket,
    deliver: (event: SocketEvent) => open.get(event.id)?.take(event),
  };
}

/** The page's side: real sockets for the worker's requests, their events sent back through `post`. */
export function socketRelay(post: (event: SocketEvent, transfer?: Transferable[]) => void) {
  const sockets = new Map<number, WebSocket>();
  return {
    handle(request: SocketRequest): void {
      if (request.t === 'ws-open') {
        const id = request.id;
        let socket: WebSocket;
        try {
          socket = new WebSocket(request.url);
        } catch {
          // Refused at once (a bad address, a blocked port): closed, as a failed connection is, so it is tried again.
          post({ t: 'ws-event', id, type: 'close', code: 1006, reason: '', wasClean: false });
          return;
        }
        socket.binaryType = 'arraybuffer';
        sockets.set(id, socket);
        socket.onopen = () => post({ t: 'ws-event', id, type: 'open' });
        socket.onerror = () => post({ t: 'ws-event', id, type: 'error' });
        socket.onmessage = ({ data }: MessageEvent<ArrayBuffer | string>) => {
          // The server sends binary frames only; a text frame would be no message of the protocol.
          if (data instanceof ArrayBuffer) post({ t: 'ws-event', id, type: 'message', data }, [data]);
        };
        socket.onclose = ({ code, reason, wasClean }) => {
          sockets.delete(id);
          post({ t: 'ws-event', id, type: 'close', code, reason, wasClean });
        };
        return;
      }
      const socket = sockets.get(request.id);
      if (!socket) return;
      if (request.t === 'ws-send') {
        if (socket.readyState === WebSocket.OPEN) socket.send(request.data);
      } else {
        socket.close(request.code, request.reason);
      }
    },
    /** Closes every socket (the worker is gone). */
    closeAll(): void {
      for (const socket of sockets.values()) socket.close();
      sockets.clear();
    },
  };
}
