import Stripe from 'stripe';
import { expect, type MockInstance } from 'vitest';
import type { ApiClient, TestServer } from './harness.js';

// Issue 7: plans and billing. Provider events are signed offline with the SDK (as Stripe signs them) and
// delivered to the real webhook route; live mode runs against a fake Stripe client (no network here).

export type EventType =
  | 'checkout.session.completed'
  | 'customer.subscription.created'
  | 'customer.subscription.updated'
  | 'customer.subscription.deleted'
  | 'invoice.payment_failed'
  | 'customer.created';

export const nowSeconds = () => Math.floor(Date.now() / 1000);
let eventCounter = 0;
const eventId = () => `evt_test_${process.pid}_${++eventCounter}`;

export function stripeEvent(type: EventType, object: Record<string, unknown>, created = nowSeconds(), id = eventId()) {
  return { id, object: 'event', api_version: Stripe.API_VERSION, created, livemode: false, type, data: { object } };
}

export function subscription(
  id: string,
  teamId: string,
  status: string,
  { price = 'price_test_pro', plan = 'pro', customer = 'cus_test_fixture' }: { price?: string; plan?: string; customer?: string } = {},
) {
  return {
    id,
    object: 'subscription',
    status,
    customer,
    metadata: { teamId, plan },
    items: { object: 'list', data: [{ id: `si_${id}`, object: 'subscription_item', quantity: 1, price: { id: price, object: 'price' } }] },
  };
}

export async function deliver(target: TestServer, payload: string, signature: string | null, headers: Record<string, string> = {}) {
  const res = await fetch(`${target.url}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', ...(signature ? { 'stripe-signature': signature } : {}), ...headers },
    body: payload,
  });
  return { status: res.status, body: (await res.json()) as { message?: string; received?: boolean; outcome?: string } };
}

const noEmitSpy = (): never => {
  throw new Error('teamUpdates reads the emit spy given to billingFixtures');
};

/**
 * The helpers of the billing suites, over the file's test-mode server (and its bus's `emit` spy): signing and
 * sending events to it, reading a team's billing row, starting and paying test checkouts.
 */
export function billingFixtures(server: () => TestServer, emit: () => MockInstance = noEmitSpy) {
  const secret = () => server().config.billing.webhookSecret;

  const sign = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? secret(), timestamp: options.timestamp });

  /** Signs and delivers an event the way Stripe does. */
  async function send(event: object, target = server(), signingSecret = secret()) {
    const payload = JSON.stringify(event);
    return deliver(target, payload, sign(payload, { secret: signingSecret }));
  }

  async function teamRow(teamId: string, target = server()) {
    const [row] = await target.dataSource.query(
      `SELECT subscription_plan, subscription_status, stripe_customer_id, stripe_subscription_id, updated_at FROM teams WHERE id = $1`,
      [teamId],
    );
    return row as {
      subscription_plan: string;
      subscription_status: string;
      stripe_customer_id: string | null;
      stripe_subscription_id: string | null;
      updated_at: Date;
    };
  }

  const count = async (sql: string, params: unknown[]) => Number((await server().dataSource.query(sql, params))[0].n);

  /** team:updated emissions about one team since the spy was last cleared for it. */
  const teamUpdates = (teamId: string) =>
    emit().mock.calls.filter(([, event, payload]) => event === 'team:updated' && (payload as { teamId: string }).teamId === teamId);

  const origin = () => server().url;
  const checkoutBody = (teamId: string, priceId = 'pro_plan') => ({
    teamId,
    priceId,
    successUrl: `${origin()}/upgrade/success?teamId=${teamId}&session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${origin()}/upgrade?teamId=${teamId}`,
  });

  /** Starts a test-mode checkout and pays it; answers the session id and the payment's response. */
  async function payTestCheckout(client: ApiClient, teamId: string, priceId = 'pro_plan') {
    const start = await client.post('/api/create-checkout-session', checkoutBody(teamId, priceId));
    expect(start.status).toBe(200);
    const sessionId = start.body.checkoutUrl.replace('/checkout/test/', '');
    const paid = await client.post(`/api/billing/test-checkout/${sessionId}/pay`);
    expect(paid.status).toBe(200);
    return { sessionId, paid };
  }

  return { secret, sign, send, teamRow, count, teamUpdates, origin, checkoutBody, payTestCheckout };
}
