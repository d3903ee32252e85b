import type { ProjectStatus } from '@planline/domain';
import type { Sql } from '../access/access.queries.js';

/** What an export reads besides the tasks (tasks.read.ts): the project's fields and the names of people. */

export type ExportProjectRow = {
  name: string;
  project_code: string;
  status: ProjectStatus;
  description: string | null;
  start_date: string | null;
  end_date: string | null;
};

export async function exportProject(sql: Sql, projectId: string): Promise<ExportProjectRow | null> {
  const rows: ExportProjectRow[] = await sql.query(
    `SELECT name, project_code, status, description, start_date, end_date FROM projects WHERE id = $1`,
    [projectId],
  );
  return rows[0] ?? null;
}

export function usersByIds(sql: Sql, userIds: string[]): Promise<{ id: string; first_name: string; last_name: string; email: string }[]> {
  if (!userIds.length) return Promise.resolve([]);
  return sql.query(`SELECT id, first_name, last_name, email FROM users WHERE id = ANY($1::uuid[])`, [userIds]);
}
