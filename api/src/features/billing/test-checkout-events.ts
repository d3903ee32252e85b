import { createHash } from 'node:crypto';
import { billingPrice, type PaidPlan } from '@planline/domain';
import { STRIPE_API_VERSION } from './stripe-client.js';

/**
 * The events Stripe sends when a subscription checkout is paid, as test mode makes them: the same shapes (the
 * fields our webhook reads and the usual ones around them), ids with Stripe's prefixes and `_test_`.
 */

/**
 * An id derived from what it is about (the checkout session, or the subscription): paying one session twice, even
 * at the same moment, makes the same subscription and the same events, which the webhook then applies once.
 */
export function derivedTestId(prefix: 'sub' | 'si' | 'evt', source: string, part = ''): string {
  return `${prefix}_test_${createHash('sha256').update(`${source}:${prefix}:${part}`).digest('base64url').slice(0, 24)}`;
}

export interface PaidTestCheckout {
  sessionId: string;
  teamId: string;
  plan: PaidPlan;
  /** The provider price id the subscription is for (test mode's own). */
  priceId: string;
  customerId: string;
  email: string;
  successUrl: string;
  cancelUrl: string;
  /** When it was paid, in seconds since the epoch (Stripe's `created`). */
  paidAt: number;
}

const MONTH_SECONDS = 30 * 24 * 60 * 60;

function event(id: string, type: string, created: number, object: Record<string, unknown>, previousAttributes?: Record<string, unknown>) {
  return {
    id,
    object: 'event',
    api_version: STRIPE_API_VERSION,
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: previousAttributes ? { object, previous_attributes: previousAttributes } : { object },
  };
}

export type TestEvent = ReturnType<typeof event>;

interface TestSubscription {
  id: string;
  /** Its one item (Stripe keeps the item's id when the price changes). */
  itemId: string;
  teamId: string;
  plan: PaidPlan;
  priceId: string;
  customerId: string | null;
  /** Stripe's status. */
  status: 'active' | 'past_due';
  /** When it began, and when its current month began, in seconds since the epoch. */
  startedAt: number;
  periodStart: number;
}

/** A subscription object as Stripe sends it in customer.subscription.* events. */
function subscriptionObject(sub: TestSubscription) {
  const { amountCents, currency, interval } = billingPrice(sub.plan);
  return {
    id: sub.id,
    object: 'subscription',
    status: sub.status,
    livemode: false,
    created: sub.startedAt,
    start_date: sub.startedAt,
    customer: sub.customerId,
    currency,
    cancel_at_period_end: false,
    collection_method: 'charge_automatically',
    metadata: { teamId: sub.teamId, plan: sub.plan },
    items: {
      object: 'list',
      has_more: false,
      data: [
        {
          id: sub.itemId,
          object: 'subscription_item',
          quantity: 1,
          subscription: sub.id,
          current_period_start: sub.periodStart,
          current_period_end: sub.periodStart + MONTH_SECONDS,
          price: {
            id: sub.priceId,
            object: 'price',
            active: true,
            currency,
            unit_amount: amountCents,
            type: 'recurring',
            recurring: { interval, interval_count: 1, usage_type: 'licensed' },
            metadata: { plan: sub.plan },
          },
        },
      ],
    },
  };
}

/** checkout.session.completed, then customer.subscription.created (active), in the order Stripe sends them. */
export function paidCheckoutEvents(paid: PaidTestCheckout): TestEvent[] {
  const { amountCents, currency } = billingPrice(paid.plan);
  const subscriptionId = derivedTestId('sub', paid.sessionId);
  const metadata = { teamId: paid.teamId, plan: paid.plan };
  const session = {
    id: paid.sessionId,
    object: 'checkout.session',
    mode: 'subscription',
    status: 'complete',
    payment_status: 'paid',
    livemode: false,
    created: paid.paidAt,
    customer: paid.customerId,
    customer_details: { email: paid.email },
    subscription: subscriptionId,
    client_reference_id: paid.teamId,
    metadata,
    amount_subtotal: amountCents,
    amount_total: amountCents,
    currency,
    success_url: paid.successUrl,
    cancel_url: paid.cancelUrl,
  };
  const subscription = subscriptionObject({
    id: subscriptionId,
    itemId: derivedTestId('si', paid.sessionId),
    teamId: paid.teamId,
    plan: paid.plan,
    priceId: paid.priceId,
    customerId: paid.customerId,
    status: 'active',
    startedAt: paid.paidAt,
    periodStart: paid.paidAt,
  });
  return [
    event(derivedTestId('evt', paid.sessionId, 'checkout.session.completed'), 'checkout.session.completed', paid.paidAt, session),
    event(derivedTestId('evt', paid.sessionId, 'customer.subscription.created'), 'customer.subscription.created', paid.paidAt, subscription),
  ];
}

export interface TestPlanChange extends Omit<TestSubscription, 'plan' | 'priceId'> {
  from: { plan: PaidPlan; priceId: string };
  to: { plan: PaidPlan; priceId: string };
  /** Which change of this subscription this is (the state it changes from): the same change makes the same event. */
  changeKey: string;
  /** Stripe's `created` for the event, in seconds since the epoch. */
  at: number;
}

/**
 * customer.subscription.updated for a subscription whose price was changed in place (an upgrade with
 * `proration_behavior: 'always_invoice'`): the same subscription and item, the new price and our metadata, and
 * what changed in `previous_attributes`, as Stripe sends it.
 */
export function planChangedEvent(change: TestPlanChange): TestEvent {
  const { from, to, changeKey, at, ...sub } = change;
  const object = subscriptionObject({ ...sub, plan: to.plan, priceId: to.priceId });
  const before = subscriptionObject({ ...sub, plan: from.plan, priceId: from.priceId });
  return event(
    derivedTestId('evt', sub.id, `customer.subscription.updated:${to.plan}:${changeKey}`),
    'customer.subscription.updated',
    at,
    object,
    { items: before.items, metadata: before.metadata },
  );
}
