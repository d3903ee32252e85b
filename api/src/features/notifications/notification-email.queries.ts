import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationReason, type NotificationSettings } from '@planline/domain';
import type { Sql } from '../access/access.queries.js';

/*
 * Issue 38, e-mail of notifications: each person's settings, and the claims that make each notification go out at
 * most once however many processes send (UPDATE … WHERE emailed_at IS NULL RETURNING, inside a WITH so that the
 * driver answers rows, not [rows, count]).
 */

/** A notification claimed for e-mail, with what its e-mail needs. */
export interface ClaimedNotification {
  id: string;
  userId: string;
  email: string;
  firstName: string;
  reason: NotificationReason;
  text: string;
  excerpt: string | null;
  createdAt: Date;
}

interface ClaimedRow {
  id: string;
  user_id: string;
  email: string;
  first_name: string;
  reason: NotificationReason;
  text: string;
  excerpt: string | null;
  created_at: Date;
}

const claimed = (r: ClaimedRow): ClaimedNotification => ({
  id: r.id,
  userId: r.user_id,
  email: r.email,
  firstName: r.first_name,
  reason: r.reason,
  text: r.text,
  excerpt: r.excerpt,
  createdAt: r.created_at,
});

/**
 * The person `n.user_id` may still see what notification `n` is about: its project through the project's team or as
 * the project's guest; a team chat mention (no project) while they are in the team; anything else without a project
 * (join requests and answers) always.
 */
const STILL_VISIBLE = `
  (CASE
     WHEN n.project_id IS NOT NULL THEN
       EXISTS (SELECT 1 FROM projects p JOIN team_members tm ON tm.team_id = p.team_id AND tm.user_id = n.user_id WHERE p.id = n.project_id)
       OR EXISTS (SELECT 1 FROM project_members pm WHERE pm.project_id = n.project_id AND pm.user_id = n.user_id)
     WHEN n.chat_message_id IS NOT NULL THEN
       EXISTS (SELECT 1 FROM team_members tm WHERE tm.team_id = n.team_id AND tm.user_id = n.user_id)
     ELSE true
   END)`;

const UNREAD = `n.emailed_at IS NULL AND n.read_at IS NULL AND n.archived_at IS NULL`;

/** The person's delivery for notification `n`'s kind ($1 and $2: the defaults of mentions and other). */
const DELIVERY = `(CASE WHEN n.reason = 'mention' THEN coalesce(s.mentions, $1) ELSE coalesce(s.other, $2) END)`;
const defaults = [DEFAULT_NOTIFICATION_SETTINGS.mentions, DEFAULT_NOTIFICATION_SETTINGS.other];

export async function readSettings(sql: Sql, userId: string): Promise<NotificationSettings> {
  const rows: NotificationSettings[] = await sql.query(`SELECT mentions, other FROM notification_settings WHERE user_id = $1`, [userId]);
  return rows[0] ? { mentions: rows[0].mentions, other: rows[0].other } : { ...DEFAULT_NOTIFICATION_SETTINGS };
}

export async function writeSettings(sql: Sql, userId: string, settings: NotificationSettings): Promise<NotificationSettings> {
  const rows: NotificationSettings[] = await sql.query(
    `INSERT INTO notification_settings (user_id, mentions, other) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET mentions = EXCLUDED.mentions, other = EXCLUDED.other, updated_at = now()
     RETURNING mentions, other`,
    [userId, settings.mentions, settings.other],
  );
  return { mentions: rows[0]!.mentions, other: rows[0]!.other };
}

/** Turns the named kinds off (the person's other choice kept); nothing when the account is gone. */
export async function turnOff(sql: Sql, userId: string, kinds: ('mentions' | 'other')[]): Promise<void> {
  const off = (kind: 'mentions' | 'other') => kinds.includes(kind);
  await sql.query(
    `INSERT INTO notification_settings (user_id, mentions, other)
     SELECT id, $2, $3 FROM users WHERE id = $1
     ON CONFLICT (user_id) DO UPDATE SET
       mentions = CASE WHEN $4 THEN 'off' ELSE notification_settings.mentions END,
       other = CASE WHEN $5 THEN 'off' ELSE notification_settings.other END,
       updated_at = now()`,
    [
      userId,
      off('mentions') ? 'off' : DEFAULT_NOTIFICATION_SETTINGS.mentions,
      off('other') ? 'off' : DEFAULT_NOTIFICATION_SETTINGS.other,
      off('mentions'),
      off('other'),
    ],
  );
}

/** Claims, of `ids`, those to e-mail at once: the person's choice for the kind is 'instant', unread, still visible. */
export async function claimInstant(sql: Sql, ids: string[], now: Date): Promise<ClaimedNotification[]> {
  const rows: ClaimedRow[] = await sql.query(
    `WITH claimed AS (
     UPDATE notifications n SET emailed_at = $4
       FROM users u LEFT JOIN notification_settings s ON s.user_id = u.id
      WHERE n.id = ANY($3::uuid[]) AND u.id = n.user_id AND ${UNREAD}
        AND ${DELIVERY} = 'instant' AND ${STILL_VISIBLE}
      RETURNING n.id, n.user_id, u.email, u.first_name, n.reason, n.text, n.excerpt, n.created_at
     ) SELECT * FROM claimed ORDER BY created_at, id`,
    [...defaults, ids, now],
  );
  return rows.map(claimed);
}

/** People owed a digest: something unread, unsent, still visible, of a kind they take daily, and none since `cutoff`. */
export async function digestCandidates(sql: Sql, cutoff: Date, limit: number): Promise<string[]> {
  const rows: { user_id: string }[] = await sql.query(
    `SELECT DISTINCT n.user_id FROM notifications n LEFT JOIN notification_settings s ON s.user_id = n.user_id
      WHERE ${UNREAD} AND ${DELIVERY} = 'digest' AND (s.last_digest_at IS NULL OR s.last_digest_at <= $3) AND ${STILL_VISIBLE}
      LIMIT $4`,
    [...defaults, cutoff, limit],
  );
  return rows.map((r) => r.user_id);
}

/**
 * Claims the person's daily digest: stamps `last_digest_at` unless a digest went out after `cutoff` (another
 * process's, a moment ago). A person without settings gets a row with the defaults. Null when already claimed.
 */
export async function claimDigestSlot(sql: Sql, userId: string, now: Date, cutoff: Date): Promise<NotificationSettings | null> {
  const rows: NotificationSettings[] = await sql.query(
    `INSERT INTO notification_settings (user_id, mentions, other, last_digest_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id) DO UPDATE SET last_digest_at = EXCLUDED.last_digest_at
       WHERE notification_settings.last_digest_at IS NULL OR notification_settings.last_digest_at <= $5
     RETURNING mentions, other`,
    [userId, ...defaults, now, cutoff],
  );
  return rows[0] ? { mentions: rows[0].mentions, other: rows[0].other } : null;
}

/** Claims what the person's digest lists: unread, unsent, still visible, of the kinds they take daily. */
export async function claimDigest(sql: Sql, userId: string, settings: NotificationSettings, now: Date): Promise<ClaimedNotification[]> {
  const rows: ClaimedRow[] = await sql.query(
    `WITH claimed AS (
     UPDATE notifications n SET emailed_at = $4
       FROM users u, (SELECT $1::varchar AS mentions, $2::varchar AS other) s
      WHERE n.user_id = $3 AND u.id = n.user_id AND ${UNREAD} AND ${DELIVERY} = 'digest' AND ${STILL_VISIBLE}
      RETURNING n.id, n.user_id, u.email, u.first_name, n.reason, n.text, n.excerpt, n.created_at
     ) SELECT * FROM claimed ORDER BY created_at, id`,
    [settings.mentions, settings.other, userId, now],
  );
  return rows.map(claimed);
}
