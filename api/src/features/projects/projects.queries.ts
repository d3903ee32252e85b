import { ProjectEntity, ProjectMemberEntity, TeamMemberEntity } from '@planline/db';
import type { EntityManager } from 'typeorm';
import type { Db, Sql } from '../access/access.queries.js';

/** Projects' SQL: project rows, their guests (project_members) and invite tokens. */

export type PersonRow = { id: string; first_name: string; last_name: string; email: string; profile_image_url: string | null };
type NewProject = Pick<ProjectEntity, 'id' | 'name' | 'description' | 'teamId' | 'status' | 'projectCode'> & Partial<Pick<ProjectEntity, 'startDate'>>;
type ProjectFields = Pick<
  ProjectEntity,
  'name' | 'status' | 'description' | 'startDate' | 'endDate' | 'autoSchedule' | 'workingWeekdays' | 'holidays' | 'holidayNames' | 'editedBy'
>;

export async function insertProject(m: EntityManager, project: NewProject): Promise<void> {
  await m.getRepository(ProjectEntity).insert(project);
}

export const findProject = (db: Db, projectId: string): Promise<ProjectEntity> =>
  db.getRepository(ProjectEntity).findOneByOrFail({ id: projectId });

/** The project's row, locked until the transaction ends (a check-then-write on it). */
export const lockProject = (m: EntityManager, projectId: string): Promise<ProjectEntity> =>
  m.getRepository(ProjectEntity).findOneOrFail({ where: { id: projectId }, lock: { mode: 'pessimistic_write' } });

export async function updateProject(db: Db, projectId: string, fields: ProjectFields): Promise<void> {
  await db.getRepository(ProjectEntity).update({ id: projectId }, { ...fields, updatedAt: new Date() });
}

export const teamProjects = (db: Db, teamId: string): Promise<ProjectEntity[]> =>
  db.getRepository(ProjectEntity).find({ where: { teamId }, order: { createdAt: 'ASC' } });

/** Every project a user can open, oldest first, and whether they reach it through its team (else as a guest). */
export async function projectsOfUser(db: Db, userId: string): Promise<{ project: ProjectEntity; viaTeam: boolean }[]> {
  const list = await db
    .getRepository(ProjectEntity)
    .createQueryBuilder('p')
    .leftJoin(TeamMemberEntity, 'tm', 'tm.team_id = p.team_id AND tm.user_id = :userId', { userId })
    .leftJoin(ProjectMemberEntity, 'pm', 'pm.project_id = p.id AND pm.user_id = :userId', { userId })
    .addSelect('tm.id IS NOT NULL', 'via_team')
    .where('tm.id IS NOT NULL OR pm.id IS NOT NULL')
    .orderBy('p.created_at', 'ASC')
    .getRawAndEntities();
  return list.entities.map((project, i) => ({ project, viaTeam: (list.raw[i] as { via_team: boolean }).via_team }));
}

export async function teamMemberIds(sql: Sql, teamId: string): Promise<string[]> {
  const rows: { user_id: string }[] = await sql.query(`SELECT user_id FROM team_members WHERE team_id = $1`, [teamId]);
  return rows.map((r) => r.user_id);
}

/** The project's people, by name: everyone (team members and guests), or its guests who are not in the team. */
export function projectPeople(sql: Sql, projectId: string, which: 'all' | 'guests'): Promise<PersonRow[]> {
  const teamMembers = `SELECT tm.user_id FROM projects p JOIN team_members tm ON tm.team_id = p.team_id WHERE p.id = $1`;
  const guests = `SELECT pm.user_id FROM project_members pm WHERE pm.project_id = $1`;
  return sql.query(
    `SELECT u.id, u.first_name, u.last_name, u.email, u.profile_image_url
       FROM users u
      WHERE ${which === 'all' ? `u.id IN (${teamMembers} UNION ${guests})` : `u.id IN (${guests}) AND u.id NOT IN (${teamMembers})`}
      ORDER BY lower(u.first_name), lower(u.last_name), u.id`,
    [projectId],
  );
}

export const isGuest = (db: Db, projectId: string, userId: string): Promise<boolean> =>
  db.getRepository(ProjectMemberEntity).existsBy({ projectId, userId });

/** Whether the user is a guest of any of the team's projects (so already counted in its headcount). */
export async function isGuestInTeam(sql: Sql, teamId: string, userId: string): Promise<boolean> {
  const rows: unknown[] = await sql.query(
    `SELECT 1 FROM project_members pm JOIN projects p ON p.id = pm.project_id WHERE p.team_id = $1 AND pm.user_id = $2 LIMIT 1`,
    [teamId, userId],
  );
  return rows.length > 0;
}

export async function insertGuest(m: EntityManager, projectId: string, userId: string, id: string): Promise<void> {
  await m.getRepository(ProjectMemberEntity).insert({ id, projectId, userId, role: 'member' });
}

/** Takes a guest out of the project; false if they were not one. */
export async function deleteGuest(m: EntityManager, projectId: string, userId: string): Promise<boolean> {
  const removed = await m.getRepository(ProjectMemberEntity).delete({ projectId, userId });
  return !!removed.affected;
}

/** Sets the project's invite token: `onlyIfNone` keeps one already set (concurrent callers all read the winner). */
export async function setProjectInviteToken(sql: Sql, projectId: string, token: string | null, { onlyIfNone = false } = {}): Promise<void> {
  await sql.query(`UPDATE projects SET invite_token = $2 WHERE id = $1${onlyIfNone ? ' AND invite_token IS NULL' : ''}`, [projectId, token]);
}

export const projectByInviteToken = (db: Db, token: string): Promise<ProjectEntity | null> =>
  db.getRepository(ProjectEntity).findOneBy({ inviteToken: token });
