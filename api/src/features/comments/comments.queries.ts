import type { Comment } from '@planline/domain';
import type { Sql } from '../access/access.queries.js';

/*
 * Task comments (issue 38), SQL only: the rules that read these answers are in comments.policy.ts and
 * comments.service.ts. A deleted comment keeps its row with an emptied body (the thread shows "comment deleted").
 */

const commentColumns = `
  c.id, c.task_id, c.project_id, c.body, c.mentioned_user_ids, c.created_at, c.edited_at, c.deleted_at,
  u.id AS author_id, u.first_name AS author_first_name, u.last_name AS author_last_name, u.profile_image_url AS author_image`;

type CommentRow = Record<string, unknown>;

const iso = (value: unknown) => (value === null || value === undefined ? null : (value as Date).toISOString());

export function presentComment(r: CommentRow): Comment {
  return {
    id: r.id as string,
    taskId: r.task_id as string,
    projectId: r.project_id as string,
    author: r.author_id
      ? { id: r.author_id as string, firstName: r.author_first_name as string, lastName: r.author_last_name as string, profileImageUrl: (r.author_image as string | null) ?? null }
      : null,
    body: r.body as string,
    mentionedUserIds: (r.mentioned_user_ids as string[] | null) ?? [],
    createdAt: iso(r.created_at)!,
    editedAt: iso(r.edited_at),
    deletedAt: iso(r.deleted_at),
  };
}

/** One page of a task's thread, oldest first, after the comment `afterId` (exclusive); `at`: as it was then. */
export async function commentPage(sql: Sql, taskId: string, options: { afterId: string | null; at: Date | null; limit: number }): Promise<Comment[]> {
  const params: unknown[] = [taskId, options.limit];
  const where = ['c.task_id = $1'];
  if (options.afterId) {
    params.push(options.afterId);
    where.push(`(c.created_at, c.id) > (SELECT a.created_at, a.id FROM task_comments a WHERE a.id = $${params.length} AND a.task_id = $1)`);
  }
  if (options.at) {
    params.push(options.at);
    where.push(`c.created_at <= $${params.length} AND (c.deleted_at IS NULL OR c.deleted_at > $${params.length})`);
  }
  const rows: CommentRow[] = await sql.query(
    `SELECT ${commentColumns}
       FROM task_comments c LEFT JOIN users u ON u.id = c.user_id
      WHERE ${where.join(' AND ')}
      ORDER BY c.created_at, c.id
      LIMIT $2`,
    params,
  );
  return rows.map(presentComment);
}

export async function findComment(sql: Sql, commentId: string): Promise<Comment | null> {
  const rows: CommentRow[] = await sql.query(
    `SELECT ${commentColumns} FROM task_comments c LEFT JOIN users u ON u.id = c.user_id WHERE c.id = $1`,
    [commentId],
  );
  return rows[0] ? presentComment(rows[0]) : null;
}

/** Whether a comment of this task has this id (a cursor names one). */
export async function commentOfTask(sql: Sql, taskId: string, commentId: string): Promise<boolean> {
  const rows: unknown[] = await sql.query(`SELECT 1 FROM task_comments WHERE id = $1 AND task_id = $2`, [commentId, taskId]);
  return rows.length > 0;
}

export async function insertComment(
  sql: Sql,
  row: { id: string; taskId: string; projectId: string; userId: string; body: string; mentionedUserIds: string[] },
): Promise<void> {
  await sql.query(
    `INSERT INTO task_comments (id, task_id, project_id, user_id, body, mentioned_user_ids) VALUES ($1, $2, $3, $4, $5, $6::uuid[])`,
    [row.id, row.taskId, row.projectId, row.userId, row.body, row.mentionedUserIds],
  );
}

/** The author's edit of a comment not deleted; false when there was none to change (deleted meanwhile). */
export async function updateCommentBody(sql: Sql, commentId: string, body: string, mentionedUserIds: string[]): Promise<boolean> {
  const rows: unknown[] = await sql.query(
    `UPDATE task_comments SET body = $2, mentioned_user_ids = $3::uuid[], edited_at = now()
      WHERE id = $1 AND deleted_at IS NULL RETURNING id`,
    [commentId, body, mentionedUserIds],
  );
  return rows.length > 0;
}

/**
 * Soft delete: the body and mentions go, the row stays as "comment deleted". False if it already was. The words go
 * from the notifications that quoted them too: an inbox, or a digest e-mailed later, must not keep showing them.
 */
export async function softDeleteComment(sql: Sql, commentId: string): Promise<boolean> {
  // One statement: the comment and the quotes of it go together.
  const rows: unknown[] = await sql.query(
    `WITH c AS (
       UPDATE task_comments SET body = '', mentioned_user_ids = '{}', deleted_at = now()
        WHERE id = $1 AND deleted_at IS NULL RETURNING id
     ), n AS (UPDATE notifications SET excerpt = NULL WHERE comment_id IN (SELECT id FROM c))
     SELECT id FROM c`,
    [commentId],
  );
  return rows.length > 0;
}

/** Per task of the project, its comments not deleted (tasks without any are left out). */
export async function commentCounts(sql: Sql, projectId: string): Promise<Record<string, number>> {
  const rows: { task_id: string; n: number }[] = await sql.query(
    `SELECT task_id, count(*)::int AS n FROM task_comments WHERE project_id = $1 AND deleted_at IS NULL GROUP BY task_id`,
    [projectId],
  );
  return Object.fromEntries(rows.map((r) => [r.task_id, Number(r.n)]));
}

/**
 * Of the ids given, who are not people at all, and who are people that cannot see the project (neither in its team
 * nor one of its guests).
 */
export async function mentionProblems(sql: Sql, projectId: string, userIds: string[]): Promise<{ unknown: string[]; outside: string[] }> {
  if (userIds.length === 0) return { unknown: [], outside: [] };
  const rows: { id: string; known: boolean; sees: boolean }[] = await sql.query(
    `SELECT m.id, u.id IS NOT NULL AS known,
            (EXISTS (SELECT 1 FROM team_members tm JOIN projects p ON p.team_id = tm.team_id WHERE p.id = $1 AND tm.user_id = m.id)
             OR EXISTS (SELECT 1 FROM project_members pm WHERE pm.project_id = $1 AND pm.user_id = m.id)) AS sees
       FROM unnest($2::uuid[]) AS m(id) LEFT JOIN users u ON u.id = m.id`,
    [projectId, userIds],
  );
  return {
    unknown: rows.filter((r) => !r.known).map((r) => r.id),
    outside: rows.filter((r) => r.known && !r.sees).map((r) => r.id),
  };
}
