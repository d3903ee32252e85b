import { checkMemberLimit, checkProjectLimit, effectivePlan, type LimitCheck, type Plan, type TeamRole } from '@planline/domain';
import type { TeamEntity } from '@planline/db';
import type { EntityManager } from 'typeorm';
import { AppError } from '../../errors.js';
import {
  lockTeamRow,
  projectAccess,
  teamHeadcount,
  teamProjectCount,
  teamRole,
  type ProjectAccess,
  type Sql,
} from './access.queries.js';

/**
 * The checks every feature shares: who is in a team or may open a project, the team lock, and the plan's limits.
 * A feature's own rules (who may invite, remove, pay) are in its *.policy.ts, built on these.
 */

export const TEAM_NOT_FOUND = 'Team not found';
export const PROJECT_NOT_FOUND = 'Project not found';
export const INVITE_MANAGERS_ONLY = 'Only the team owner or an admin can see or change invite links';

/**
 * The caller's role in a team, or 404: outsiders are not told whether a team exists (issue 3: 404 for
 * what they may not know exists, 403 for what they may see but not change).
 */
export async function requireTeamRole(sql: Sql, userId: string, teamId: string): Promise<TeamRole> {
  const role = await teamRole(sql, userId, teamId);
  if (!role) throw new AppError('not_found', TEAM_NOT_FOUND);
  return role;
}

/**
 * How the caller reaches a project (its team's members and its guests: the one guest rule of docs/security.md,
 * for REST and the document alike), or 404.
 */
export async function requireProjectAccess(sql: Sql, userId: string, projectId: string): Promise<ProjectAccess> {
  const access = await projectAccess(sql, userId, projectId);
  if (!access) throw new AppError('not_found', PROJECT_NOT_FOUND);
  return access;
}

/** The same rule for project documents. Every member and guest edits; read-only roles, if any come, map to 'read'. */
export async function documentAccess(sql: Sql, userId: string, projectId: string): Promise<'write' | null> {
  return (await projectAccess(sql, userId, projectId)) ? 'write' : null;
}

/**
 * Locks a team's row for the rest of the transaction, or 404: every check-then-act on a team (limits, approvals,
 * invite use) goes through here first, so concurrent requests take turns.
 */
export async function lockTeam(manager: EntityManager, teamId: string): Promise<TeamEntity> {
  const team = await lockTeamRow(manager, teamId);
  if (!team) throw new AppError('not_found', TEAM_NOT_FOUND);
  return team;
}

export function teamPlan(team: TeamEntity, now: Date): Plan {
  return effectivePlan(team, now);
}

/** The 402 of ARCHITECTURE §6, `{ message, requiredPlan, teamOwnerId, requiresUpgrade: true }`, when a limit refuses. */
export function requireWithinLimit(check: LimitCheck, team: Pick<TeamEntity, 'ownerId'>): void {
  if (check.ok) return;
  throw new AppError('payment_required', check.message, {
    requiredPlan: check.requiredPlan,
    teamOwnerId: team.ownerId,
    requiresUpgrade: true,
  });
}

/** Room in the team's plan for one more person (members and guests count); 402 otherwise. Under lockTeam. */
export async function requireRoomForPerson(sql: Sql, team: TeamEntity, now: Date): Promise<void> {
  requireWithinLimit(checkMemberLimit(teamPlan(team, now), await teamHeadcount(sql, team.id)), team);
}

/** Room in the team's plan for one more project; 402 otherwise. Under lockTeam. */
export async function requireRoomForProject(sql: Sql, team: TeamEntity, now: Date): Promise<void> {
  requireWithinLimit(checkProjectLimit(teamPlan(team, now), await teamProjectCount(sql, team.id)), team);
}
