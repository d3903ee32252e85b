import { describe, expect, it } from 'vitest';
import { BILLING_PRICES, checkoutSessionInputSchema } from '../schemas/billing.js';
import {
  afterPaymentFailure,
  checkPlanPurchase,
  isChangeableSubscription,
  planOfSubscription,
  planPurchase,
  subscriptionStatusFromStripe,
  SUBSCRIPTION_EVENT_RANK as RANK,
  supersedes,
  teamSubscription,
  type SubscriptionSnapshot,
} from './subscriptions.js';

const at = (second: number) => new Date(Date.UTC(2026, 10, 22, 12, 0, second));
const snap = (status: SubscriptionSnapshot['status'], second: number, rank: number, plan: SubscriptionSnapshot['plan'] = 'pro') => ({
  status,
  plan,
  at: at(second),
  rank,
});

/** Every ordering of a list. */
function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}

/** Applies snapshots in the order given, as the webhook does: each only if it supersedes what is kept. */
function replay(events: readonly SubscriptionSnapshot[]): SubscriptionSnapshot | null {
  let kept: SubscriptionSnapshot | null = null;
  for (const event of events) if (supersedes(kept, event)) kept = event;
  return kept;
}

describe('subscription rules', () => {
  it('[stripe-status] maps every Stripe status; unknown ones are left alone', () => {
    expect(subscriptionStatusFromStripe('active')).toBe('active');
    expect(subscriptionStatusFromStripe('trialing')).toBe('active');
    expect(subscriptionStatusFromStripe('past_due')).toBe('past_due');
    expect(subscriptionStatusFromStripe('unpaid')).toBe('past_due');
    expect(subscriptionStatusFromStripe('canceled')).toBe('canceled');
    expect(subscriptionStatusFromStripe('incomplete_expired')).toBe('canceled');
    expect(subscriptionStatusFromStripe('incomplete')).toBe('incomplete');
    expect(subscriptionStatusFromStripe('paused')).toBe('paused');
    expect(subscriptionStatusFromStripe('something_new')).toBeNull();
  });

  it('[subscription-plan] the price decides before the metadata; neither gives null', () => {
    const prices = { price_pro: 'pro', price_ent: 'enterprise' } as const;
    expect(planOfSubscription({ priceIds: ['price_ent'], metadataPlan: 'pro' }, prices)).toBe('enterprise');
    expect(planOfSubscription({ priceIds: ['price_other'], metadataPlan: 'pro' }, prices)).toBe('pro');
    expect(planOfSubscription({ priceIds: [], metadataPlan: 'free' }, prices)).toBeNull();
    expect(planOfSubscription({ priceIds: [], metadataPlan: undefined }, prices)).toBeNull();
  });

  it('[subscription-order] all 6 orderings of created, updated and deleted end canceled', () => {
    const events = [
      snap('active', 1, RANK['customer.subscription.created']),
      snap('past_due', 2, RANK['customer.subscription.updated']),
      snap('canceled', 3, RANK['customer.subscription.deleted']),
    ];
    const orders = permutations(events);
    expect(orders).toHaveLength(6);
    for (const order of orders) expect(replay(order)).toBe(events[2]);
  });

  it('[subscription-order] the newest object wins in any order, also within one second by lifecycle rank', () => {
    const events = [
      snap('incomplete', 5, RANK['customer.subscription.created']),
      snap('active', 5, RANK['customer.subscription.updated']),
      snap('active', 9, RANK['customer.subscription.updated'], 'enterprise'),
      snap('past_due', 7, RANK['invoice.payment_failed']),
    ];
    for (const order of permutations(events)) expect(replay(order)).toBe(events[2]);
  });

  it('[subscription-order] a canceled subscription never comes back; a repeat of the same state changes nothing', () => {
    const canceled = snap('canceled', 3, RANK['customer.subscription.deleted']);
    expect(supersedes(canceled, snap('active', 60, RANK['customer.subscription.updated']))).toBe(false);
    const active = snap('active', 3, RANK['customer.subscription.updated']);
    expect(supersedes(active, { at: at(3), rank: RANK['customer.subscription.updated'] })).toBe(false);
    expect(supersedes(active, { at: at(2), rank: RANK['customer.subscription.deleted'] })).toBe(false);
  });

  it('[payment-failed] only an active subscription becomes past due, and only from a newer event', () => {
    const active = snap('active', 3, RANK['customer.subscription.updated'], 'enterprise');
    expect(afterPaymentFailure(active, at(4))).toMatchObject({ status: 'past_due', plan: 'enterprise', at: at(4) });
    expect(afterPaymentFailure(active, at(2))).toBeNull();
    expect(afterPaymentFailure(snap('incomplete', 1, 1), at(4))).toBeNull();
    expect(afterPaymentFailure(snap('canceled', 1, 3), at(4))).toBeNull();
    expect(afterPaymentFailure(null, at(4))).toBeNull();
    expect(active.status).toBe('active');
  });

  it('[team-subscription] the highest live plan wins, active before past due; else the newest ended one', () => {
    const sub = (id: string, s: SubscriptionSnapshot) => ({ id, ...s });
    expect(teamSubscription([])).toBeNull();
    expect(teamSubscription([sub('a', snap('incomplete', 1, 1))])).toBeNull();
    expect(
      teamSubscription([sub('a', snap('active', 1, 1)), sub('b', snap('past_due', 2, 2, 'enterprise')), sub('c', snap('canceled', 9, 3, 'enterprise'))]),
    ).toEqual({ subscriptionId: 'b', plan: 'enterprise', status: 'past_due' });
    expect(teamSubscription([sub('a', snap('past_due', 5, 2)), sub('b', snap('active', 1, 1))])).toEqual({
      subscriptionId: 'b',
      plan: 'pro',
      status: 'active',
    });
    expect(teamSubscription([sub('a', snap('canceled', 1, 3)), sub('b', snap('paused', 4, 2, 'enterprise'))])).toEqual({
      subscriptionId: 'b',
      plan: 'enterprise',
      status: 'canceled',
    });
  });
});

describe('plan purchase', () => {
  it('[plan-purchase] refuses the plan a team already pays for, or a lower one; allows an upgrade or a fresh start', () => {
    expect(checkPlanPurchase({ subscriptionPlan: 'pro', subscriptionStatus: 'active' }, 'pro')).toEqual({
      ok: false,
      message: 'This team is already on the Pro plan.',
    });
    expect(checkPlanPurchase({ subscriptionPlan: 'enterprise', subscriptionStatus: 'past_due' }, 'pro')).toEqual({
      ok: false,
      message: 'This team is already on the Enterprise plan, which includes everything in Pro.',
    });
    expect(checkPlanPurchase({ subscriptionPlan: 'pro', subscriptionStatus: 'active' }, 'enterprise')).toEqual({ ok: true });
    expect(checkPlanPurchase({ subscriptionPlan: 'pro', subscriptionStatus: 'canceled' }, 'pro')).toEqual({ ok: true });
    expect(checkPlanPurchase({ subscriptionPlan: 'free', subscriptionStatus: 'trial' }, 'pro')).toEqual({ ok: true });
  });

  it('[plan-change] a paying team asking for a higher plan changes its subscription; otherwise a checkout or a refusal', () => {
    type Team = Parameters<typeof planPurchase>[0];
    const team = (subscriptionPlan: Team['subscriptionPlan'], subscriptionStatus: Team['subscriptionStatus'], stripeSubscriptionId: string | null = 'sub_1') =>
      ({ subscriptionPlan, subscriptionStatus, stripeSubscriptionId }) satisfies Team;
    // Paying for Pro (also while Stripe retries a payment): the Pro subscription becomes Enterprise, no second one.
    expect(planPurchase(team('pro', 'active'), 'enterprise')).toEqual({ kind: 'change-subscription', subscriptionId: 'sub_1', from: 'pro' });
    expect(planPurchase(team('pro', 'past_due'), 'enterprise')).toEqual({ kind: 'change-subscription', subscriptionId: 'sub_1', from: 'pro' });
    // Nothing billing: a new checkout.
    expect(planPurchase(team('pro', 'canceled'), 'enterprise')).toEqual({ kind: 'checkout' });
    expect(planPurchase(team('pro', 'canceled'), 'pro')).toEqual({ kind: 'checkout' });
    expect(planPurchase(team('free', 'trial', null), 'pro')).toEqual({ kind: 'checkout' });
    expect(planPurchase(team('free', 'trial', null), 'enterprise')).toEqual({ kind: 'checkout' });
    // A paid plan with no subscription id (set by hand, not by the provider) has nothing to change.
    expect(planPurchase(team('pro', 'active', null), 'enterprise')).toEqual({ kind: 'checkout' });
    // The same plan or a lower one: refused, whatever the subscription.
    expect(planPurchase(team('pro', 'active'), 'pro')).toEqual({ kind: 'refuse', message: 'This team is already on the Pro plan.' });
    expect(planPurchase(team('enterprise', 'past_due'), 'pro')).toEqual({
      kind: 'refuse',
      message: 'This team is already on the Enterprise plan, which includes everything in Pro.',
    });
    expect(planPurchase(team('enterprise', 'active'), 'enterprise').kind).toBe('refuse');
  });

  it('[plan-change] only a subscription the provider still bills is changed', () => {
    for (const status of ['active', 'trialing', 'past_due', 'unpaid']) expect(isChangeableSubscription(status), status).toBe(true);
    for (const status of ['canceled', 'incomplete_expired', 'incomplete', 'paused', 'something_new']) {
      expect(isChangeableSubscription(status), status).toBe(false);
    }
  });
});

describe('checkout input', () => {
  const valid = {
    teamId: '6f1c1f7e-3c2a-4d53-9d3b-2f1f8b7c0a11',
    priceId: 'pro_plan',
    successUrl: 'http://localhost:3000/upgrade/success?session_id={CHECKOUT_SESSION_ID}',
    cancelUrl: 'http://localhost:3000/upgrade',
  };

  it('[checkout-input] takes the two price ids and absolute http(s) URLs; names the field otherwise', () => {
    expect(checkoutSessionInputSchema.safeParse(valid).success).toBe(true);
    expect(checkoutSessionInputSchema.safeParse({ ...valid, priceId: 'price_123' }).error?.issues[0]?.message).toBe(
      'Unknown plan: priceId must be pro_plan or enterprise_plan',
    );
    expect(checkoutSessionInputSchema.safeParse({ ...valid, successUrl: '/upgrade/success' }).error?.issues[0]?.message).toBe(
      'successUrl must be an absolute http(s) URL',
    );
    expect(checkoutSessionInputSchema.safeParse({ ...valid, cancelUrl: 'javascript:alert(1)' }).success).toBe(false);
  });

  it('[plans] prices follow the pricing table: Pro $15, Enterprise $25 a month', () => {
    expect(BILLING_PRICES).toEqual([
      { id: 'pro_plan', plan: 'pro', amountCents: 1500, currency: 'usd', interval: 'month' },
      { id: 'enterprise_plan', plan: 'enterprise', amountCents: 2500, currency: 'usd', interval: 'month' },
    ]);
  });
});
