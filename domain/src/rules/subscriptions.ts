import { paidPlanSchema, planOffer, type PaidPlan } from '../plans.js';
import type { ProviderSubscriptionStatus, SubscriptionStatus } from '../schemas/enums.js';
import { isPayingStatus, planRank, type TeamPlanState } from './plan-limits.js';

/**
 * [stripe-status] Stripe's subscription status in our terms: active and trialing pay; past_due and unpaid are
 * being retried; canceled and incomplete_expired are over for good; incomplete (first payment not yet made) and
 * paused change no plan. null: a status this code does not know, so the event is left alone.
 */
export function subscriptionStatusFromStripe(status: string): ProviderSubscriptionStatus | null {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
    case 'unpaid':
      return 'past_due';
    case 'canceled':
    case 'incomplete_expired':
      return 'canceled';
    case 'incomplete':
      return 'incomplete';
    case 'paused':
      return 'paused';
    default:
      return null;
  }
}

/**
 * [subscription-plan] The plan a subscription pays for: its price first (a plan changed at the provider changes
 * the price, not the metadata we wrote), else the plan in its metadata; null when neither names one.
 */
export function planOfSubscription(
  subscription: { priceIds: readonly string[]; metadataPlan: string | null | undefined },
  planByPrice: Readonly<Record<string, PaidPlan>>,
): PaidPlan | null {
  for (const price of subscription.priceIds) {
    const plan = planByPrice[price];
    if (plan) return plan;
  }
  const fromMetadata = paidPlanSchema.safeParse(subscription.metadataPlan);
  return fromMetadata.success ? fromMetadata.data : null;
}

/**
 * Where an event stands in a subscription's life, to order events stamped in the same second (Stripe's `created`
 * has one-second resolution, and a checkout makes several at once): completed < created < updated < deleted.
 */
export const SUBSCRIPTION_EVENT_RANK = {
  'checkout.session.completed': 0,
  'customer.subscription.created': 1,
  'customer.subscription.updated': 2,
  'invoice.payment_failed': 2,
  'customer.subscription.deleted': 3,
} as const;

/** One subscription's state as an event showed it: stamped with the event's time and rank. */
export interface SubscriptionSnapshot {
  status: ProviderSubscriptionStatus;
  plan: PaidPlan;
  /** The provider event's `created` time. */
  at: Date;
  rank: number;
}

/**
 * [subscription-order] Does `next` replace the state last applied? Webhooks arrive in any order and more than
 * once, so each carries the whole subscription object and the newest one wins: a later event time, or the same
 * second and a later lifecycle rank. A canceled subscription never comes back (Stripe never reactivates one).
 */
export function supersedes(current: SubscriptionSnapshot | null, next: Pick<SubscriptionSnapshot, 'at' | 'rank'>): boolean {
  if (!current) return true;
  if (current.status === 'canceled') return false;
  const diff = next.at.getTime() - current.at.getTime();
  return diff > 0 || (diff === 0 && next.rank > current.rank);
}

/**
 * [payment-failed] A failed invoice makes an active subscription past due (Stripe's retries begin); it says
 * nothing new about one that is incomplete, paused, past due already or over. null: no change.
 */
export function afterPaymentFailure(current: SubscriptionSnapshot | null, at: Date): SubscriptionSnapshot | null {
  if (!current || current.status !== 'active') return null;
  const next = { ...current, status: 'past_due' as const, at, rank: SUBSCRIPTION_EVENT_RANK['invoice.payment_failed'] };
  return supersedes(current, next) ? next : null;
}

export interface TeamSubscription {
  subscriptionId: string;
  plan: PaidPlan;
  status: SubscriptionStatus;
}

const LIVE: readonly ProviderSubscriptionStatus[] = ['active', 'past_due'];
const ENDED: readonly ProviderSubscriptionStatus[] = ['canceled', 'paused'];

/**
 * [team-subscription] What a team's plan fields say, from all its subscriptions: the highest plan among the live
 * ones (active or past due; active first, then the newest), else the newest ended one (canceled or paused: the
 * team keeps the plan's name but status `canceled`, so it acts as Free). null when the team has only incomplete
 * subscriptions, or none: its plan fields stay as they are (a trial keeps running).
 */
export function teamSubscription(subscriptions: readonly (SubscriptionSnapshot & { id: string })[]): TeamSubscription | null {
  const live = subscriptions
    .filter((s) => LIVE.includes(s.status))
    .sort(
      (a, b) =>
        planRank(b.plan) - planRank(a.plan) ||
        Number(b.status === 'active') - Number(a.status === 'active') ||
        b.at.getTime() - a.at.getTime(),
    );
  const best = live[0];
  if (best) return { subscriptionId: best.id, plan: best.plan, status: best.status === 'active' ? 'active' : 'past_due' };
  const ended = subscriptions.filter((s) => ENDED.includes(s.status)).sort((a, b) => b.at.getTime() - a.at.getTime())[0];
  return ended ? { subscriptionId: ended.id, plan: ended.plan, status: 'canceled' } : null;
}

/**
 * [plan-purchase] A team already paying for a plan (active or past due) cannot start a checkout for it again, nor
 * for a lower plan: a second subscription would bill twice and change nothing (the highest plan counts).
 */
export function checkPlanPurchase(
  team: Pick<TeamPlanState, 'subscriptionPlan' | 'subscriptionStatus'>,
  plan: PaidPlan,
): { ok: true } | { ok: false; message: string } {
  if (!isPayingStatus(team.subscriptionStatus) || team.subscriptionPlan === 'free') return { ok: true };
  if (planRank(team.subscriptionPlan) < planRank(plan)) return { ok: true };
  const current = planOffer(team.subscriptionPlan).title;
  return {
    ok: false,
    message:
      team.subscriptionPlan === plan
        ? `This team is already on the ${current} plan.`
        : `This team is already on the ${current} plan, which includes everything in ${planOffer(plan).title}.`,
  };
}

/** What asking for a plan does to a team's billing (POST /api/create-checkout-session). */
export type PlanPurchase =
  /** A new subscription through a checkout: the team pays for no plan, or has no provider subscription to change. */
  | { kind: 'checkout' }
  /** The subscription the team pays through moves to the higher plan: still one subscription, billed once. */
  | { kind: 'change-subscription'; subscriptionId: string; from: PaidPlan }
  | { kind: 'refuse'; message: string };

/**
 * [plan-change] A team paying for a plan (active or past due) through a provider subscription that asks for a
 * higher plan has that subscription changed in place: a new checkout would start a second subscription and leave
 * the first one billing too. The same plan or a lower one is refused (plan-purchase). A team paying for nothing
 * (free, trial, canceled), or with no subscription id to change, goes through a new checkout.
 */
export function planPurchase(
  team: Pick<TeamPlanState, 'subscriptionPlan' | 'subscriptionStatus'> & { stripeSubscriptionId: string | null },
  plan: PaidPlan,
): PlanPurchase {
  const purchase = checkPlanPurchase(team, plan);
  if (!purchase.ok) return { kind: 'refuse', message: purchase.message };
  if (isPayingStatus(team.subscriptionStatus) && team.subscriptionPlan !== 'free' && team.stripeSubscriptionId) {
    return { kind: 'change-subscription', subscriptionId: team.stripeSubscriptionId, from: team.subscriptionPlan };
  }
  return { kind: 'checkout' };
}

/**
 * [plan-change] Whether the provider still bills a subscription (its own status, read just before changing it):
 * one that has ended meanwhile is not changed, and a new checkout takes its place.
 */
export function isChangeableSubscription(stripeStatus: string): boolean {
  const status = subscriptionStatusFromStripe(stripeStatus);
  return status !== null && LIVE.includes(status);
}
