import type { TeamRole } from '../schemas/enums.js';

/**
 * [team-roles] Who may do what in a team (issue 3). Any member reads the team, its members and projects and
 * works on projects; owner and admins manage membership; nobody removes the owner.
 */
export const canManageJoinRequests = (role: TeamRole) => role === 'owner' || role === 'admin';

export function canRemoveMember(actor: TeamRole, target: TeamRole): boolean {
  return canManageJoinRequests(actor) && target !== 'owner';
}

/**
 * [invite-links] Invite links are the owner's and admins' to read, share, regenerate and revoke (a member's copy
 * outlived their membership, issue #14); they also remove a project's guests.
 */
export const canManageInvites = (role: TeamRole) => role === 'owner' || role === 'admin';

/** Roles an actor may put in an invite link: owner and admins invite as admin or member, never as owner. */
export function invitableRoles(actor: TeamRole): TeamRole[] {
  return canManageInvites(actor) ? ['admin', 'member'] : [];
}

export const canInviteAs = (actor: TeamRole, role: TeamRole) => invitableRoles(actor).includes(role);

/** [plan-owner] Only the owner changes a team's plan (starts a checkout): they are the one who pays. */
export const canChangePlan = (role: TeamRole) => role === 'owner';
