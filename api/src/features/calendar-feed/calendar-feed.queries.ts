import type { Sql } from '../access/access.queries.js';

/** SQL of the calendar feed (issue 37): the link's row, and the events a person may see right now. */

export async function saveFeedTokenHash(sql: Sql, userId: string, tokenHash: string): Promise<void> {
  await sql.query(
    `INSERT INTO calendar_feeds (user_id, token_hash) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET token_hash = EXCLUDED.token_hash, created_at = now()`,
    [userId, tokenHash],
  );
}

export async function feedCreatedAt(sql: Sql, userId: string): Promise<Date | null> {
  const rows: { created_at: Date | string }[] = await sql.query(`SELECT created_at FROM calendar_feeds WHERE user_id = $1`, [userId]);
  return rows[0] ? new Date(rows[0].created_at) : null;
}

export async function deleteFeed(sql: Sql, userId: string): Promise<void> {
  await sql.query(`DELETE FROM calendar_feeds WHERE user_id = $1`, [userId]);
}

export interface FeedOwner {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

export async function feedOwner(sql: Sql, tokenHash: string): Promise<FeedOwner | null> {
  const rows: { id: string; first_name: string; last_name: string; email: string }[] = await sql.query(
    `SELECT u.id, u.first_name, u.last_name, u.email FROM calendar_feeds f JOIN users u ON u.id = f.user_id WHERE f.token_hash = $1`,
    [tokenHash],
  );
  const row = rows[0];
  return row ? { id: row.id, firstName: row.first_name, lastName: row.last_name, email: row.email } : null;
}

export interface FeedTaskRow {
  id: string;
  name: string;
  description: string | null;
  startDate: string;
  endDate: string;
  kind: 'task' | 'milestone';
  status: string;
  progress: number;
  updatedAt: Date;
  projectId: string;
  projectName: string;
  assigned: boolean;
}

/**
 * The person's tasks (main or additional assignee) and every milestone, in the projects they reach now: through
 * their team, or as a guest of that one project (the guest rule of docs/security.md, as access.queries reads it).
 * Computed per request, so leaving a team or a project takes its events out of the next poll.
 */
export async function feedTasks(sql: Sql, userId: string, endingFrom: string, limit: number): Promise<FeedTaskRow[]> {
  const rows: {
    id: string;
    name: string;
    description: string | null;
    start_date: string;
    end_date: string;
    kind: 'task' | 'milestone';
    status: string;
    progress: number;
    updated_at: Date | string;
    project_id: string;
    project_name: string;
    assigned: boolean;
  }[] = await sql.query(
    `WITH reachable AS (
       SELECT p.id, p.name FROM projects p
        WHERE EXISTS (SELECT 1 FROM team_members tm WHERE tm.team_id = p.team_id AND tm.user_id = $1)
           OR EXISTS (SELECT 1 FROM project_members pm WHERE pm.project_id = p.id AND pm.user_id = $1)
     ), rows AS (
       SELECT t.*, r.name AS project_name,
              (t.assignee_id = $1 OR EXISTS (SELECT 1 FROM task_assignments ta WHERE ta.task_id = t.id AND ta.user_id = $1)) AS assigned
         FROM tasks t JOIN reachable r ON r.id = t.project_id
        WHERE t.end_date >= $2::date
     )
     SELECT id, name, description, to_char(start_date, 'YYYY-MM-DD') AS start_date, to_char(end_date, 'YYYY-MM-DD') AS end_date,
            kind, status, progress, updated_at, project_id, project_name, assigned
       FROM rows
      WHERE assigned OR kind = 'milestone'
      ORDER BY start_date, id
      LIMIT $3`,
    [userId, endingFrom, limit],
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    startDate: r.start_date,
    endDate: r.end_date,
    kind: r.kind,
    status: r.status,
    progress: Number(r.progress),
    updatedAt: new Date(r.updated_at),
    projectId: r.project_id,
    projectName: r.project_name,
    assigned: Boolean(r.assigned),
  }));
}
