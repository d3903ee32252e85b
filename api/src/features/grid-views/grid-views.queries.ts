import type { GridView } from '@planline/domain';
import type { Sql } from '../access/access.queries.js';

/** The saved grid views' SQL (issue 39): the list a person sees, one view, counts and name clashes for the limits. */

export type GridViewRow = {
  id: string;
  project_id: string;
  owner_id: string | null;
  name: string;
  shared: boolean;
  view: GridView;
  updated_at: Date;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
};

const SELECT = `
  SELECT v.id, v.project_id, v.owner_id, v.name, v.shared, v.view, v.updated_at, u.first_name, u.last_name, u.email
    FROM project_grid_views v
    LEFT JOIN users u ON u.id = v.owner_id`;

/** A person's own views of a project and every shared one: shared first, then by name. */
export function visibleGridViews(sql: Sql, projectId: string, userId: string): Promise<GridViewRow[]> {
  return sql.query(`${SELECT} WHERE v.project_id = $1 AND (v.shared OR v.owner_id = $2) ORDER BY v.shared DESC, lower(v.name), v.id`, [projectId, userId]);
}

export async function gridViewById(sql: Sql, projectId: string, viewId: string): Promise<GridViewRow | null> {
  const rows: GridViewRow[] = await sql.query(`${SELECT} WHERE v.project_id = $1 AND v.id = $2`, [projectId, viewId]);
  return rows[0] ?? null;
}

/** Views of the project (everyone's), and those of them that are one person's own. */
export async function gridViewCounts(sql: Sql, projectId: string, ownerId: string): Promise<{ all: number; personal: number }> {
  const rows: { all: number; personal: number }[] = await sql.query(
    `SELECT count(*)::int AS all, (count(*) FILTER (WHERE NOT shared AND owner_id = $2))::int AS personal
       FROM project_grid_views WHERE project_id = $1`,
    [projectId, ownerId],
  );
  return { all: Number(rows[0]?.all ?? 0), personal: Number(rows[0]?.personal ?? 0) };
}

/**
 * Whether another view already has this name where the new one would live: among the shared views, or among one
 * person's own (case-insensitive either way). `exceptId`: the view being renamed or moved.
 */
export async function gridViewNameTaken(
  sql: Sql,
  projectId: string,
  name: string,
  where: { shared: true } | { shared: false; ownerId: string },
  exceptId: string | null,
): Promise<boolean> {
  const scope = where.shared ? 'shared' : 'NOT shared AND owner_id = $4';
  const params = [projectId, name, exceptId ?? '00000000-0000-0000-0000-000000000000', ...(where.shared ? [] : [where.ownerId])];
  const rows: unknown[] = await sql.query(
    `SELECT 1 FROM project_grid_views WHERE project_id = $1 AND lower(name) = lower($2) AND id <> $3 AND ${scope} LIMIT 1`,
    params,
  );
  return rows.length > 0;
}

export async function insertGridView(sql: Sql, v: { id: string; projectId: string; ownerId: string; name: string; shared: boolean; view: GridView }): Promise<void> {
  await sql.query(`INSERT INTO project_grid_views (id, project_id, owner_id, name, shared, view) VALUES ($1, $2, $3, $4, $5, $6::jsonb)`, [
    v.id,
    v.projectId,
    v.ownerId,
    v.name,
    v.shared,
    JSON.stringify(v.view),
  ]);
}

export async function updateGridView(sql: Sql, id: string, v: { name: string; shared: boolean; view: GridView }): Promise<void> {
  await sql.query(`UPDATE project_grid_views SET name = $2, shared = $3, view = $4::jsonb, updated_at = now() WHERE id = $1`, [
    id,
    v.name,
    v.shared,
    JSON.stringify(v.view),
  ]);
}

export async function deleteGridView(sql: Sql, id: string): Promise<void> {
  await sql.query(`DELETE FROM project_grid_views WHERE id = $1`, [id]);
}
