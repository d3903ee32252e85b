import type { Plan, PaidPlan } from '../plans.js';
import type { SubscriptionStatus } from '../schemas/enums.js';

/**
 * What each plan allows a team (issue 3 rules; PRODUCT-SPEC §1, §9). Members count the owner. Baselines are per
 * project (issue 19): every plan stops at 10, Free at 1.
 */
export const PLAN_LIMITS: Record<Plan, { maxProjects: number; maxMembers: number; maxBaselinesPerProject: number }> = {
  free: { maxProjects: 3, maxMembers: 1, maxBaselinesPerProject: 1 },
  pro: { maxProjects: Number.POSITIVE_INFINITY, maxMembers: 5, maxBaselinesPerProject: 10 },
  enterprise: { maxProjects: Number.POSITIVE_INFINITY, maxMembers: Number.POSITIVE_INFINITY, maxBaselinesPerProject: 10 },
};

export interface TeamPlanState {
  subscriptionPlan: Plan;
  subscriptionStatus: SubscriptionStatus;
  trialEndsAt: Date | string | null;
}

/** A paid plan counts while it is active, and while past due: Stripe retries a failed payment for a while. */
const PAYING_STATUSES: readonly SubscriptionStatus[] = ['active', 'past_due'];
export const isPayingStatus = (status: SubscriptionStatus): boolean => PAYING_STATUSES.includes(status);

/**
 * [effective-plan] A paid plan that is active or past due (the card payment provider is retrying the payment),
 * else Pro during an unexpired trial, else Free. `now` is a parameter: rules never read the clock.
 */
export function effectivePlan(team: TeamPlanState, now: Date): Plan {
  if (isPayingStatus(team.subscriptionStatus) && team.subscriptionPlan !== 'free') return team.subscriptionPlan;
  if (team.subscriptionStatus === 'trial' && team.trialEndsAt && new Date(team.trialEndsAt).getTime() > now.getTime()) {
    return 'pro';
  }
  return 'free';
}

const PLAN_ORDER: readonly Plan[] = ['free', 'pro', 'enterprise'];

/** Free < Pro < Enterprise. */
export const planRank = (plan: Plan): number => PLAN_ORDER.indexOf(plan);

/**
 * [account-plan] A person's plan (users.currentPlan, the plan badge): the highest paid plan among the teams they
 * own whose subscription is active or past due, else Free. A trial is not a paid plan.
 */
export function accountPlan(ownedTeams: readonly Pick<TeamPlanState, 'subscriptionPlan' | 'subscriptionStatus'>[]): Plan {
  let best: Plan = 'free';
  for (const team of ownedTeams) {
    if (isPayingStatus(team.subscriptionStatus) && planRank(team.subscriptionPlan) > planRank(best)) {
      best = team.subscriptionPlan;
    }
  }
  return best;
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

export const MSPDI_EXPORT_NEEDS_PRO = 'MS Project (XML) export is part of Pro: Free exports Excel and PDF. Upgrade the team to export for MS Project.';

/** [export-plan] PRODUCT-SPEC §6: Free exports Excel and PDF; every other format (MS Project XML) is Pro's. */
export function checkMspdiExport(plan: Plan): LimitCheck {
  return plan === 'free' ? { ok: false, requiredPlan: 'pro', message: MSPDI_EXPORT_NEEDS_PRO } : { ok: true };
}
