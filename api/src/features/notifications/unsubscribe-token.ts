import { createHmac, timingSafeEqual } from 'node:crypto';

/** What an unsubscribe link turns off: one kind of e-mail, or both (a digest that carried both). */
export type UnsubscribeKind = 'mentions' | 'other' | 'all';
const KINDS: readonly UnsubscribeKind[] = ['mentions', 'other', 'all'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The signing key of unsubscribe links, derived from a session secret: the links are signed by their own key, so
 * nothing else the secret signs (session cookies) can be passed off as one, nor one as a cookie.
 */
const linkKey = (secret: string) => createHmac('sha256', secret).update('planline:notification-unsubscribe:v1').digest();
const signature = (key: Buffer, userId: string, kind: UnsubscribeKind) =>
  createHmac('sha256', key).update(`${userId}:${kind}`).digest('base64url');

/**
 * Issue 38: the token in a notification e-mail's one-click unsubscribe link (RFC 8058) names the person and what
 * to turn off, signed with HMAC-SHA256. It never expires (an old e-mail's link must still work) and carries no
 * session: it can only turn that person's e-mail of that kind off. Made with the first session secret; any of
 * them verifies, so rotating SESSION_SECRET keeps the links already sent working while the old one is listed.
 */
export class UnsubscribeTokens {
  private readonly keys: Buffer[];

  constructor(secrets: readonly string[]) {
    if (secrets.length === 0) throw new Error('Unsubscribe links need a signing secret');
    this.keys = secrets.map(linkKey);
  }

  sign(userId: string, kind: UnsubscribeKind): string {
    return `${userId}.${kind}.${signature(this.keys[0]!, userId, kind)}`;
  }

  /** The person and kind a token names, or null when it is not one this server signed (tampered, cut, made up). */
  verify(token: string): { userId: string; kind: UnsubscribeKind } | null {
    const [userId, kind, sig, ...rest] = token.split('.');
    if (rest.length || !userId || !UUID.test(userId) || !KINDS.includes(kind as UnsubscribeKind) || !sig) return null;
    const given = Buffer.from(sig);
    for (const key of this.keys) {
      const expected = Buffer.from(signature(key, userId, kind as UnsubscribeKind));
      if (expected.length === given.length && timingSafeEqual(expected, given)) return { userId, kind: kind as UnsubscribeKind };
    }
    return null;
  }
}
