import { randomBytes } from 'node:crypto';
import { SessionStore, type SessionIdentity } from '@planline/db';
import { SESSION_COOKIE_NAME, SESSION_MAX_AGE_MS } from '@planline/domain';
import type Koa from 'koa';
import type { Context } from 'koa';
import session from 'koa-session';

/** 256 bits from the CSPRNG: session ids are bearer secrets. */
export const newSessionId = () => randomBytes(32).toString('base64url');

/**
 * Server-side sessions: the cookie carries only a signed, random id; the data lives in the `sessions` table.
 * httpOnly, SameSite=Lax, Secure when served over https (PUBLIC_URL), 14 days, renewed when nearly expired.
 */
export function sessionMiddleware(app: Koa, store: SessionStore, secure: boolean) {
  return session(
    {
      key: SESSION_COOKIE_NAME,
      maxAge: SESSION_MAX_AGE_MS,
      httpOnly: true,
      sameSite: 'lax',
      secure,
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

export function endSession(ctx: Context): void {
  ctx.session = null;
}
