import type { TeamRole } from '../schemas/enums.js';

/**
 * [team-roles] Who may do what in a team (issue 3). Any member reads the team, its members and projects and
 * works on projects; owner and admins manage membership; nobody removes the owner.
 */
export const canManageJoinRequests = (role: TeamRole) => role === 'owner' || role === 'admin';

export function canRemoveMember(actor: TeamRole, target: TeamRole): boolean {
  return canManageJoinRequests(actor) && target !== 'owner';
}

/** Roles an actor may put in an invite link: owner and admins invite as admin or member, members as member. */
export function invitableRoles(actor: TeamRole): TeamRole[] {
  return canManageJoinRequests(actor) ? ['admin', 'member'] : ['member'];
}

export const canInviteAs = (actor: TeamRole, role: TeamRole) => invitableRoles(actor).includes(role);

/** [plan-owner] Only the owner changes a team's plan (starts a checkout): they are the one who pays. */
export const canChangePlan = (role: TeamRole) => role === 'owner';
