import type { JoinRequest, TeamMember, TeamSummary } from '@planline/domain';

/*
 * Pure updaters for the team caches, shared by mutations and live events. Each returns a new list (or the same
 * one when nothing changes) and never mutates its input.
 */

/** Adds a pending request once; answered requests never enter the pending list. */
export function addJoinRequest(list: readonly JoinRequest[], request: JoinRequest): JoinRequest[] {
  if (request.status !== 'pending' || list.some((r) => r.id === request.id)) return [...list];
  return [...list, request];
}

export function removeJoinRequest(list: readonly JoinRequest[], requestId: string): JoinRequest[] {
  return list.filter((r) => r.id !== requestId);
}

/** Joining by invite link answers the person's open request without a separate event. */
export function removeJoinRequestsOf(list: readonly JoinRequest[], userId: string): JoinRequest[] {
  return list.filter((r) => r.user.id !== userId);
}

/** [join-requests-badge] The sidebar badge: how many requests wait for an answer. */
export function pendingRequestCount(list: readonly JoinRequest[] | undefined): number {
  return list?.filter((r) => r.status === 'pending').length ?? 0;
}

/** Adds a member, or replaces the entry of the same person (a role change arrives the same way). */
export function upsertMember(list: readonly TeamMember[], member: TeamMember): TeamMember[] {
  const index = list.findIndex((m) => m.userId === member.userId);
  if (index === -1) return [...list, member];
  return list.map((m, i) => (i === index ? member : m));
}

export function removeMemberFrom(list: readonly TeamMember[], userId: string): TeamMember[] {
  return list.filter((m) => m.userId !== userId);
}

export function removeTeam(list: readonly TeamSummary[], teamId: string): TeamSummary[] {
  return list.filter((t) => t.id !== teamId);
}

type TeamPlanFields = Pick<TeamSummary, 'subscriptionPlan' | 'subscriptionStatus' | 'trialEndsAt' | 'effectivePlan'>;

/** [plan-live] A team's new plan (after a payment or a lapse), written into a cached list of teams. */
export function withTeamPlan<T extends TeamSummary>(list: readonly T[], teamId: string, plan: TeamPlanFields): T[] {
  return list.map((t) =>
    t.id === teamId
      ? {
          ...t,
          subscriptionPlan: plan.subscriptionPlan,
          subscriptionStatus: plan.subscriptionStatus,
          trialEndsAt: plan.trialEndsAt,
          effectivePlan: plan.effectivePlan,
        }
      : t,
  );
}
