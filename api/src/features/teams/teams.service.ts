import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { isUniqueViolation, type UserEntity } from '@planline/db';
import {
  DAY_MS,
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
  type TeamSummary,
} from '@planline/domain';
import type { RealtimeBus } from '@planline/realtime';
import type { DataSource } from 'typeorm';
import { AppError } from '../../errors.js';
import { lockTeam, requireRoomForPerson, requireTeamRole, teamPlan, TEAM_NOT_FOUND } from '../access/access.policy.js';
import { teamPeopleCounts, teamProjectCount } from '../access/access.queries.js';
import type { Notifier } from '../notifications/notifier.js';
import { presentJoinRequest, presentMember, presentTeamDetail, presentTeamSummary } from './teams.presenter.js';
import { requireInviter, requireJoinRequestReader, requireJoinRequestResponder, requireRemovableMember } from './teams.policy.js';
import {
  answerJoinRequest,
  approvePendingRequestOf,
  deleteMember,
  findTeam,
  findTeamByCode,
  insertJoinRequest,
  insertMember,
  insertTeamWithOwner,
  isTeamMember,
  joinRequestWithUser,
  managerIds,
  membersWithUsers,
  memberWithUser,
  pendingJoinRequests,
  projectsOnlyThroughTeam,
  revokeTeamInvites,
  teamByInviteToken,
  teamInviteToken,
  teamProjectIds,
  teamsOfUser,
} from './teams.queries.js';

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
    private readonly notifier?: Notifier,
  ) {}

  async listForUser(userId: string): Promise<TeamSummary[]> {
    const now = this.now();
    return (await teamsOfUser(this.dataSource, userId)).map(({ team, role }) => presentTeamSummary(team, role, teamPlan(team, now)));
  }

  async get(userId: string, teamId: string): Promise<TeamDetail> {
    const role = await requireTeamRole(this.dataSource, userId, teamId);
    const team = await findTeam(this.dataSource, teamId);
    const [people, projects] = await Promise.all([teamPeopleCounts(this.dataSource, teamId), teamProjectCount(this.dataSource, teamId)]);
    return presentTeamDetail(team, role, teamPlan(team, this.now()), { ...people, projects });
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
        await this.dataSource.transaction((m) =>
          insertTeamWithOwner(m, team, { id: randomUUID(), teamId: team.id, userId: owner.id, role: 'owner' }),
        );
      } catch (err) {
        // A code clash is rare (31^8 codes); try another. Any other failure is real.
        if (isUniqueViolation(err) && attempt < CODE_ATTEMPTS) continue;
        throw err;
      }
      this.bus.joinRooms(owner.id, [rooms.team(team.id)]);
      this.bus.emit(rooms.user(owner.id), 'access:changed', { teamId: team.id });
      const saved = await findTeam(this.dataSource, team.id);
      return presentTeamSummary(saved, 'owner', teamPlan(saved, now));
    }
  }

  async members(userId: string, teamId: string): Promise<TeamMember[]> {
    await requireTeamRole(this.dataSource, userId, teamId);
    return (await membersWithUsers(this.dataSource, teamId)).map(presentMember);
  }

  async removeMember(actorId: string, teamId: string, targetUserId: string): Promise<void> {
    const removedProjects = await this.dataSource.transaction(async (m) => {
      const actorRole = await requireTeamRole(m, actorId, teamId);
      await lockTeam(m, teamId);
      const target = await requireRemovableMember(m, actorRole, teamId, targetUserId);
      await deleteMember(m, target.id);
      // Links they may have kept (the team's, and its projects') would let them straight back in.
      await revokeTeamInvites(m, teamId);
      return projectsOnlyThroughTeam(m, teamId, targetUserId);
    });
    this.bus.leaveRooms(targetUserId, [rooms.team(teamId), ...removedProjects.map(rooms.project)]);
    this.bus.closeProjectDocuments(targetUserId, removedProjects);
    this.bus.emit([rooms.team(teamId), rooms.user(targetUserId)], 'member:removed', { teamId, userId: targetUserId });
    this.bus.emit(rooms.user(targetUserId), 'access:changed', { teamId });
  }

  /**
   * The team's invite link for a role, for the owner and admins only; the role is bound to the token (a member
   * token and an admin token per team), so editing the URL grants nothing.
   */
  async inviteLink(actorId: string, teamId: string, role: 'admin' | 'member', origin: string): Promise<TeamInviteLink> {
    await requireInviter(this.dataSource, actorId, teamId, role);
    return this.currentInviteLink(teamId, role, origin);
  }

  /** A new token for every team link: links handed out before stop working. Answers the new link for `role`. */
  async regenerateInviteLink(actorId: string, teamId: string, role: 'admin' | 'member', origin: string): Promise<TeamInviteLink> {
    await this.dataSource.transaction(async (m) => {
      await requireInviter(m, actorId, teamId, role);
      await lockTeam(m, teamId);
      await revokeTeamInvites(m, teamId, { projects: false });
    });
    return this.currentInviteLink(teamId, role, origin);
  }

  private async currentInviteLink(teamId: string, role: 'admin' | 'member', origin: string): Promise<TeamInviteLink> {
    const token = await teamInviteToken(this.dataSource, teamId, role, newInviteToken());
    if (!token) throw new AppError('not_found', TEAM_NOT_FOUND);
    const url = new URL(`/invite/${teamId}`, origin);
    url.searchParams.set('token', token);
    url.searchParams.set('role', role);
    return { inviteLink: url.toString(), role };
  }

  async inviteInfo(token: string): Promise<TeamInviteInfo> {
    const team = await teamByInviteToken(this.dataSource, token);
    if (!team) throw new AppError('not_found', INVALID_TEAM_INVITE);
    return { teamId: team.id, teamName: team.name, role: team.role };
  }

  /** Joins through an invite link, inside the team's member limit (402 past it). */
  async joinByToken(user: UserEntity, token: string): Promise<TeamJoinResult> {
    const outcome = await this.dataSource.transaction(async (m) => {
      const invite = await teamByInviteToken(m, token, true);
      if (!invite) throw new AppError('not_found', INVALID_TEAM_INVITE);
      const team = await lockTeam(m, invite.id);
      if (await isTeamMember(m, team.id, user.id)) return { team, joined: false };
      await requireRoomForPerson(m, team, this.now());
      await insertMember(m, { id: randomUUID(), teamId: team.id, userId: user.id, role: invite.role });
      await approvePendingRequestOf(m, team.id, user.id);
      return { team, joined: true };
    });
    if (outcome.joined) await this.announceJoin(outcome.team.id, user.id);
    return { teamId: outcome.team.id, alreadyMember: !outcome.joined };
  }

  async requestJoin(user: UserEntity, teamCode: string): Promise<{ id: string; status: 'pending' }> {
    const team = await findTeamByCode(this.dataSource, teamCode);
    if (!team) throw new AppError('not_found', 'No team has this code. Check the code and try again.');
    const request = { id: randomUUID(), teamId: team.id, userId: user.id, status: 'pending' as const };
    await this.dataSource.transaction(async (m) => {
      if (await isTeamMember(m, team.id, user.id)) throw new AppError('conflict', 'You are already a member of this team');
      try {
        await insertJoinRequest(m, request);
      } catch (err) {
        if (isUniqueViolation(err)) {
          throw new AppError('conflict', 'You have already asked to join this team. The owner has not answered yet.');
        }
        throw err;
      }
    });
    const saved = await joinRequestWithUser(this.dataSource, request.id);
    this.bus.emit(await this.managerRooms(team.id), 'joinRequest:created', { teamId: team.id, request: presentJoinRequest(saved) });
    void this.notifier?.joinRequested(team.id, user.id);
    return { id: request.id, status: 'pending' };
  }

  async pendingRequests(actorId: string, teamId: string): Promise<JoinRequest[]> {
    await requireJoinRequestReader(this.dataSource, actorId, teamId);
    return (await pendingJoinRequests(this.dataSource, teamId)).map(presentJoinRequest);
  }

  /**
   * Approves or denies a pending request exactly once: the team row is locked, the request must still be
   * pending, and approval must fit the plan (402 otherwise, leaving the request pending).
   */
  async respond(actorId: string, requestId: string, response: JoinResponse): Promise<{ id: string; status: JoinResponse }> {
    const request = await requireJoinRequestResponder(this.dataSource, actorId, requestId);
    const joined = await this.dataSource.transaction(async (m) => {
      const team = await lockTeam(m, request.teamId);
      const current = await joinRequestWithUser(m, requestId);
      if (current.status !== 'pending') throw new AppError('conflict', `This request was already ${current.status}`);
      if (response === 'approved' && !(await isTeamMember(m, team.id, request.userId))) {
        await requireRoomForPerson(m, team, this.now());
        await insertMember(m, { id: randomUUID(), teamId: team.id, userId: request.userId, role: 'member' });
      }
      if (!(await answerJoinRequest(m, requestId, response, actorId))) throw new AppError('conflict', 'This request was already answered');
      return response === 'approved';
    });
    this.bus.emit([...(await this.managerRooms(request.teamId)), rooms.user(request.userId)], 'joinRequest:responded', {
      teamId: request.teamId,
      requestId,
      userId: request.userId,
      response,
    });
    void this.notifier?.joinAnswered(request.teamId, request.userId, actorId, response);
    if (joined) await this.announceJoin(request.teamId, request.userId);
    return { id: requestId, status: response };
  }

  /**
   * Join requests are the owner's and admins' business (team-roles; members get 403 on the list), so their
   * events go to those people's own rooms, not to the team's room where members would read who asked.
   */
  private async managerRooms(teamId: string): Promise<string[]> {
    return (await managerIds(this.dataSource, teamId)).map(rooms.user);
  }

  /** A new member's sockets join the team's rooms; everyone in the team sees them appear. */
  private async announceJoin(teamId: string, userId: string): Promise<void> {
    const member = await memberWithUser(this.dataSource, teamId, userId);
    const projectIds = await teamProjectIds(this.dataSource, teamId);
    this.bus.joinRooms(userId, [rooms.team(teamId), ...projectIds.map(rooms.project)]);
    this.bus.emit(rooms.team(teamId), 'member:joined', { teamId, member: presentMember(member) });
    this.bus.emit(rooms.user(userId), 'access:changed', { teamId });
  }
}
