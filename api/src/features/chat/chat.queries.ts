import { CHAT_TASK_SEARCH_LIMIT, type ChatMessage, type ChatTaskOption, type TaskReference } from '@planline/domain';
import type { Sql } from '../access/access.queries.js';

/** The team chat's SQL (issue 38); the rules that read these answers are in chat.policy.ts. */

interface MessageRow {
  id: string;
  team_id: string;
  message: string;
  mentioned_user_ids: string[] | string;
  task_ids: string[] | string;
  created_at: Date | string;
  user_id: string | null;
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
}

const SELECT_MESSAGE = `
  SELECT m.id, m.team_id, m.message, m.mentioned_user_ids, m.task_ids, m.created_at,
         u.id AS user_id, u.first_name, u.last_name, u.profile_image_url
    FROM team_chat_messages m
    LEFT JOIN users u ON u.id = m.user_id`;

/** A uuid[] as the driver gives it: an array (pg) or its text form (some drivers). */
function uuidArray(value: string[] | string): string[] {
  if (Array.isArray(value)) return value;
  const inner = value.replace(/^\{|\}$/g, '');
  return inner ? inner.split(',') : [];
}

/** A stored message, without its task references (resolveTaskReferences fills them per reader). */
export type StoredChatMessage = Omit<ChatMessage, 'tasks'> & { taskIds: string[] };

function toMessage(row: MessageRow): StoredChatMessage {
  return {
    id: row.id,
    teamId: row.team_id,
    author: row.user_id
      ? { id: row.user_id, firstName: row.first_name ?? '', lastName: row.last_name ?? '', profileImageUrl: row.profile_image_url }
      : null,
    message: row.message,
    mentionedUserIds: uuidArray(row.mentioned_user_ids),
    taskIds: uuidArray(row.task_ids),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/**
 * One page of a team's messages, newest first, older than the message `beforeId` (of the same team) when given.
 * `limit + 1` rows are read so the caller knows whether another page follows.
 */
export async function messagesPage(sql: Sql, teamId: string, beforeId: string | null, limit: number): Promise<StoredChatMessage[]> {
  const rows: MessageRow[] = beforeId
    ? await sql.query(
        `${SELECT_MESSAGE}
          WHERE m.team_id = $1
            AND (m.created_at, m.id) < (SELECT b.created_at, b.id FROM team_chat_messages b WHERE b.id = $2 AND b.team_id = $1)
          ORDER BY m.created_at DESC, m.id DESC
          LIMIT $3`,
        [teamId, beforeId, limit],
      )
    : await sql.query(`${SELECT_MESSAGE} WHERE m.team_id = $1 ORDER BY m.created_at DESC, m.id DESC LIMIT $2`, [teamId, limit]);
  return rows.map(toMessage);
}

export async function messageExists(sql: Sql, teamId: string, messageId: string): Promise<boolean> {
  const rows = await sql.query(`SELECT 1 FROM team_chat_messages WHERE id = $1 AND team_id = $2`, [messageId, teamId]);
  return rows.length > 0;
}

export async function insertMessage(
  sql: Sql,
  message: { id: string; teamId: string; userId: string; message: string; mentionedUserIds: string[]; taskIds: string[] },
): Promise<StoredChatMessage> {
  await sql.query(
    `INSERT INTO team_chat_messages (id, team_id, user_id, message, mentioned_user_ids, task_ids) VALUES ($1, $2, $3, $4, $5::uuid[], $6::uuid[])`,
    [message.id, message.teamId, message.userId, message.message, message.mentionedUserIds, message.taskIds],
  );
  const rows: MessageRow[] = await sql.query(`${SELECT_MESSAGE} WHERE m.id = $1`, [message.id]);
  return toMessage(rows[0]!);
}

/** Which of these people are members of the team (guests of its projects are not). */
export async function teamMemberIds(sql: Sql, teamId: string, userIds: string[]): Promise<Set<string>> {
  if (!userIds.length) return new Set();
  const rows: { user_id: string }[] = await sql.query(
    `SELECT user_id FROM team_members WHERE team_id = $1 AND user_id = ANY($2::uuid[])`,
    [teamId, userIds],
  );
  return new Set(rows.map((r) => r.user_id));
}

/** The tasks among these ids that belong to a project of the team, as references (name as it is now). */
export async function teamTaskReferences(sql: Sql, teamId: string, taskIds: string[]): Promise<TaskReference[]> {
  if (!taskIds.length) return [];
  const rows: { id: string; project_id: string; name: string }[] = await sql.query(
    `SELECT t.id, t.project_id, t.name FROM tasks t JOIN projects p ON p.id = t.project_id
      WHERE p.team_id = $1 AND t.id = ANY($2::uuid[])`,
    [teamId, taskIds],
  );
  return rows.map((r) => ({ id: r.id, projectId: r.project_id, name: r.name }));
}

/** The # picker: the team's tasks whose name holds `text` (any case), shortest names first, at most a handful. */
export async function searchTeamTasks(sql: Sql, teamId: string, text: string): Promise<ChatTaskOption[]> {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows: { id: string; project_id: string; name: string; project_name: string }[] = await sql.query(
    `SELECT t.id, t.project_id, t.name, p.name AS project_name
       FROM tasks t JOIN projects p ON p.id = t.project_id
      WHERE p.team_id = $1 AND t.name ILIKE $2
      ORDER BY length(t.name), t.name, t.id
      LIMIT $3`,
    [teamId, pattern, CHAT_TASK_SEARCH_LIMIT],
  );
  return rows.map((r) => ({ id: r.id, projectId: r.project_id, name: r.name, projectName: r.project_name }));
}
