import { randomInt, randomUUID } from 'node:crypto';
import { isUniqueViolation, ProjectEntity, ProjectMemberEntity, TeamMemberEntity, type UserEntity } from '@planline/db';
import {
  checkMemberLimit,
  checkProjectLimit,
  generateProjectCode,
  rooms,
  type CreateProjectInput,
  type MemberUser,
  type Project,
  type ProjectInviteInfo,
  type ProjectJoinResult,
  type UpdateProjectInput,
} from '@planline/domain';
import type { RealtimeBus } from '@planline/realtime';
import type { DataSource } from 'typeorm';
import { AppError } from '../../errors.js';
import {
  lockTeam,
  PROJECT_NOT_FOUND,
  requireProjectAccess,
  requireTeamRole,
  teamHeadcount,
  teamPlan,
} from '../access/access.js';
import { newInviteToken } from '../teams/teams.service.js';
import { presentProject, presentProjectEvent } from './projects.presenter.js';

const CODE_ATTEMPTS = 10;
export const INVALID_PROJECT_INVITE =
  'This project invitation link is invalid or has expired. Please request a new invitation from the project owner.';

export class ProjectsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly bus: RealtimeBus,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private get projects() {
    return this.dataSource.getRepository(ProjectEntity);
  }

  /** Creates a project inside the team's plan limit (402 past it), with a unique code like ABC-1234. */
  async create(userId: string, input: CreateProjectInput): Promise<Project> {
    const id = randomUUID();
    for (let attempt = 0; ; attempt++) {
      try {
        await this.dataSource.transaction(async (m) => {
          await requireTeamRole(m, userId, input.teamId);
          const team = await lockTeam(m, input.teamId);
          const count = await m.getRepository(ProjectEntity).countBy({ teamId: team.id });
          const check = checkProjectLimit(teamPlan(team, this.now()), count);
          if (!check.ok) {
            throw new AppError('payment_required', check.message, {
              requiredPlan: check.requiredPlan,
              teamOwnerId: team.ownerId,
              requiresUpgrade: true,
            });
          }
          await m.getRepository(ProjectEntity).insert({
            id,
            name: input.name,
            description: input.description || null,
            teamId: team.id,
            status: input.status,
            projectCode: generateProjectCode(input.name, randomInt),
          });
        });
        break;
      } catch (err) {
        if (isUniqueViolation(err) && attempt < CODE_ATTEMPTS) continue;
        throw err;
      }
    }
    const project = await this.projects.findOneByOrFail({ id });
    this.bus.emit(rooms.team(project.teamId), 'project:created', { project: presentProjectEvent(project) });
    // Team members' sockets follow the new project's room.
    const members: { user_id: string }[] = await this.dataSource.query(`SELECT user_id FROM team_members WHERE team_id = $1`, [project.teamId]);
    for (const member of members) this.bus.joinRooms(member.user_id, [rooms.project(project.id)]);
    return presentProject(project, 'team');
  }

  async listForTeam(userId: string, teamId: string): Promise<Project[]> {
    await requireTeamRole(this.dataSource, userId, teamId);
    const list = await this.projects.find({ where: { teamId }, order: { createdAt: 'ASC' } });
    return list.map((p) => presentProject(p, 'team'));
  }

  /** Every project a user can open: their teams' projects and the ones they were invited to. */
  async listForUser(userId: string): Promise<Project[]> {
    const list = await this.projects
      .createQueryBuilder('p')
      .leftJoin(TeamMemberEntity, 'tm', 'tm.team_id = p.team_id AND tm.user_id = :userId', { userId })
      .leftJoin(ProjectMemberEntity, 'pm', 'pm.project_id = p.id AND pm.user_id = :userId', { userId })
      .addSelect('tm.id IS NOT NULL', 'via_team')
      .where('tm.id IS NOT NULL OR pm.id IS NOT NULL')
      .orderBy('p.created_at', 'ASC')
      .getRawAndEntities();
    return list.entities.map((p, i) => presentProject(p, (list.raw[i] as { via_team: boolean }).via_team ? 'team' : 'guest'));
  }

  /** Team members change a project's name, status, description and dates; guests work on its tasks only. */
  async update(userId: string, projectId: string, input: UpdateProjectInput): Promise<Project> {
    const access = await requireProjectAccess(this.dataSource, userId, projectId);
    if (access.access !== 'team') throw new AppError('forbidden', 'Only members of the project\'s team can change the project');
    const current = await this.projects.findOneByOrFail({ id: projectId });
    const next = {
      name: input.name ?? current.name,
      status: input.status ?? current.status,
      description: input.description === undefined ? current.description : input.description || null,
      startDate: input.startDate === undefined ? current.startDate : input.startDate,
      endDate: input.endDate === undefined ? current.endDate : input.endDate,
    };
    if (next.startDate && next.endDate && next.endDate < next.startDate) {
      throw new AppError('validation_failed', 'End date cannot be before start date', {
        issues: [{ path: 'endDate', message: 'End date cannot be before start date' }],
      });
    }
    await this.projects.update({ id: projectId }, { ...next, updatedAt: new Date() });
    const project = await this.projects.findOneByOrFail({ id: projectId });
    this.bus.emit([rooms.team(project.teamId), rooms.project(project.id)], 'project:updated', { project: presentProjectEvent(project) });
    return presentProject(project, 'team');
  }

  /**
   * Everyone who can work on a project (members of its team and its guests), for assignee pickers and names.
   * Readable by anyone with access to the project, guests included: they cannot list the team itself.
   */
  async people(userId: string, projectId: string): Promise<MemberUser[]> {
    await requireProjectAccess(this.dataSource, userId, projectId);
    const rows: { id: string; first_name: string; last_name: string; email: string; profile_image_url: string | null }[] =
      await this.dataSource.query(
        `SELECT u.id, u.first_name, u.last_name, u.email, u.profile_image_url
           FROM users u
          WHERE u.id IN (SELECT tm.user_id FROM projects p JOIN team_members tm ON tm.team_id = p.team_id WHERE p.id = $1
                         UNION SELECT pm.user_id FROM project_members pm WHERE pm.project_id = $1)
          ORDER BY lower(u.first_name), lower(u.last_name), u.id`,
        [projectId],
      );
    return rows.map((r) => ({ id: r.id, firstName: r.first_name, lastName: r.last_name, email: r.email, profileImageUrl: r.profile_image_url }));
  }

  async inviteLink(userId: string, projectId: string, origin: string): Promise<{ inviteLink: string }> {
    const access = await requireProjectAccess(this.dataSource, userId, projectId);
    if (access.access !== 'team') throw new AppError('forbidden', 'Only members of the project\'s team can invite people');
    await this.dataSource.query(`UPDATE projects SET invite_token = $2 WHERE id = $1 AND invite_token IS NULL`, [projectId, newInviteToken()]);
    const { inviteToken } = await this.projects.findOneByOrFail({ id: projectId });
    return { inviteLink: new URL(`/project-invite/${inviteToken}`, origin).toString() };
  }

  async inviteInfo(token: string): Promise<ProjectInviteInfo> {
    const project = await this.projects.findOneBy({ inviteToken: token });
    if (!project) throw new AppError('not_found', INVALID_PROJECT_INVITE);
    return { projectName: project.name, projectCode: project.projectCode };
  }

  /** Joins one project as a guest; a new person counts toward the team's member limit (402 past it). */
  async join(user: UserEntity, token: string): Promise<ProjectJoinResult> {
    const result = await this.dataSource.transaction(async (m) => {
      const project = await m.getRepository(ProjectEntity).findOneBy({ inviteToken: token });
      if (!project) throw new AppError('not_found', INVALID_PROJECT_INVITE);
      const team = await lockTeam(m, project.teamId);
      const inTeam = await m.getRepository(TeamMemberEntity).existsBy({ teamId: team.id, userId: user.id });
      const guest = await m.getRepository(ProjectMemberEntity).existsBy({ projectId: project.id, userId: user.id });
      if (inTeam || guest) return { project, joined: false };
      const alreadyCounted: unknown[] = await m.query(
        `SELECT 1 FROM project_members pm JOIN projects p ON p.id = pm.project_id WHERE p.team_id = $1 AND pm.user_id = $2 LIMIT 1`,
        [team.id, user.id],
      );
      if (alreadyCounted.length === 0) {
        const check = checkMemberLimit(teamPlan(team, this.now()), await teamHeadcount(m, team.id));
        if (!check.ok) {
          throw new AppError('payment_required', check.message, {
            requiredPlan: check.requiredPlan,
            teamOwnerId: team.ownerId,
            requiresUpgrade: true,
          });
        }
      }
      await m.getRepository(ProjectMemberEntity).insert({ id: randomUUID(), projectId: project.id, userId: user.id, role: 'member' });
      return { project, joined: true };
    });
    if (result.joined) {
      this.bus.joinRooms(user.id, [rooms.project(result.project.id)]);
      this.bus.emit(rooms.user(user.id), 'access:changed', { teamId: null });
    }
    return { projectId: result.project.id, teamId: result.project.teamId, alreadyMember: !result.joined };
  }
}

export { PROJECT_NOT_FOUND };
