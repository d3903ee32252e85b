import type { Plan, PaidPlan } from '../plans.js';
import type { SubscriptionStatus } from '../schemas/enums.js';

/** What each plan allows a team (issue 3 rules; PRODUCT-SPEC §1, §9). Members count the owner. */
export const PLAN_LIMITS: Record<Plan, { maxProjects: number; maxMembers: number }> = {
  free: { maxProjects: 3, maxMembers: 1 },
  pro: { maxProjects: Number.POSITIVE_INFINITY, maxMembers: 5 },
  enterprise: { maxProjects: Number.POSITIVE_INFINITY, maxMembers: Number.POSITIVE_INFINITY },
};

export interface TeamPlanState {
  subscriptionPlan: Plan;
  subscriptionStatus: SubscriptionStatus;
  trialEndsAt: Date | string | null;
}

/**
 * [effective-plan] An active paid plan, else Pro during an unexpired trial, else Free. `now` is a parameter:
 * rules never read the clock.
 */
export function effectivePlan(team: TeamPlanState, now: Date): Plan {
  if (team.subscriptionStatus === 'active' && team.subscriptionPlan !== 'free') return team.subscriptionPlan;
  if (team.subscriptionStatus === 'trial' && team.trialEndsAt && new Date(team.trialEndsAt).getTime() > now.getTime()) {
    return 'pro';
  }
  return 'free';
}

export type LimitCheck = { ok: true } | { ok: false; requiredPlan: PaidPlan; message: string };

function requiredPlanFor(kind: 'projects' | 'members', needed: number): PaidPlan {
  const pro = PLAN_LIMITS.pro[kind === 'projects' ? 'maxProjects' : 'maxMembers'];
  return needed <= pro ? 'pro' : 'enterprise';
}

/** [project-limit] May a team on `plan` with `currentProjects` projects create one more? */
export function checkProjectLimit(plan: Plan, currentProjects: number): LimitCheck {
  const max = PLAN_LIMITS[plan].maxProjects;
  if (currentProjects < max) return { ok: true };
  return {
    ok: false,
    requiredPlan: requiredPlanFor('projects', currentProjects + 1),
    message: `The ${plan} plan allows up to ${max} projects per team. Upgrade to add more projects.`,
  };
}

/** [member-limit] May a team on `plan` with `currentMembers` people (owner included) take one more? */
export function checkMemberLimit(plan: Plan, currentMembers: number): LimitCheck {
  const max = PLAN_LIMITS[plan].maxMembers;
  if (currentMembers < max) return { ok: true };
  const requiredPlan = requiredPlanFor('members', currentMembers + 1);
  return {
    ok: false,
    requiredPlan,
    message:
      max <= 1
        ? 'The free plan has no room for team members besides the owner. Upgrade to Pro to add up to 5 members.'
        : `This team has reached its limit of ${max} members on the ${plan} plan. Upgrade to ${requiredPlan === 'pro' ? 'Pro' : 'Enterprise'} to add more.`,
  };
}
