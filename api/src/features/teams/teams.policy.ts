import type { TeamJoinRequestEntity, TeamMemberEntity } from '@planline/db';
import { canInviteAs, canManageJoinRequests, canRemoveMember, type TeamRole } from '@planline/domain';
import { AppError } from '../../errors.js';
import type { Db, Sql } from '../access/access.queries.js';
import { INVITE_MANAGERS_ONLY, requireTeamRole } from '../access/access.policy.js';
import { findJoinRequest, findMember } from './teams.queries.js';

/** Who may hand out a team's invite link of a role: the owner and admins (the schema refuses 'owner' before this). */
export async function requireInviter(sql: Sql, actorId: string, teamId: string, role: 'admin' | 'member'): Promise<void> {
  const actorRole = await requireTeamRole(sql, actorId, teamId);
  if (!canInviteAs(actorRole, role)) throw new AppError('forbidden', INVITE_MANAGERS_ONLY);
}

/** Join requests are the owner's and admins' business (team-roles): members get 403 on the list. */
export async function requireJoinRequestReader(sql: Sql, actorId: string, teamId: string): Promise<void> {
  const role = await requireTeamRole(sql, actorId, teamId);
  if (!canManageJoinRequests(role)) throw new AppError('forbidden', 'Only the team owner or an admin can see join requests');
}

/** The request the actor may answer; someone who is not in its team learns nothing about it (404). */
export async function requireJoinRequestResponder(db: Db, actorId: string, requestId: string): Promise<TeamJoinRequestEntity> {
  const request = await findJoinRequest(db, requestId);
  const actorRole = request ? await requireTeamRole(db, actorId, request.teamId).catch(() => null) : null;
  if (!request || !actorRole) throw new AppError('not_found', 'Join request not found');
  if (!canManageJoinRequests(actorRole)) {
    throw new AppError('forbidden', 'Only the team owner or an admin can respond to join requests');
  }
  return request;
}

/** The membership the actor may end: never the owner's; admins and the owner remove others (team-roles). */
export async function requireRemovableMember(db: Db, actorRole: TeamRole, teamId: string, targetUserId: string): Promise<TeamMemberEntity> {
  const target = await findMember(db, teamId, targetUserId);
  if (!target) throw new AppError('not_found', 'That person is not a member of this team');
  if (target.role === 'owner') throw new AppError('forbidden', 'The team owner cannot be removed');
  if (!canRemoveMember(actorRole, target.role)) {
    throw new AppError('forbidden', 'Only the team owner or an admin can remove members');
  }
  return target;
}
