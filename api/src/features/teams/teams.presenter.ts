import type { TeamEntity, TeamJoinRequestEntity, TeamMemberEntity, UserEntity } from '@planline/db';
import {
  PLAN_LIMITS,
  type JoinRequest,
  type MemberUser,
  type Plan,
  type TeamDetail,
  type TeamMember,
  type TeamPlan,
  type TeamRole,
  type TeamSummary,
} from '@planline/domain';

export function presentMemberUser(user: UserEntity): MemberUser {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    profileImageUrl: user.profileImageUrl,
  };
}

export function presentTeamSummary(team: TeamEntity, role: TeamRole, plan: Plan): TeamSummary {
  return {
    id: team.id,
    name: team.name,
    teamCode: team.teamCode,
    subscriptionStatus: team.subscriptionStatus,
    trialEndsAt: team.trialEndsAt?.toISOString() ?? null,
    ownerId: team.ownerId,
    subscriptionPlan: team.subscriptionPlan,
    effectivePlan: plan,
    role,
  };
}

const finite = (n: number) => (Number.isFinite(n) ? n : null);

/** What a plan allows, null meaning unlimited. */
export function presentLimits(plan: Plan): TeamDetail['limits'] {
  return { maxProjects: finite(PLAN_LIMITS[plan].maxProjects), maxMembers: finite(PLAN_LIMITS[plan].maxMembers) };
}

/** A team's plan fields and limits, as the `team:updated` event carries them. */
export function presentTeamPlan(team: TeamEntity, plan: Plan): TeamPlan {
  return {
    id: team.id,
    ownerId: team.ownerId,
    subscriptionPlan: team.subscriptionPlan,
    subscriptionStatus: team.subscriptionStatus,
    trialEndsAt: team.trialEndsAt?.toISOString() ?? null,
    effectivePlan: plan,
    limits: presentLimits(plan),
  };
}

export function presentTeamDetail(
  team: TeamEntity,
  role: TeamRole,
  plan: Plan,
  counts: { members: number; guests: number; projects: number },
): TeamDetail {
  return {
    ...presentTeamSummary(team, role, plan),
    description: team.description,
    createdAt: team.createdAt.toISOString(),
    memberCount: counts.members,
    guestCount: counts.guests,
    projectCount: counts.projects,
    limits: presentLimits(plan),
  };
}

export function presentMember(member: TeamMemberEntity & { user: UserEntity }): TeamMember {
  return {
    id: member.id,
    teamId: member.teamId,
    userId: member.userId,
    role: member.role,
    createdAt: member.createdAt.toISOString(),
    user: presentMemberUser(member.user),
  };
}

export function presentJoinRequest(request: TeamJoinRequestEntity & { user: UserEntity }): JoinRequest {
  return {
    id: request.id,
    teamId: request.teamId,
    status: request.status,
    requestedAt: request.requestedAt.toISOString(),
    user: presentMemberUser(request.user),
  };
}
