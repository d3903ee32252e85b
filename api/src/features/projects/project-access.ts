import type { DocumentAccess } from '@planline/realtime';
import type { DataSource } from 'typeorm';

/**
 * Who may open a project's live document: members of the project's team, and people who joined that one
 * project through its invite (ARCHITECTURE §3; the teams feature adds read-only roles if any).
 */
export async function projectDocumentAccess(
  dataSource: DataSource,
  userId: string,
  projectId: string,
): Promise<DocumentAccess | null> {
  const rows: unknown[] = await dataSource.query(
    `SELECT 1 FROM projects p
       JOIN team_members tm ON tm.team_id = p.team_id AND tm.user_id = $2
      WHERE p.id = $1
     UNION ALL
     SELECT 1 FROM project_members pm WHERE pm.project_id = $1 AND pm.user_id = $2
     LIMIT 1`,
    [projectId, userId],
  );
  return rows.length > 0 ? 'write' : null;
}
