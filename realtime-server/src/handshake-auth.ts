import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { parse as parseCookie } from 'cookie';
import Keygrip from 'keygrip';

export interface SessionLookup {
  identify(sid: string): Promise<{ userId: string } | null>;
}

/**
 * What names a session among the live connections (and, in scaled mode, in messages between processes): a digest
 * of its id, never the id itself, which is a bearer secret. Signing out closes the connections of this key.
 */
export const sessionKeyOf = (sid: string) => createHash('sha256').update(sid).digest('base64url').slice(0, 32);

/** Who opened a connection: the person, and the session they opened it with. */
export interface HandshakeIdentity {
  userId: string;
  sessionKey: string;
}

/**
 * Authenticates a Socket.IO or WebSocket handshake from the same signed session cookie the HTTP API uses
 * (koa's format: `name=value` plus `name.sig=keygrip(name=value)`), then the server-side session row.
 */
export function createHandshakeAuthenticator(options: { cookieName: string; keys: string[]; sessions: SessionLookup }) {
  const keygrip = new Keygrip(options.keys);
  return async function authenticate(req: IncomingMessage): Promise<HandshakeIdentity | null> {
    const header = req.headers.cookie;
    if (!header) return null;
    const cookies = parseCookie(header);
    const sid = cookies[options.cookieName];
    const sig = cookies[`${options.cookieName}.sig`];
    if (!sid || !sig || keygrip.index(`${options.cookieName}=${sid}`, sig) < 0) return null;
    const identity = await options.sessions.identify(sid);
    return identity ? { userId: identity.userId, sessionKey: sessionKeyOf(sid) } : null;
  };
}

export type HandshakeAuthenticator = ReturnType<typeof createHandshakeAuthenticator>;
