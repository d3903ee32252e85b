import { displayName, rooms, type TeamRole } from '@planline/domain';
import { TeamEntity } from '@planline/db';
import type { EntityManager } from 'typeorm';

/**
 * The membership lookups every feature's policy builds on, what a team's plan counts, and the team row lock.
 * SQL only: the rules that read these answers are in access.policy.ts and each feature's *.policy.ts.
 */

/** Anything that runs SQL: the data source or a transaction's manager. */
export type Sql = Pick<EntityManager, 'query'>;
/** Anything that runs SQL or hands out repositories: the data source or a transaction's manager. */
export type Db = Pick<EntityManager, 'query' | 'getRepository'>;

export async function teamRole(sql: Sql, userId: string, teamId: string): Promise<TeamRole | null> {
  const rows: { role: TeamRole }[] = await sql.query(
    `SELECT role FROM team_members WHERE team_id = $1 AND user_id = $2`,
    [teamId, userId],
  );
  return rows[0]?.role ?? null;
}

export type ProjectAccess = { teamId: string; access: 'team' | 'guest'; role: TeamRole | null };

/** How a user reaches a project: through its team, as an invited guest of that one project, or not at all. */
export async function projectAccess(sql: Sql, userId: string, projectId: string): Promise<ProjectAccess | null> {
  const rows: { team_id: string; role: TeamRole | null; guest: boolean }[] = await sql.query(
    `SELECT p.team_id, tm.role,
            EXISTS (SELECT 1 FROM project_members pm WHERE pm.project_id = p.id AND pm.user_id = $2) AS guest
       FROM projects p
       LEFT JOIN team_members tm ON tm.team_id = p.team_id AND tm.user_id = $2
      WHERE p.id = $1`,
    [projectId, userId],
  );
  const row = rows[0];
  if (!row) return null;
  if (row.role) return { teamId: row.team_id, access: 'team', role: row.role };
  if (row.guest) return { teamId: row.team_id, access: 'guest', role: null };
  return null;
}

/**
 * The people of a team: its listed members, and guests of its projects who are not members. Both count toward the
 * team's member limit (issue 3), but only members are listed, so the two are said apart (issue 33 item 9: a count
 * that took in an unlisted guest).
 */
export async function teamPeopleCounts(sql: Sql, teamId: string): Promise<{ members: number; guests: number }> {
  const rows: { members: number; guests: number }[] = await sql.query(
    `SELECT (SELECT count(*) FROM team_members WHERE team_id = $1)::int AS members,
            (SELECT count(DISTINCT pm.user_id) FROM project_members pm
               JOIN projects p ON p.id = pm.project_id
              WHERE p.team_id = $1
                AND NOT EXISTS (SELECT 1 FROM team_members tm WHERE tm.team_id = $1 AND tm.user_id = pm.user_id)
            )::int AS guests`,
    [teamId],
  );
  return { members: Number(rows[0]?.members ?? 0), guests: Number(rows[0]?.guests ?? 0) };
}

/** People a team's plan counts against its member limit: members plus guests. */
export async function teamHeadcount(sql: Sql, teamId: string): Promise<number> {
  const { members, guests } = await teamPeopleCounts(sql, teamId);
  return members + guests;
}

export async function teamProjectCount(sql: Sql, teamId: string): Promise<number> {
  const rows: { n: number }[] = await sql.query(`SELECT count(*)::int AS n FROM projects WHERE team_id = $1`, [teamId]);
  return Number(rows[0]?.n ?? 0);
}

/** Locks a team's row for the rest of the transaction (see lockTeam in access.policy.ts); null if there is none. */
export function lockTeamRow(manager: EntityManager, teamId: string): Promise<TeamEntity | null> {
  return manager
    .getRepository(TeamEntity)
    .createQueryBuilder('t')
    .where('t.id = :teamId', { teamId })
    .setLock('pessimistic_write')
    .getOne();
}

/** Rooms a user's sockets belong in: each team they are in and each project they can open. */
export async function roomsForUser(sql: Sql, userId: string): Promise<string[]> {
  const rows: { team_id: string | null; project_id: string | null }[] = await sql.query(
    `SELECT tm.team_id, NULL::uuid AS project_id FROM team_members tm WHERE tm.user_id = $1
     UNION ALL
     SELECT NULL, p.id FROM projects p JOIN team_members tm ON tm.team_id = p.team_id WHERE tm.user_id = $1
     UNION ALL
     SELECT NULL, pm.project_id FROM project_members pm WHERE pm.user_id = $1`,
    [userId],
  );
  const names = rows.map((r) => (r.team_id ? rooms.team(r.team_id) : rooms.project(r.project_id!)));
  return [...new Set(names)];
}

/** The name a user's presence shows on project documents, as the rest of the product writes it. */
export async function presenceName(sql: Sql, userId: string): Promise<string> {
  const rows: { first_name: string; last_name: string; email: string }[] = await sql.query(
    `SELECT first_name, last_name, email FROM users WHERE id = $1`,
    [userId],
  );
  const user = rows[0];
  return displayName(user ? { firstName: user.first_name, lastName: user.last_name, email: user.email } : null);
}
