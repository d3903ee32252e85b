import { randomBytes } from 'node:crypto';
import { SessionStore, type SessionIdentity } from '@planline/db';
import { sessionKeyOf, type RealtimeBus } from '@planline/realtime';
import { SESSION_COOKIE_NAME, SESSION_MAX_AGE_MS } from '@planline/domain';
import type Koa from 'koa';
import type { Context, Middleware } from 'koa';
import session from 'koa-session';

/** 256 bits from the CSPRNG: session ids are bearer secrets. */
export const newSessionId = () => randomBytes(32).toString('base64url');

/**
 * Server-side sessions: the cookie carries only a signed, random id; the data lives in the `sessions` table.
 * httpOnly, SameSite=Lax, 14 days, renewed when nearly expired. Secure when PUBLIC_URL is https, else whenever
 * the request came over https (TLS, or X-Forwarded-Proto from a trusted proxy: TRUST_PROXY).
 */
export function sessionMiddleware(app: Koa, store: SessionStore, secure: boolean): Middleware {
  const sessions = session(
    {
      key: SESSION_COOKIE_NAME,
      maxAge: SESSION_MAX_AGE_MS,
      httpOnly: true,
      sameSite: 'lax',
      // Unset: the cookies library marks the cookie Secure exactly when the request is https.
      secure: secure || undefined,
      signed: true,
      renew: true,
      rolling: false,
      genid: newSessionId,
      store: {
        get: (sid: string) => store.get(sid),
        set: (sid: string, sess: Record<string, unknown>, maxAge: number | 'session') =>
          store.set(sid, sess, maxAge === 'session' ? SESSION_MAX_AGE_MS : maxAge),
        destroy: (sid: string) => store.destroy(sid),
      },
    },
    app,
  );
  return (ctx, next) => {
    // PUBLIC_URL is https, so a TLS proxy is in front even when it does not say so (TRUST_PROXY unset): without
    // this the cookies library refuses to set a Secure cookie on the plain-http hop and sign-in fails with a 500.
    if (secure) ctx.cookies.secure = true;
    return sessions(ctx, next);
  };
}

export function sessionIdentity(ctx: Context): SessionIdentity | null {
  const s = ctx.session as Partial<SessionIdentity> | null | undefined;
  return s && typeof s.userId === 'string' && typeof s.credentialsVersion === 'number'
    ? { userId: s.userId, credentialsVersion: s.credentialsVersion }
    : null;
}

/** Signs a user in on this request: a new session id (no fixation), the old session row gone. */
export async function beginSession(ctx: Context, identity: SessionIdentity): Promise<void> {
  const s = ctx.session;
  if (!s) throw new Error('session middleware missing');
  for (const key of Object.keys(s.toJSON())) delete (s as unknown as Record<string, unknown>)[key];
  Object.assign(s, identity);
  await s.regenerate();
}

/**
 * Ends the request's session. With `live`, every socket the session opened (Socket.IO and /collab, on every
 * realtime process) is closed too, once the answer goes out: koa-session has deleted the row by then, so a
 * reconnect is refused (issue 34: after a sign-out its connections kept reading and writing).
 */
export function endSession(ctx: Context, live?: Pick<RealtimeBus, 'closeSession'>): void {
  const sid = ctx.cookies.get(SESSION_COOKIE_NAME, { signed: true });
  ctx.session = null;
  if (sid && live) ctx.res.once('finish', () => live.closeSession(sessionKeyOf(sid)));
}
