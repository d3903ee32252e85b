import {
  TeamEntity,
  TeamJoinRequestEntity,
  TeamMemberEntity,
  type UserEntity,
} from '@planline/db';
import type { JoinResponse, TeamRole } from '@planline/domain';
import type { EntityManager } from 'typeorm';
import type { Db, Sql } from '../access/access.queries.js';

/** Teams' SQL: teams, memberships, invite tokens and join requests. */

export type MemberWithUser = TeamMemberEntity & { user: UserEntity };
export type JoinRequestWithUser = TeamJoinRequestEntity & { user: UserEntity };
type NewTeam = Pick<TeamEntity, 'id' | 'name' | 'description' | 'teamCode' | 'ownerId' | 'subscriptionPlan' | 'subscriptionStatus' | 'trialEndsAt'>;
type NewMember = Pick<TeamMemberEntity, 'id' | 'teamId' | 'userId' | 'role'>;

/** The user's teams with their role in each, oldest membership first. */
export async function teamsOfUser(db: Db, userId: string): Promise<{ team: TeamEntity; role: TeamRole }[]> {
  const rows = await db
    .getRepository(TeamEntity)
    .createQueryBuilder('t')
    .innerJoin(TeamMemberEntity, 'm', 'm.team_id = t.id AND m.user_id = :userId', { userId })
    .addSelect('m.role', 'member_role')
    .orderBy('m.created_at', 'ASC')
    .getRawAndEntities();
  return rows.entities.map((team, i) => ({ team, role: (rows.raw[i] as { member_role: TeamRole }).member_role }));
}

export const findTeam = (db: Db, teamId: string): Promise<TeamEntity> => db.getRepository(TeamEntity).findOneByOrFail({ id: teamId });

export const findTeamByCode = (db: Db, teamCode: string): Promise<TeamEntity | null> => db.getRepository(TeamEntity).findOneBy({ teamCode });

export async function insertTeamWithOwner(m: EntityManager, team: NewTeam, owner: NewMember): Promise<void> {
  await m.getRepository(TeamEntity).insert(team);
  await m.getRepository(TeamMemberEntity).insert(owner);
}

export async function insertMember(m: EntityManager, member: NewMember): Promise<void> {
  await m.getRepository(TeamMemberEntity).insert(member);
}

export async function membersWithUsers(db: Db, teamId: string): Promise<MemberWithUser[]> {
  const members = await db.getRepository(TeamMemberEntity).find({ where: { teamId }, relations: { user: true }, order: { createdAt: 'ASC' } });
  return members as MemberWithUser[];
}

export async function memberWithUser(db: Db, teamId: string, userId: string): Promise<MemberWithUser> {
  return (await db.getRepository(TeamMemberEntity).findOneOrFail({ where: { teamId, userId }, relations: { user: true } })) as MemberWithUser;
}

export const findMember = (db: Db, teamId: string, userId: string): Promise<TeamMemberEntity | null> =>
  db.getRepository(TeamMemberEntity).findOneBy({ teamId, userId });

export const isTeamMember = (db: Db, teamId: string, userId: string): Promise<boolean> =>
  db.getRepository(TeamMemberEntity).existsBy({ teamId, userId });

export async function deleteMember(m: EntityManager, memberId: string): Promise<void> {
  await m.getRepository(TeamMemberEntity).delete({ id: memberId });
}

/** Projects of the team a user reaches only through it (not those they were invited to as a guest). */
export async function projectsOnlyThroughTeam(sql: Sql, teamId: string, userId: string): Promise<string[]> {
  const rows: { id: string }[] = await sql.query(
    `SELECT p.id FROM projects p WHERE p.team_id = $1
       AND NOT EXISTS (SELECT 1 FROM project_members pm WHERE pm.project_id = p.id AND pm.user_id = $2)`,
    [teamId, userId],
  );
  return rows.map((p) => p.id);
}

export async function teamProjectIds(sql: Sql, teamId: string): Promise<string[]> {
  const rows: { id: string }[] = await sql.query(`SELECT id FROM projects WHERE team_id = $1`, [teamId]);
  return rows.map((p) => p.id);
}

/** The owner's and admins' user ids. */
export async function managerIds(sql: Sql, teamId: string): Promise<string[]> {
  const rows: { user_id: string }[] = await sql.query(
    `SELECT user_id FROM team_members WHERE team_id = $1 AND role IN ('owner', 'admin')`,
    [teamId],
  );
  return rows.map((r) => r.user_id);
}

/**
 * Ends every invite link handed out for a team (both roles) and, unless told not to, for its projects: the next
 * link asked for gets a new token. Run when someone leaves, so a link they kept does not let them back in.
 */
export async function revokeTeamInvites(sql: Sql, teamId: string, { projects = true } = {}): Promise<void> {
  await sql.query(`UPDATE teams SET invite_token = NULL, admin_invite_token = NULL WHERE id = $1`, [teamId]);
  if (projects) await sql.query(`UPDATE projects SET invite_token = NULL WHERE team_id = $1`, [teamId]);
}

/** The team's invite token for a role, set to `fresh` first if it has none; null if there is no such team. */
export async function teamInviteToken(sql: Sql, teamId: string, role: 'admin' | 'member', fresh: string): Promise<string | null> {
  const column = role === 'admin' ? 'admin_invite_token' : 'invite_token';
  // Set the token once; concurrent callers all read the one that won.
  await sql.query(`UPDATE teams SET ${column} = $2 WHERE id = $1 AND ${column} IS NULL`, [teamId, fresh]);
  const rows: { token: string | null }[] = await sql.query(`SELECT ${column} AS token FROM teams WHERE id = $1`, [teamId]);
  return rows[0]?.token ?? null;
}

/** The team an invite token belongs to and the role it grants; `lock` locks the team's row. */
export async function teamByInviteToken(sql: Sql, token: string, lock = false): Promise<{ id: string; name: string; role: TeamRole } | null> {
  const rows: { id: string; name: string; role: TeamRole }[] = await sql.query(
    `SELECT id, name, CASE WHEN admin_invite_token = $1 THEN 'admin' ELSE 'member' END AS role
       FROM teams WHERE invite_token = $1 OR admin_invite_token = $1 ${lock ? 'FOR UPDATE' : ''}`,
    [token],
  );
  return rows[0] ?? null;
}

export async function insertJoinRequest(m: EntityManager, request: Pick<TeamJoinRequestEntity, 'id' | 'teamId' | 'userId' | 'status'>): Promise<void> {
  await m.getRepository(TeamJoinRequestEntity).insert(request);
}

export const findJoinRequest = (db: Db, requestId: string): Promise<TeamJoinRequestEntity | null> =>
  db.getRepository(TeamJoinRequestEntity).findOneBy({ id: requestId });

export async function joinRequestWithUser(db: Db, requestId: string): Promise<JoinRequestWithUser> {
  return (await db.getRepository(TeamJoinRequestEntity).findOneOrFail({ where: { id: requestId }, relations: { user: true } })) as JoinRequestWithUser;
}

export async function pendingJoinRequests(db: Db, teamId: string): Promise<JoinRequestWithUser[]> {
  const requests = await db.getRepository(TeamJoinRequestEntity).find({
    where: { teamId, status: 'pending' },
    relations: { user: true },
    order: { requestedAt: 'ASC' },
  });
  return requests as JoinRequestWithUser[];
}

/** Answers a request if it is still pending; false when it was answered already. */
export async function answerJoinRequest(sql: Sql, requestId: string, response: JoinResponse, actorId: string): Promise<boolean> {
  const [, changed]: [unknown, number] = await sql.query(
    `UPDATE team_join_requests SET status = $2, responded_at = now(), responded_by = $3 WHERE id = $1 AND status = 'pending'`,
    [requestId, response, actorId],
  );
  return changed === 1;
}

/** An open request of theirs is answered by their joining through a link. */
export async function approvePendingRequestOf(sql: Sql, teamId: string, userId: string): Promise<void> {
  await sql.query(
    `UPDATE team_join_requests SET status = 'approved', responded_at = now(), responded_by = NULL
      WHERE team_id = $1 AND user_id = $2 AND status = 'pending'`,
    [teamId, userId],
  );
}
