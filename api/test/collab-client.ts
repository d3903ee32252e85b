import { COLLAB_PATH, projectDocumentName, sendOnlyOwnAwareness } from '@planline/domain';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { limitSyncMessages } from '@planline/document';
import WebSocket from 'ws';
import * as Y from 'yjs';

export interface DocClient {
  doc: Y.Doc;
  provider: HocuspocusProvider;
  synced: Promise<void>;
  close(): void;
}

/** The WebSocket a browser opens to /collab, with the session cookie; several documents may share it. */
export function openCollabSocket(baseUrl: string, cookie: string): HocuspocusProviderWebsocket {
  class CookieWebSocket extends WebSocket {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols, { headers: { cookie } });
      // The provider gives up on a slow attempt by closing a socket that is still connecting, after taking its
      // own handlers off; `ws` (unlike a browser) then emits 'error', which with no listener ends the process.
      this.on('error', () => {});
    }
  }
  return new HocuspocusProviderWebsocket({
    url: baseUrl.replace(/^http/, 'ws') + COLLAB_PATH,
    WebSocketPolyfill: CookieWebSocket,
    // Reconnect quickly: tests restart servers under open clients.
    delay: 100,
    maxDelay: 500,
    minDelay: 100,
    factor: 1.5,
  });
}

/**
 * A project document opened the way a browser opens it: Hocuspocus provider, session cookie, /collab; on a
 * socket of its own unless `shared` is given. `limitSync` sends as the web app does (sync-limits.ts: big updates
 * cut to the server's limits); without it the client sends what it has as one message, as a modified one could.
 */
export function openProjectDocument(
  baseUrl: string,
  cookie: string,
  projectId: string,
  shared?: HocuspocusProviderWebsocket,
  options: { doc?: Y.Doc; limitSync?: boolean } = {},
): DocClient {
  const socket = shared ?? openCollabSocket(baseUrl, cookie);
  if (options.limitSync) socket.send = limitSyncMessages(socket.send.bind(socket));
  const doc = options.doc ?? new Y.Doc();
  const provider = new HocuspocusProvider({ websocketProvider: socket, name: projectDocumentName(projectId), document: doc });
  // As the web app does (project-connection.ts): the other clients' states are not sent back.
  sendOnlyOwnAwareness(provider);
  const synced = new Promise<void>((resolve) => provider.on('synced', () => resolve()));
  provider.attach();
  return {
    doc,
    provider,
    synced,
    close() {
      provider.destroy();
      if (!shared) socket.destroy();
    },
  };
}

/** Waits until `check` holds (or fails with what it last saw). */
export async function eventually<T>(read: () => T | Promise<T>, check: (value: T) => boolean, timeoutMs = 3000): Promise<T> {
  const started = Date.now();
  let last = await read();
  while (!check(last)) {
    if (Date.now() - started > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms; last value: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 25));
    last = await read();
  }
  return last;
}
