import type { Widget } from '@planline/domain';
import type { Sql } from '../access/access.queries.js';

/** Dashboard layouts' SQL: one row per user and project (or no project). */

export async function findLayout(sql: Sql, userId: string, projectId: string | null): Promise<{ layout: Widget[]; updated_at: Date } | null> {
  const rows: { layout: Widget[]; updated_at: Date }[] = await sql.query(
    `SELECT layout, updated_at FROM dashboard_configs WHERE user_id = $1 AND project_id IS NOT DISTINCT FROM $2`,
    [userId, projectId],
  );
  return rows[0] ?? null;
}

/** Saves the layout whole; answers when it was saved. */
export async function saveLayout(sql: Sql, id: string, userId: string, projectId: string | null, layout: Widget[]): Promise<Date> {
  const rows: { updated_at: Date }[] = await sql.query(
    `INSERT INTO dashboard_configs (id, user_id, project_id, layout) VALUES ($1, $2, $3, $4::jsonb)
     ON CONFLICT (user_id, project_id) DO UPDATE SET layout = EXCLUDED.layout, updated_at = now()
     RETURNING updated_at`,
    [id, userId, projectId, JSON.stringify(layout)],
  );
  return rows[0]!.updated_at;
}
