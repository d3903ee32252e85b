import type { PromptMember } from '@planline/domain';
import type { Sql } from '../access/access.queries.js';

/** The people a prompt may name: the project's team members and its guests. */
export async function promptMembers(sql: Sql, projectId: string): Promise<PromptMember[]> {
  const rows: { id: string; first_name: string; last_name: string; email: string }[] = await sql.query(
    `SELECT u.id, u.first_name, u.last_name, u.email FROM users u
      WHERE u.id IN (SELECT tm.user_id FROM projects p JOIN team_members tm ON tm.team_id = p.team_id WHERE p.id = $1
                     UNION SELECT pm.user_id FROM project_members pm WHERE pm.project_id = $1)
      ORDER BY u.first_name, u.last_name, u.id`,
    [projectId],
  );
  return rows.map((r) => ({ id: r.id, firstName: r.first_name, lastName: r.last_name, email: r.email }));
}
