import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StripeCheckoutApi, StripeSubscriptionView } from '../src/features/billing/stripe-client.js';
import { billingFixtures, nowSeconds, stripeEvent, subscription } from './billing-fixtures.js';
import { startTestServer, teamWithOwner, type TestServer } from './harness.js';

// Issue 7: plans and billing in live mode: STRIPE_SECRET_KEY with a fake Stripe client (no network here). Provider
// events are signed offline with the SDK (as Stripe signs them) and delivered to the real webhook route.

// Every call below names the live server: this file starts no test-mode one.
const noTestModeServer = (): never => {
  throw new Error('billing-live has no test-mode server: pass the live one');
};
const { send, teamRow } = billingFixtures(noTestModeServer);

describe('live mode (STRIPE_SECRET_KEY, a fake Stripe client)', () => {
  let live: TestServer;
  const calls = {
    customers: [] as { params: unknown; options: unknown }[],
    sessions: [] as Stripe.Checkout.SessionCreateParams[],
    updates: [] as { id: string; params: Stripe.SubscriptionUpdateParams; options: unknown }[],
  };
  let failNext = false;
  let failNextUpdate = false;
  /** The subscriptions the fake Stripe knows, by id. */
  const stripeSubscriptions = new Map<string, StripeSubscriptionView>();
  const fake: StripeCheckoutApi = {
    customers: {
      async create(params, options) {
        calls.customers.push({ params, options });
        // Long enough for a second checkout to arrive while this one is being made.
        await new Promise((resolve) => setTimeout(resolve, 50));
        return { id: `cus_live_${calls.customers.length}` };
      },
    },
    checkout: {
      sessions: {
        async create(params) {
          if (failNext) {
            failNext = false;
            throw new Stripe.errors.StripeConnectionError({ message: 'connection refused' });
          }
          calls.sessions.push(params);
          return { id: `cs_live_${calls.sessions.length}`, url: `https://checkout.stripe.com/c/pay/cs_live_${calls.sessions.length}` };
        },
      },
    },
    subscriptions: {
      async retrieve(id) {
        const found = stripeSubscriptions.get(id);
        if (!found) throw new Stripe.errors.StripeInvalidRequestError({ message: `No such subscription: '${id}'` });
        return structuredClone(found);
      },
      async update(id, params, options) {
        if (failNextUpdate) {
          failNextUpdate = false;
          throw new Stripe.errors.StripeCardError({ message: 'Your card was declined.' });
        }
        calls.updates.push({ id, params, options });
        // Long enough for a racing request to arrive while Stripe is making the change.
        await new Promise((resolve) => setTimeout(resolve, 50));
        const found = stripeSubscriptions.get(id)!;
        for (const change of params.items ?? []) {
          const item = found.items.data.find((i) => i.id === change.id)!;
          item.price = { id: change.price! };
        }
        return structuredClone(found);
      },
    },
  };
  const liveSecret = 'whsec_live_fixture';

  beforeAll(async () => {
    live = await startTestServer(
      {
        STRIPE_SECRET_KEY: 'sk_test_fixture',
        STRIPE_WEBHOOK_SECRET: liveSecret,
        STRIPE_PRICE_PRO: 'price_live_pro',
        STRIPE_PRICE_ENTERPRISE: 'price_live_enterprise',
      },
      { stripe: fake },
    );
  });
  afterAll(async () => {
    await live?.stop();
  });

  const liveBody = (teamId: string, priceId = 'pro_plan') => ({
    teamId,
    priceId,
    successUrl: `${live.url}/upgrade/success?teamId=${teamId}&session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${live.url}/upgrade?teamId=${teamId}`,
  });

  it('[checkout-live] creates a subscription Checkout Session with the price, the team in metadata and the URLs as given', async () => {
    const { owner, team } = await teamWithOwner(live);
    expect((await owner.client.get('/api/billing/config')).body.mode).toBe('live');
    const res = await owner.client.post('/api/create-checkout-session', liveBody(team.id, 'enterprise_plan'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ checkoutUrl: `https://checkout.stripe.com/c/pay/cs_live_${calls.sessions.length}` });
    const customer = (await teamRow(team.id, live)).stripe_customer_id;
    expect(customer).toMatch(/^cus_live_/);
    expect(calls.customers.at(-1)).toEqual({
      params: { email: owner.account.email, name: 'Rocket Team', metadata: { teamId: team.id } },
      options: { idempotencyKey: `planline-team-customer-${team.id}` },
    });
    expect(calls.sessions.at(-1)).toEqual({
      mode: 'subscription',
      line_items: [{ price: 'price_live_enterprise', quantity: 1 }],
      customer,
      client_reference_id: team.id,
      metadata: { teamId: team.id, plan: 'enterprise' },
      subscription_data: { metadata: { teamId: team.id, plan: 'enterprise' } },
      success_url: liveBody(team.id).successUrl,
      cancel_url: liveBody(team.id).cancelUrl,
    });
  });

  it('[checkout-live] two checkouts started at once make one customer, reused by both and by later ones', async () => {
    const { owner, team } = await teamWithOwner(live);
    const customersBefore = calls.customers.length;
    const sessionsBefore = calls.sessions.length;
    const results = await Promise.all([
      owner.client.post('/api/create-checkout-session', liveBody(team.id)),
      owner.client.post('/api/create-checkout-session', liveBody(team.id, 'enterprise_plan')),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    await owner.client.post('/api/create-checkout-session', liveBody(team.id));
    expect(calls.customers.length - customersBefore).toBe(1);
    const customer = (await teamRow(team.id, live)).stripe_customer_id;
    expect(calls.sessions.slice(sessionsBefore).map((s) => s.customer)).toEqual([customer, customer, customer]);
  });

  it('[checkout-live] Stripe unreachable is a 503 with a message; the test checkout does not exist in live mode', async () => {
    const { owner, team } = await teamWithOwner(live);
    failNext = true;
    const res = await owner.client.post('/api/create-checkout-session', liveBody(team.id));
    expect(res.status).toBe(503);
    expect(res.body.message).toBe('The card payment provider could not start the checkout. Please try again in a moment.');
    expect((await owner.client.get('/api/billing/test-checkout/cs_test_anything')).status).toBe(404);
    expect((await owner.client.post('/api/billing/test-checkout/cs_test_anything/pay')).status).toBe(404);
  });

  it('[webhook-live] events signed with STRIPE_WEBHOOK_SECRET apply; the configured price decides the plan', async () => {
    const { owner, team } = await teamWithOwner(live);
    const event = stripeEvent(
      'customer.subscription.created',
      subscription('sub_live_1', team.id, 'active', { price: 'price_live_enterprise', plan: 'pro' }),
    );
    expect((await send(event, live, 'whsec_wrong')).status).toBe(400);
    expect(await send(event, live, liveSecret)).toEqual({ status: 200, body: { received: true, outcome: 'applied' } });
    expect(await teamRow(team.id, live)).toMatchObject({ subscription_plan: 'enterprise', subscription_status: 'active' });
    expect((await owner.client.get('/api/auth/user')).body.currentPlan).toBe('enterprise');
    const res = await owner.client.post('/api/create-checkout-session', liveBody(team.id, 'pro_plan'));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This team is already on the Enterprise plan, which includes everything in Pro.');
  });

  /** A team paying for Pro through a Stripe subscription that the fake Stripe knows too, as `status` there. */
  async function livePro(name: string, status: Stripe.Subscription.Status = 'active') {
    const { owner, team } = await teamWithOwner(live);
    const sub = `sub_live_${name}`;
    const customer = `cus_live_${name}`;
    stripeSubscriptions.set(sub, { id: sub, status, items: { data: [{ id: `si_${sub}`, price: { id: 'price_live_pro' } }] } });
    const created = stripeEvent('customer.subscription.created', subscription(sub, team.id, 'active', { price: 'price_live_pro', customer }), nowSeconds() - 60);
    expect((await send(created, live, liveSecret)).body.outcome).toBe('applied');
    expect(await teamRow(team.id, live)).toMatchObject({ subscription_plan: 'pro', subscription_status: 'active', stripe_subscription_id: sub });
    return { owner, team, sub, customer };
  }

  it('[plan-change] Pro to Enterprise updates the Pro subscription (no second checkout); its webhook moves the team', async () => {
    const { owner, team, sub, customer } = await livePro('upgrade');
    const sessions = calls.sessions.length;
    const updates = calls.updates.length;
    const res = await owner.client.post('/api/create-checkout-session', liveBody(team.id, 'enterprise_plan'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ checkoutUrl: `${live.url}/upgrade/success?teamId=${team.id}` });
    expect(calls.sessions.length).toBe(sessions);
    expect(calls.updates.slice(updates)).toEqual([
      {
        id: sub,
        params: {
          items: [{ id: `si_${sub}`, price: 'price_live_enterprise' }],
          proration_behavior: 'always_invoice',
          metadata: { teamId: team.id, plan: 'enterprise' },
        },
        options: { idempotencyKey: expect.stringMatching(new RegExp(`^planline-plan-change-${sub}-enterprise-`)) },
      },
    ]);
    // Stripe's customer.subscription.updated moves the team (the success page waits for it).
    const updated = stripeEvent(
      'customer.subscription.updated',
      subscription(sub, team.id, 'active', { price: 'price_live_enterprise', plan: 'enterprise', customer }),
    );
    expect((await send(updated, live, liveSecret)).body.outcome).toBe('applied');
    expect(await teamRow(team.id, live)).toMatchObject({ subscription_plan: 'enterprise', subscription_status: 'active', stripe_subscription_id: sub });
    expect((await owner.client.get('/api/auth/user')).body.currentPlan).toBe('enterprise');
    const rows = await live.dataSource.query(`SELECT id, plan, status FROM stripe_subscriptions WHERE team_id = $1`, [team.id]);
    expect(rows).toEqual([{ id: sub, plan: 'enterprise', status: 'active' }]);
  });

  it('[plan-change] upgrade requests racing each other update the subscription once', async () => {
    const { owner, team, sub } = await livePro('race');
    const sessions = calls.sessions.length;
    const updates = calls.updates.length;
    const results = await Promise.all(
      Array.from({ length: 3 }, () => owner.client.post('/api/create-checkout-session', liveBody(team.id, 'enterprise_plan'))),
    );
    // The webhook has not come yet, so each finds Pro in our records; the later ones find Stripe changed already.
    expect(results.map((r) => [r.status, r.body.checkoutUrl])).toEqual(Array(3).fill([200, `${live.url}/upgrade/success?teamId=${team.id}`]));
    expect(calls.updates.slice(updates).map((u) => u.id)).toEqual([sub]);
    expect(calls.sessions.length).toBe(sessions);
  });

  it('[plan-change] a subscription Stripe has ended meanwhile is not changed: a new checkout instead', async () => {
    const { owner, team, customer } = await livePro('ended', 'canceled');
    const updates = calls.updates.length;
    const res = await owner.client.post('/api/create-checkout-session', liveBody(team.id, 'enterprise_plan'));
    expect(res.status).toBe(200);
    expect(res.body.checkoutUrl).toBe(`https://checkout.stripe.com/c/pay/cs_live_${calls.sessions.length}`);
    expect(calls.sessions.at(-1)).toMatchObject({ customer, line_items: [{ price: 'price_live_enterprise', quantity: 1 }] });
    expect(calls.updates.length).toBe(updates);
  });

  it('[plan-change] Stripe refusing the update is a 503 with a message; the team stays on Pro', async () => {
    const { owner, team } = await livePro('declined');
    const sessions = calls.sessions.length;
    failNextUpdate = true;
    const res = await owner.client.post('/api/create-checkout-session', liveBody(team.id, 'enterprise_plan'));
    expect(res.status).toBe(503);
    expect(res.body.message).toBe('The card payment provider could not start the checkout. Please try again in a moment.');
    expect(calls.sessions.length).toBe(sessions);
    expect(await teamRow(team.id, live)).toMatchObject({ subscription_plan: 'pro', subscription_status: 'active' });
  });
});
