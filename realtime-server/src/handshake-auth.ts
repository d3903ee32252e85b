import type { IncomingMessage } from 'node:http';
import { parse as parseCookie } from 'cookie';
import Keygrip from 'keygrip';

export interface SessionLookup {
  identify(sid: string): Promise<{ userId: string } | null>;
}

/**
 * Authenticates a Socket.IO or WebSocket handshake from the same signed session cookie the HTTP API uses
 * (koa's format: `name=value` plus `name.sig=keygrip(name=value)`), then the server-side session row.
 */
export function createHandshakeAuthenticator(options: { cookieName: string; keys: string[]; sessions: SessionLookup }) {
  const keygrip = new Keygrip(options.keys);
  return async function authenticate(req: IncomingMessage): Promise<string | null> {
    const header = req.headers.cookie;
    if (!header) return null;
    const cookies = parseCookie(header);
    const sid = cookies[options.cookieName];
    const sig = cookies[`${options.cookieName}.sig`];
    if (!sid || !sig || keygrip.index(`${options.cookieName}=${sid}`, sig) < 0) return null;
    const identity = await options.sessions.identify(sid);
    return identity?.userId ?? null;
  };
}

export type HandshakeAuthenticator = ReturnType<typeof createHandshakeAuthenticator>;
