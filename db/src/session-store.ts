import type { DataSource } from 'typeorm';

/**
 * What a signed-in session holds. `credentialsVersion` is the user's when the session was made: a password
 * change bumps the user's, so every older session stops identifying anyone.
 */
export interface SessionIdentity {
  userId: string;
  credentialsVersion: number;
}

/**
 * The server-side session store over the `sessions` table (sid, sess, expire), shared by the HTTP session
 * middleware and the Socket.IO / Hocuspocus handshakes, so every process of every kind sees the same sessions.
 */
export class SessionStore {
  constructor(private readonly dataSource: DataSource) {}

  async get(sid: string): Promise<Record<string, unknown> | null> {
    const rows: { sess: Record<string, unknown> }[] = await this.dataSource.query(
      `SELECT sess FROM sessions WHERE sid = $1 AND expire > now()`,
      [sid],
    );
    return rows[0]?.sess ?? null;
  }

  async set(sid: string, sess: Record<string, unknown>, maxAgeMs: number): Promise<void> {
    const userId = typeof sess.userId === 'string' ? sess.userId : null;
    await this.dataSource.query(
      `INSERT INTO sessions (sid, sess, expire, user_id)
       VALUES ($1, $2, now() + ($3::bigint * interval '1 millisecond'), $4)
       ON CONFLICT (sid) DO UPDATE SET sess = EXCLUDED.sess, expire = EXCLUDED.expire, user_id = EXCLUDED.user_id`,
      [sid, JSON.stringify(sess), Math.max(0, Math.round(maxAgeMs)), userId],
    );
  }

  async destroy(sid: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM sessions WHERE sid = $1`, [sid]);
  }

  /** Ends every session of a user (account deletion, sign out everywhere). */
  async destroyAllForUser(userId: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM sessions WHERE user_id = $1`, [userId]);
  }

  async pruneExpired(): Promise<number> {
    const [, count]: [unknown, number] = await this.dataSource.query(`DELETE FROM sessions WHERE expire <= now()`);
    return count;
  }

  /** The signed-in user of a session id, or null when the session is gone, expired or made stale. */
  async identify(sid: string): Promise<{ userId: string } | null> {
    const rows: { user_id: string }[] = await this.dataSource.query(
      `SELECT u.id AS user_id
         FROM sessions s JOIN users u ON u.id = s.user_id
        WHERE s.sid = $1 AND s.expire > now()
          AND (s.sess ->> 'credentialsVersion')::int = u.credentials_version`,
      [sid],
    );
    const userId = rows[0]?.user_id;
    return userId ? { userId } : null;
  }
}
