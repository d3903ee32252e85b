import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import {
  isUniqueViolation,
  ProjectEntity,
  TeamEntity,
  TeamJoinRequestEntity,
  TeamMemberEntity,
  type UserEntity,
} from '@planline/db';
import {
  canInviteAs,
  canManageJoinRequests,
  canRemoveMember,
  checkMemberLimit,
  generateTeamCode,
  rooms,
  TRIAL_DAYS,
  type CreateTeamInput,
  type JoinRequest,
  type JoinResponse,
  type TeamDetail,
  type TeamInviteInfo,
  type TeamInviteLink,
  type TeamJoinResult,
  type TeamMember,
  type TeamRole,
  type TeamSummary,
} from '@planline/domain';
import type { RealtimeBus } from '@planline/realtime';
import type { DataSource, EntityManager } from 'typeorm';
import { AppError } from '../../errors.js';
import { lockTeam, requireTeamRole, teamHeadcount, teamPlan, TEAM_NOT_FOUND } from '../access/access.js';
import { presentJoinRequest, presentMember, presentTeamDetail, presentTeamSummary } from './teams.presenter.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const CODE_ATTEMPTS = 10;
export const INVALID_TEAM_INVITE = 'This invite link is invalid or has expired. Please ask for a new invitation.';

/** Invite tokens: 192 bits from the CSPRNG (issue 3 asks for at least 128). */
export const newInviteToken = () => randomBytes(24).toString('base64url');

type Clock = () => Date;

export class TeamsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly bus: RealtimeBus,
    private readonly now: Clock = () => new Date(),
  ) {}

  async listForUser(userId: string): Promise<TeamSummary[]> {
    const rows = await this.dataSource
      .getRepository(TeamEntity)
      .createQueryBuilder('t')
      .innerJoin(TeamMemberEntity, 'm', 'm.team_id = t.id AND m.user_id = :userId', { userId })
      .addSelect('m.role', 'member_role')
      .orderBy('m.created_at', 'ASC')
      .getRawAndEntities();
    const now = this.now();
    return rows.entities.map((team, i) =>
      presentTeamSummary(team, (rows.raw[i] as { member_role: TeamRole }).member_role, teamPlan(team, now)),
    );
  }

  async get(userId: string, teamId: string): Promise<TeamDetail> {
    const role = await requireTeamRole(this.dataSource, userId, teamId);
    const team = await this.dataSource.getRepository(TeamEntity).findOneByOrFail({ id: teamId });
    const [members, projects] = await Promise.all([
      teamHeadcount(this.dataSource, teamId),
      this.dataSource.getRepository(ProjectEntity).countBy({ teamId }),
    ]);
    return presentTeamDetail(team, role, teamPlan(team, this.now()), { members, projects });
  }

  /** A new team: a fresh unambiguous code, its creator as owner, a 7-day trial of Pro. */
  async create(owner: UserEntity, input: CreateTeamInput): Promise<TeamSummary> {
    const now = this.now();
    for (let attempt = 0; ; attempt++) {
      const team = {
        id: randomUUID(),
        name: input.name,
        description: input.description || null,
        teamCode: generateTeamCode(randomInt),
        ownerId: owner.id,
        subscriptionPlan: 'free' as const,
        subscriptionStatus: 'trial' as const,
        trialEndsAt: new Date(now.getTime() + TRIAL_DAYS * DAY_MS),
      };
      try {
        await this.dataSource.transaction(async (m) => {
          await m.getRepository(TeamEntity).insert(team);
          await m.getRepository(TeamMemberEntity).insert({ id: randomUUID(), teamId: team.id, userId: owner.id, role: 'owner' });
        });
      } catch (err) {
        // A code clash is rare (31^8 codes); try another. Any other failure is real.
        if (isUniqueViolation(err) && attempt < CODE_ATTEMPTS) continue;
        throw err;
      }
      this.bus.joinRooms(owner.id, [rooms.team(team.id)]);
      this.bus.emit(rooms.user(owner.id), 'access:changed', { teamId: team.id });
      const saved = await this.dataSource.getRepository(TeamEntity).findOneByOrFail({ id: team.id });
      return presentTeamSummary(saved, 'owner', teamPlan(saved, now));
    }
  }

  async members(userId: string, teamId: string): Promise<TeamMember[]> {
    await requireTeamRole(this.dataSource, userId, teamId);
    const members = await this.dataSource.getRepository(TeamMemberEntity).find({
      where: { teamId },
      relations: { user: true },
      order: { createdAt: 'ASC' },
    });
    return members.map((m) => presentMember(m as TeamMemberEntity & { user: UserEntity }));
  }

  async removeMember(actorId: string, teamId: string, targetUserId: string): Promise<void> {
    const removedProjects = await this.dataSource.transaction(async (m) => {
      const actorRole = await requireTeamRole(m, actorId, teamId);
      await lockTeam(m, teamId);
      const target = await m.getRepository(TeamMemberEntity).findOneBy({ teamId, userId: targetUserId });
      if (!target) throw new AppError('not_found', 'That person is not a member of this team');
      if (target.role === 'owner') throw new AppError('forbidden', 'The team owner cannot be removed');
      if (!canRemoveMember(actorRole, target.role)) {
        throw new AppError('forbidden', 'Only the team owner or an admin can remove members');
      }
      await m.getRepository(TeamMemberEntity).delete({ id: target.id });
      // Projects they reach only through this team (not those they were invited to as a guest).
      const lost: { id: string }[] = await m.query(
        `SELECT p.id FROM projects p WHERE p.team_id = $1
           AND NOT EXISTS (SELECT 1 FROM project_members pm WHERE pm.project_id = p.id AND pm.user_id = $2)`,
        [teamId, targetUserId],
      );
      return lost.map((p) => p.id);
    });
    this.bus.leaveRooms(targetUserId, [rooms.team(teamId), ...removedProjects.map(rooms.project)]);
    this.bus.closeProjectDocuments(targetUserId, removedProjects);
    this.bus.emit([rooms.team(teamId), rooms.user(targetUserId)], 'member:removed', { teamId, userId: targetUserId });
    this.bus.emit(rooms.user(targetUserId), 'access:changed', { teamId });
  }

  /** The team's invite link for a role; the role is bound to the token, so editing the URL grants nothing. */
  async inviteLink(actorId: string, teamId: string, role: 'admin' | 'member', origin: string): Promise<TeamInviteLink> {
    const actorRole = await requireTeamRole(this.dataSource, actorId, teamId);
    if (!canInviteAs(actorRole, role)) throw new AppError('forbidden', 'Only the team owner or an admin can invite admins');
    const column = role === 'admin' ? 'admin_invite_token' : 'invite_token';
    // Set the token once; concurrent callers all read the one that won.
    await this.dataSource.query(`UPDATE teams SET ${column} = $2 WHERE id = $1 AND ${column} IS NULL`, [teamId, newInviteToken()]);
    const rows: { token: string }[] = await this.dataSource.query(`SELECT ${column} AS token FROM teams WHERE id = $1`, [teamId]);
    const token = rows[0]?.token;
    if (!token) throw new AppError('not_found', TEAM_NOT_FOUND);
    const url = new URL(`/invite/${teamId}`, origin);
    url.searchParams.set('token', token);
    url.searchParams.set('role', role);
    return { inviteLink: url.toString(), role };
  }

  private async findByInviteToken(sql: Pick<EntityManager, 'query'>, token: string, lock = false) {
    const rows: { id: string; name: string; role: TeamRole }[] = await sql.query(
      `SELECT id, name, CASE WHEN admin_invite_token = $1 THEN 'admin' ELSE 'member' END AS role
         FROM teams WHERE invite_token = $1 OR admin_invite_token = $1 ${lock ? 'FOR UPDATE' : ''}`,
      [token],
    );
    return rows[0] ?? null;
  }

  async inviteInfo(token: string): Promise<TeamInviteInfo> {
    const team = await this.findByInviteToken(this.dataSource, token);
    if (!team) throw new AppError('not_found', INVALID_TEAM_INVITE);
    return { teamId: team.id, teamName: team.name, role: team.role };
  }

  /** Joins through an invite link, inside the team's member limit (402 past it). */
  async joinByToken(user: UserEntity, token: string): Promise<TeamJoinResult> {
    const outcome = await this.dataSource.transaction(async (m) => {
      const invite = await this.findByInviteToken(m, token, true);
      if (!invite) throw new AppError('not_found', INVALID_TEAM_INVITE);
      const team = await lockTeam(m, invite.id);
      const existing = await m.getRepository(TeamMemberEntity).findOneBy({ teamId: team.id, userId: user.id });
      if (existing) return { team, member: null };
      await this.assertRoomForOneMore(m, team);
      const member = { id: randomUUID(), teamId: team.id, userId: user.id, role: invite.role };
      await m.getRepository(TeamMemberEntity).insert(member);
      // An open request of theirs is answered by this join.
      await m.query(
        `UPDATE team_join_requests SET status = 'approved', responded_at = now(), responded_by = NULL
          WHERE team_id = $1 AND user_id = $2 AND status = 'pending'`,
        [team.id, user.id],
      );
      return { team, member };
    });
    if (outcome.member) await this.announceJoin(outcome.team.id, user.id);
    return { teamId: outcome.team.id, alreadyMember: !outcome.member };
  }

  async requestJoin(user: UserEntity, teamCode: string): Promise<{ id: string; status: 'pending' }> {
    const team = await this.dataSource.getRepository(TeamEntity).findOneBy({ teamCode });
    if (!team) throw new AppError('not_found', 'No team has this code. Check the code and try again.');
    const request = { id: randomUUID(), teamId: team.id, userId: user.id, status: 'pending' as const };
    await this.dataSource.transaction(async (m) => {
      if (await m.getRepository(TeamMemberEntity).existsBy({ teamId: team.id, userId: user.id })) {
        throw new AppError('conflict', 'You are already a member of this team');
      }
      try {
        await m.getRepository(TeamJoinRequestEntity).insert(request);
      } catch (err) {
        if (isUniqueViolation(err)) {
          throw new AppError('conflict', 'You have already asked to join this team. The owner has not answered yet.');
        }
        throw err;
      }
    });
    const saved = await this.dataSource
      .getRepository(TeamJoinRequestEntity)
      .findOneOrFail({ where: { id: request.id }, relations: { user: true } });
    this.bus.emit(await this.managerRooms(team.id), 'joinRequest:created', {
      teamId: team.id,
      request: presentJoinRequest(saved as TeamJoinRequestEntity & { user: UserEntity }),
    });
    return { id: request.id, status: 'pending' };
  }

  async pendingRequests(actorId: string, teamId: string): Promise<JoinRequest[]> {
    const role = await requireTeamRole(this.dataSource, actorId, teamId);
    if (!canManageJoinRequests(role)) {
      throw new AppError('forbidden', 'Only the team owner or an admin can see join requests');
    }
    const requests = await this.dataSource.getRepository(TeamJoinRequestEntity).find({
      where: { teamId, status: 'pending' },
      relations: { user: true },
      order: { requestedAt: 'ASC' },
    });
    return requests.map((r) => presentJoinRequest(r as TeamJoinRequestEntity & { user: UserEntity }));
  }

  /**
   * Approves or denies a pending request exactly once: the team row is locked, the request must still be
   * pending, and approval must fit the plan (402 otherwise, leaving the request pending).
   */
  async respond(actorId: string, requestId: string, response: JoinResponse): Promise<{ id: string; status: JoinResponse }> {
    const request = await this.dataSource.getRepository(TeamJoinRequestEntity).findOneBy({ id: requestId });
    // Someone who is not in the team learns nothing about its requests.
    const actorRole = request ? await requireTeamRole(this.dataSource, actorId, request.teamId).catch(() => null) : null;
    if (!request || !actorRole) throw new AppError('not_found', 'Join request not found');
    if (!canManageJoinRequests(actorRole)) {
      throw new AppError('forbidden', 'Only the team owner or an admin can respond to join requests');
    }
    const joined = await this.dataSource.transaction(async (m) => {
      const team = await lockTeam(m, request.teamId);
      const current = await m.getRepository(TeamJoinRequestEntity).findOneByOrFail({ id: requestId });
      if (current.status !== 'pending') throw new AppError('conflict', `This request was already ${current.status}`);
      if (response === 'approved') {
        const alreadyMember = await m.getRepository(TeamMemberEntity).existsBy({ teamId: team.id, userId: request.userId });
        if (!alreadyMember) {
          await this.assertRoomForOneMore(m, team);
          await m.getRepository(TeamMemberEntity).insert({ id: randomUUID(), teamId: team.id, userId: request.userId, role: 'member' });
        }
      }
      const [, changed]: [unknown, number] = await m.query(
        `UPDATE team_join_requests SET status = $2, responded_at = now(), responded_by = $3 WHERE id = $1 AND status = 'pending'`,
        [requestId, response, actorId],
      );
      if (changed !== 1) throw new AppError('conflict', 'This request was already answered');
      return response === 'approved';
    });
    this.bus.emit([...(await this.managerRooms(request.teamId)), rooms.user(request.userId)], 'joinRequest:responded', {
      teamId: request.teamId,
      requestId,
      userId: request.userId,
      response,
    });
    if (joined) await this.announceJoin(request.teamId, request.userId);
    return { id: requestId, status: response };
  }

  /**
   * Join requests are the owner's and admins' business (team-roles; members get 403 on the list), so their
   * events go to those people's own rooms, not to the team's room where members would read who asked.
   */
  private async managerRooms(teamId: string): Promise<string[]> {
    const rows: { user_id: string }[] = await this.dataSource.query(
      `SELECT user_id FROM team_members WHERE team_id = $1 AND role IN ('owner', 'admin')`,
      [teamId],
    );
    return rows.map((r) => rooms.user(r.user_id));
  }

  private async assertRoomForOneMore(m: EntityManager, team: TeamEntity): Promise<void> {
    const check = checkMemberLimit(teamPlan(team, this.now()), await teamHeadcount(m, team.id));
    if (!check.ok) {
      throw new AppError('payment_required', check.message, {
        requiredPlan: check.requiredPlan,
        teamOwnerId: team.ownerId,
        requiresUpgrade: true,
      });
    }
  }

  /** A new member's sockets join the team's rooms; everyone in the team sees them appear. */
  private async announceJoin(teamId: string, userId: string): Promise<void> {
    const member = await this.dataSource
      .getRepository(TeamMemberEntity)
      .findOneOrFail({ where: { teamId, userId }, relations: { user: true } });
    const projectIds: { id: string }[] = await this.dataSource.query(`SELECT id FROM projects WHERE team_id = $1`, [teamId]);
    this.bus.joinRooms(userId, [rooms.team(teamId), ...projectIds.map((p) => rooms.project(p.id))]);
    this.bus.emit(rooms.team(teamId), 'member:joined', { teamId, member: presentMember(member as TeamMemberEntity & { user: UserEntity }) });
    this.bus.emit(rooms.user(userId), 'access:changed', { teamId });
  }
}
