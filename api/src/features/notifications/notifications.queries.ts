import type { NotificationReason } from '@planline/domain';
import type { Sql } from '../access/access.queries.js';

/** A notification to store: one person, one action. */
export interface NotificationDraft {
  userId: string;
  reason: NotificationReason;
  actorId: string | null;
  teamId?: string | null;
  projectId?: string | null;
  taskId?: string | null;
  commentId?: string | null;
  chatMessageId?: string | null;
  text: string;
  excerpt?: string | null;
  data?: Record<string, unknown>;
}

export interface NotificationRow {
  id: string;
  user_id: string;
  reason: NotificationReason;
  actor_id: string | null;
  team_id: string | null;
  project_id: string | null;
  task_id: string | null;
  comment_id: string | null;
  text: string;
  excerpt: string | null;
  read_at: Date | string | null;
  archived_at: Date | string | null;
  created_at: Date | string;
  /** created_at in microseconds since the epoch, exact: the cursor. */
  us: string;
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
}

const COLUMNS = `n.id, n.user_id, n.reason, n.actor_id, n.team_id, n.project_id, n.task_id, n.comment_id, n.text, n.excerpt,
  n.read_at, n.archived_at, n.created_at, (extract(epoch FROM n.created_at) * 1000000)::bigint::text AS us,
  u.first_name, u.last_name, u.profile_image_url`;

/** Stores every draft in one statement; the rows come back as the inbox reads them. */
export async function insertNotifications(sql: Sql, ids: string[], drafts: NotificationDraft[]): Promise<NotificationRow[]> {
  const col = <T>(f: (d: NotificationDraft) => T) => drafts.map(f);
  return sql.query(
    `WITH n AS (
       INSERT INTO notifications (id, user_id, reason, actor_id, team_id, project_id, task_id, comment_id, chat_message_id, text, excerpt, data)
       SELECT id, user_id, reason, actor_id, team_id, project_id, task_id, comment_id, chat_message_id, text, excerpt, data::jsonb
         FROM unnest($1::uuid[], $2::uuid[], $3::varchar[], $4::uuid[], $5::uuid[], $6::uuid[], $7::uuid[], $8::uuid[], $9::uuid[], $10::text[], $11::text[], $12::text[])
           AS d (id, user_id, reason, actor_id, team_id, project_id, task_id, comment_id, chat_message_id, text, excerpt, data)
       RETURNING *
     )
     SELECT ${COLUMNS} FROM n LEFT JOIN users u ON u.id = n.actor_id`,
    [
      ids,
      col((d) => d.userId),
      col((d) => d.reason),
      col((d) => d.actorId),
      col((d) => d.teamId ?? null),
      col((d) => d.projectId ?? null),
      col((d) => d.taskId ?? null),
      col((d) => d.commentId ?? null),
      col((d) => d.chatMessageId ?? null),
      col((d) => d.text),
      col((d) => d.excerpt ?? null),
      col((d) => JSON.stringify(d.data ?? {})),
    ],
  );
}

/** Unread (and not archived) notifications of each person. */
export async function unreadCounts(sql: Sql, userIds: string[]): Promise<Map<string, number>> {
  const rows: { user_id: string; n: number }[] = await sql.query(
    `SELECT user_id, count(*)::int AS n FROM notifications
      WHERE user_id = ANY($1::uuid[]) AND read_at IS NULL AND archived_at IS NULL GROUP BY user_id`,
    [userIds],
  );
  return new Map(rows.map((r) => [r.user_id, Number(r.n)]));
}

export interface InboxFilter {
  unread?: boolean;
  archived?: boolean;
  reason?: NotificationReason;
  projectId?: string;
  before?: { us: string; id: string };
}

/** A page of a person's notifications, newest first, one more than `limit` (whether there is a next page). */
export async function inboxPage(sql: Sql, userId: string, filter: InboxFilter, limit: number): Promise<NotificationRow[]> {
  const where = ['n.user_id = $1', filter.archived ? 'n.archived_at IS NOT NULL' : 'n.archived_at IS NULL'];
  const params: unknown[] = [userId];
  if (filter.unread !== undefined) where.push(filter.unread ? 'n.read_at IS NULL' : 'n.read_at IS NOT NULL');
  if (filter.reason) where.push(`n.reason = $${params.push(filter.reason)}`);
  if (filter.projectId) where.push(`n.project_id = $${params.push(filter.projectId)}`);
  if (filter.before) {
    const us = params.push(filter.before.us);
    const id = params.push(filter.before.id);
    where.push(`(n.created_at, n.id) < (timestamptz 'epoch' + $${us}::bigint * interval '1 microsecond', $${id}::uuid)`);
  }
  return sql.query(
    `SELECT ${COLUMNS} FROM notifications n LEFT JOIN users u ON u.id = n.actor_id
      WHERE ${where.join(' AND ')} ORDER BY n.created_at DESC, n.id DESC LIMIT ${limit + 1}`,
    params,
  );
}

/** Read or unread, archived or not: only the person's own (null when it is not theirs or does not exist). */
export async function patchNotification(sql: Sql, userId: string, id: string, patch: { read?: boolean; archived?: boolean }): Promise<NotificationRow | null> {
  const set = (value: boolean | undefined, column: string) =>
    value === undefined ? column : value ? `coalesce(${column}, now())` : 'NULL';
  const rows: NotificationRow[] = await sql.query(
    `WITH n AS (
       UPDATE notifications SET read_at = ${set(patch.read, 'read_at')}, archived_at = ${set(patch.archived, 'archived_at')}
        WHERE id = $1 AND user_id = $2 RETURNING *
     )
     SELECT ${COLUMNS} FROM n LEFT JOIN users u ON u.id = n.actor_id`,
    [id, userId],
  );
  return rows[0] ?? null;
}

export async function markAllRead(sql: Sql, userId: string): Promise<void> {
  await sql.query(`UPDATE notifications SET read_at = now() WHERE user_id = $1 AND read_at IS NULL`, [userId]);
}

/** Which of `projectIds` the person can open now (a member of its team, or its guest). */
export async function openableProjects(sql: Sql, userId: string, projectIds: string[]): Promise<Set<string>> {
  if (!projectIds.length) return new Set();
  const rows: { id: string }[] = await sql.query(
    `SELECT p.id FROM projects p
      WHERE p.id = ANY($2::uuid[])
        AND (EXISTS (SELECT 1 FROM team_members tm WHERE tm.team_id = p.team_id AND tm.user_id = $1)
          OR EXISTS (SELECT 1 FROM project_members pm WHERE pm.project_id = p.id AND pm.user_id = $1))`,
    [userId, projectIds],
  );
  return new Set(rows.map((r) => r.id));
}

/** Which of `teamIds` the person is a member of now (a team chat mention's excerpt is the team's to read). */
export async function memberTeams(sql: Sql, userId: string, teamIds: string[]): Promise<Set<string>> {
  if (!teamIds.length) return new Set();
  const rows: { team_id: string }[] = await sql.query(`SELECT team_id FROM team_members WHERE user_id = $1 AND team_id = ANY($2::uuid[])`, [userId, teamIds]);
  return new Set(rows.map((r) => r.team_id));
}

/** Which of `userIds` can see the project now. */
export async function peopleWhoSee(sql: Sql, projectId: string, userIds: Iterable<string>): Promise<Set<string>> {
  const ids = [...new Set(userIds)];
  if (!ids.length) return new Set();
  const rows: { id: string }[] = await sql.query(
    `SELECT u.id FROM unnest($2::uuid[]) AS u (id), projects p
      WHERE p.id = $1
        AND (EXISTS (SELECT 1 FROM team_members tm WHERE tm.team_id = p.team_id AND tm.user_id = u.id)
          OR EXISTS (SELECT 1 FROM project_members pm WHERE pm.project_id = p.id AND pm.user_id = u.id))`,
    [projectId, ids],
  );
  return new Set(rows.map((r) => r.id));
}

/** Everyone who can see the project: its team's members and its guests. */
export async function projectPeople(sql: Sql, projectId: string): Promise<{ ids: string[]; projectName: string }> {
  const rows: { user_id: string | null; name: string }[] = await sql.query(
    `SELECT x.user_id, p.name FROM projects p
       LEFT JOIN (SELECT tm.user_id, p2.id AS project_id FROM team_members tm JOIN projects p2 ON p2.team_id = tm.team_id WHERE p2.id = $1
                  UNION SELECT pm.user_id, pm.project_id FROM project_members pm WHERE pm.project_id = $1) x ON x.project_id = p.id
      WHERE p.id = $1`,
    [projectId],
  );
  return { ids: rows.flatMap((r) => (r.user_id ? [r.user_id] : [])), projectName: rows[0]?.name ?? '' };
}

/**
 * The people watching each task without asking (its creator, commenters and the people its comments mention) and
 * those who chose to watch, less those who chose to stop (task_watchers: watching = false outranks the rest).
 * Assignees are the caller's to add: it knows them from the rows it has (a deleted task's are gone here).
 */
export async function watchersOf(sql: Sql, taskIds: string[]): Promise<{ watching: [string, string][]; stopped: Set<string> }> {
  if (!taskIds.length) return { watching: [], stopped: new Set() };
  const rows: { task_id: string; user_id: string; watching: boolean }[] = await sql.query(
    `SELECT task_id, changed_by AS user_id, true AS watching FROM task_change_history
      WHERE task_id = ANY($1::uuid[]) AND field_name = 'created' AND changed_by IS NOT NULL
      UNION SELECT task_id, user_id, watching FROM task_watchers WHERE task_id = ANY($1::uuid[])
      UNION SELECT task_id, user_id, true FROM task_comments WHERE task_id = ANY($1::uuid[]) AND user_id IS NOT NULL
      UNION SELECT task_id, unnest(mentioned_user_ids), true FROM task_comments WHERE task_id = ANY($1::uuid[]) AND deleted_at IS NULL`,
    [taskIds],
  );
  const stopped = new Set(rows.filter((r) => !r.watching).map((r) => `${r.task_id}|${r.user_id}`));
  return { watching: rows.filter((r) => r.watching && !stopped.has(`${r.task_id}|${r.user_id}`)).map((r) => [r.task_id, r.user_id]), stopped };
}

export async function setWatching(sql: Sql, taskId: string, userId: string, watching: boolean): Promise<void> {
  await sql.query(
    `INSERT INTO task_watchers (task_id, user_id, watching) VALUES ($1, $2, $3)
     ON CONFLICT (task_id, user_id) DO UPDATE SET watching = EXCLUDED.watching, created_at = now()`,
    [taskId, userId, watching],
  );
}

/** Whether the person watches the task: their choice, else whether they are among its implicit watchers. */
export async function isWatching(sql: Sql, taskId: string, userId: string): Promise<boolean> {
  const rows: { watching: boolean }[] = await sql.query(
    `SELECT coalesce(
       (SELECT watching FROM task_watchers WHERE task_id = $1 AND user_id = $2),
       EXISTS (SELECT 1 FROM task_assignments WHERE task_id = $1 AND user_id = $2)
       OR EXISTS (SELECT 1 FROM task_change_history WHERE task_id = $1 AND field_name = 'created' AND changed_by = $2)
       OR EXISTS (SELECT 1 FROM task_comments WHERE task_id = $1 AND (user_id = $2 OR ($2::uuid = ANY(mentioned_user_ids) AND deleted_at IS NULL)))
     ) AS watching`,
    [taskId, userId],
  );
  return !!rows[0]?.watching;
}

export interface ActorRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
}

export async function usersByIds(sql: Sql, ids: string[]): Promise<Map<string, ActorRow>> {
  if (!ids.length) return new Map();
  const rows: ActorRow[] = await sql.query(`SELECT id, first_name, last_name, email FROM users WHERE id = ANY($1::uuid[])`, [ids]);
  return new Map(rows.map((r) => [r.id, r]));
}
