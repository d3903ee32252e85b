import { SOCKET_IO_PATH, type TeamPlan } from '@planline/domain';
import { io as connectSocket, type Socket } from 'socket.io-client';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { loadConfig } from '../src/config.js';
import type { StripeCheckoutApi, StripeSubscriptionView } from '../src/features/billing/stripe-client.js';
import { pruneStripeEvents, STRIPE_EVENT_RETENTION_DAYS } from '../src/features/billing/subscription-ledger.js';
import {
  ApiClient,
  joinedMember,
  registeredClient,
  startTestServer,
  teamWithOwner,
  type TestServer,
} from './harness.js';

// Issue 7: plans and billing. Provider events are signed offline with the SDK (as Stripe signs them) and
// delivered to the real webhook route; live mode runs against a fake Stripe client (no network here).

let server: TestServer;
let emit: MockInstance;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startTestServer();
  emit = vi.spyOn(server.realtime.bus, 'emit');
});
afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  await server?.stop();
});

const secret = () => server.config.billing.webhookSecret;
const nowSeconds = () => Math.floor(Date.now() / 1000);
let eventCounter = 0;
const eventId = () => `evt_test_${process.pid}_${++eventCounter}`;

type EventType =
  | 'checkout.session.completed'
  | 'customer.subscription.created'
  | 'customer.subscription.updated'
  | 'customer.subscription.deleted'
  | 'invoice.payment_failed'
  | 'customer.created';

function stripeEvent(type: EventType, object: Record<string, unknown>, created = nowSeconds(), id = eventId()) {
  return { id, object: 'event', api_version: Stripe.API_VERSION, created, livemode: false, type, data: { object } };
}

function subscription(
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

const sign = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? secret(), timestamp: options.timestamp });

async function deliver(target: TestServer, payload: string, signature: string | null, headers: Record<string, string> = {}) {
  const res = await fetch(`${target.url}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', ...(signature ? { 'stripe-signature': signature } : {}), ...headers },
    body: payload,
  });
  return { status: res.status, body: (await res.json()) as { message?: string; received?: boolean; outcome?: string } };
}

/** Signs and delivers an event the way Stripe does. */
async function send(event: object, target = server, signingSecret = secret()) {
  const payload = JSON.stringify(event);
  return deliver(target, payload, sign(payload, { secret: signingSecret }));
}

async function teamRow(teamId: string, target = server) {
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

const count = async (sql: string, params: unknown[]) => Number((await server.dataSource.query(sql, params))[0].n);

/** team:updated emissions about one team since the spy was last cleared for it. */
const teamUpdates = (teamId: string) =>
  emit.mock.calls.filter(([, event, payload]) => event === 'team:updated' && (payload as { teamId: string }).teamId === teamId);

const origin = () => server.url;
const checkoutBody = (teamId: string, priceId = 'pro_plan') => ({
  teamId,
  priceId,
  successUrl: `${origin()}/upgrade/success?teamId=${teamId}&session_id={CHECKOUT_SESSION_ID}`,
  cancelUrl: `${origin()}/upgrade?teamId=${teamId}`,
});

describe('billing config', () => {
  it('[billing-config] is public and says test mode without STRIPE_SECRET_KEY, with the pricing table', async () => {
    const res = await new ApiClient(server.url).get('/api/billing/config');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      mode: 'test',
      plans: [
        { id: 'pro_plan', plan: 'pro', amountCents: 1500, currency: 'usd', interval: 'month' },
        { id: 'enterprise_plan', plan: 'enterprise', amountCents: 2500, currency: 'usd', interval: 'month' },
      ],
    });
  });

  it('[billing-config] STRIPE_SECRET_KEY without the other three is a startup error naming them', () => {
    expect(() => loadConfig({ SESSION_SECRET: 's'.repeat(32), STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_PRICE_PRO: 'price_1' })).toThrow(
      'STRIPE_SECRET_KEY is set, so STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_ENTERPRISE must be set too',
    );
    expect(() => loadConfig({ SESSION_SECRET: 's'.repeat(32), STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRET: 'whsec_1', STRIPE_PRICE_PRO: 'prod_1', STRIPE_PRICE_ENTERPRISE: 'price_2' })).toThrow(
      'STRIPE_PRICE_PRO must be a Stripe price id',
    );
  });

  it('[billing-config] test mode keeps its webhook secret in DATA_DIR across restarts', () => {
    const again = loadConfig({ DATA_DIR: server.config.dataDir });
    expect(again.billing.webhookSecret).toBe(secret());
    expect(secret()).toMatch(/^whsec_/);
  });
});

describe('starting a checkout', () => {
  it('[checkout-auth] anonymous is a 401', async () => {
    const { team } = await teamWithOwner(server);
    const res = await new ApiClient(server.url).post('/api/create-checkout-session', checkoutBody(team.id));
    expect(res.status).toBe(401);
  });

  it('[plan-owner] a member cannot start a checkout (403); an outsider is told nothing (404)', async () => {
    const { owner, team } = await teamWithOwner(server);
    const member = await joinedMember(server, owner.client, team.id, 'admin');
    const res = await member.client.post('/api/create-checkout-session', checkoutBody(team.id));
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Only the team owner can change the plan.');
    const outsider = await registeredClient(server);
    expect((await outsider.client.post('/api/create-checkout-session', checkoutBody(team.id))).status).toBe(404);
    expect(await count(`SELECT count(*) AS n FROM checkout_sessions WHERE team_id = $1`, [team.id])).toBe(0);
  });

  it('[checkout-urls] return URLs on a foreign origin, or relative, are a 400; so is an unknown price id', async () => {
    const { owner, team } = await teamWithOwner(server);
    const foreign = await owner.client.post('/api/create-checkout-session', { ...checkoutBody(team.id), successUrl: 'https://evil.example/steal' });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe(`successUrl must be an address on this site (${origin()})`);
    const foreignCancel = await owner.client.post('/api/create-checkout-session', {
      ...checkoutBody(team.id),
      cancelUrl: `${origin().replace('127.0.0.1', 'localhost')}/upgrade`,
    });
    expect(foreignCancel.status).toBe(400);
    expect(foreignCancel.body.message).toMatch(/^cancelUrl must be an address on this site/);
    const relative = await owner.client.post('/api/create-checkout-session', { ...checkoutBody(team.id), successUrl: '/upgrade/success' });
    expect(relative.status).toBe(400);
    expect(relative.body.message).toBe('successUrl must be an absolute http(s) URL');
    const price = await owner.client.post('/api/create-checkout-session', { ...checkoutBody(team.id), priceId: 'price_123' });
    expect(price.status).toBe(400);
    expect(price.body.message).toBe('Unknown plan: priceId must be pro_plan or enterprise_plan');
  });

  it('[plan-purchase] a team already on an active plan of that level (or higher) gets a 409; an upgrade is allowed', async () => {
    const { owner, team } = await teamWithOwner(server);
    await payTestCheckout(owner.client, team.id, 'pro_plan');
    const again = await owner.client.post('/api/create-checkout-session', checkoutBody(team.id, 'pro_plan'));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'conflict', message: 'This team is already on the Pro plan.' });
    const up = await owner.client.post('/api/create-checkout-session', checkoutBody(team.id, 'enterprise_plan'));
    expect(up.status).toBe(200);
  });
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

describe('test-mode checkout', () => {
  it('[test-checkout] a local session, seen only by its creator; paying upgrades the team before answering', async () => {
    const { owner, team } = await teamWithOwner(server, 'Paying Team');
    const member = await joinedMember(server, owner.client, team.id);
    const start = await owner.client.post('/api/create-checkout-session', checkoutBody(team.id));
    expect(start.status).toBe(200);
    expect(start.body.checkoutUrl).toMatch(/^\/checkout\/test\/cs_test_[A-Za-z0-9_-]+$/);
    const sessionId = start.body.checkoutUrl.slice('/checkout/test/'.length);

    const view = await owner.client.get(`/api/billing/test-checkout/${sessionId}`);
    expect(view.status).toBe(200);
    expect(view.body).toEqual({
      id: sessionId,
      teamId: team.id,
      teamName: 'Paying Team',
      plan: 'pro',
      amountCents: 1500,
      currency: 'usd',
      interval: 'month',
      status: 'open',
      successUrl: `${origin()}/upgrade/success?teamId=${team.id}&session_id=${sessionId}`,
      cancelUrl: `${origin()}/upgrade?teamId=${team.id}`,
      email: owner.account.email,
    });
    expect((await member.client.get(`/api/billing/test-checkout/${sessionId}`)).status).toBe(404);
    expect((await member.client.post(`/api/billing/test-checkout/${sessionId}/pay`)).status).toBe(404);
    expect((await owner.client.get(`/api/billing/test-checkout/cs_test_nonexistent`)).status).toBe(404);
    expect((await new ApiClient(server.url).post(`/api/billing/test-checkout/${sessionId}/pay`)).status).toBe(401);
    expect((await teamRow(team.id)).subscription_status).toBe('trial');

    const paid = await owner.client.post(`/api/billing/test-checkout/${sessionId}/pay`, {});
    expect(paid.status).toBe(200);
    expect(paid.body).toEqual({ redirectUrl: `${origin()}/upgrade/success?teamId=${team.id}&session_id=${sessionId}` });

    const row = await teamRow(team.id);
    expect(row).toMatchObject({ subscription_plan: 'pro', subscription_status: 'active' });
    expect(row.stripe_customer_id).toMatch(/^cus_test_/);
    expect(row.stripe_subscription_id).toMatch(/^sub_test_/);
    expect((await owner.client.get(`/api/teams/${team.id}`)).body).toMatchObject({
      subscriptionPlan: 'pro',
      subscriptionStatus: 'active',
      effectivePlan: 'pro',
      limits: { maxProjects: null, maxMembers: 5 },
    });
    expect((await owner.client.get('/api/auth/user')).body.currentPlan).toBe('pro');
    expect((await member.client.get('/api/auth/user')).body.currentPlan).toBe('free');
    expect((await owner.client.get(`/api/billing/test-checkout/${sessionId}`)).body.status).toBe('complete');
    const events: { id: string; type: string }[] = await server.dataSource.query(
      `SELECT id, type FROM stripe_events WHERE id LIKE 'evt_test_%' ORDER BY type`,
    );
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['checkout.session.completed', 'customer.subscription.created']));
  });

  it('[test-checkout] paying a completed session again answers the same, with no new effect', async () => {
    const { owner, team } = await teamWithOwner(server);
    const { sessionId, paid } = await payTestCheckout(owner.client, team.id);
    const before = await teamRow(team.id);
    const updates = teamUpdates(team.id).length;
    const events = await count(`SELECT count(*) AS n FROM stripe_events`, []);
    const again = await owner.client.post(`/api/billing/test-checkout/${sessionId}/pay`);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(paid.body);
    expect(await teamRow(team.id)).toEqual(before);
    expect(teamUpdates(team.id)).toHaveLength(updates);
    expect(await count(`SELECT count(*) AS n FROM stripe_events`, [])).toBe(events);
  });

  it('[test-checkout] double-clicked Pay (10 at once) makes one subscription and one team change', async () => {
    const { owner, team } = await teamWithOwner(server);
    const start = await owner.client.post('/api/create-checkout-session', checkoutBody(team.id));
    const sessionId = start.body.checkoutUrl.replace('/checkout/test/', '');
    const results = await Promise.all(Array.from({ length: 10 }, () => owner.client.post(`/api/billing/test-checkout/${sessionId}/pay`)));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await count(`SELECT count(*) AS n FROM stripe_subscriptions WHERE team_id = $1`, [team.id])).toBe(1);
    expect(teamUpdates(team.id)).toHaveLength(1);
    expect((await teamRow(team.id)).subscription_status).toBe('active');
  });

  it('[test-checkout] an expired session is a 410 and changes nothing', async () => {
    const { owner, team } = await teamWithOwner(server);
    const start = await owner.client.post('/api/create-checkout-session', checkoutBody(team.id));
    const sessionId = start.body.checkoutUrl.replace('/checkout/test/', '');
    await server.dataSource.query(
      `UPDATE checkout_sessions SET created_at = now() - interval '25 hours', expires_at = now() - interval '1 hour' WHERE id = $1`,
      [sessionId],
    );
    expect((await owner.client.get(`/api/billing/test-checkout/${sessionId}`)).body.status).toBe('expired');
    const res = await owner.client.post(`/api/billing/test-checkout/${sessionId}/pay`);
    expect(res.status).toBe(410);
    expect(res.body.message).toBe('This checkout has expired. Start the upgrade again to get a new one.');
    expect(await teamRow(team.id)).toMatchObject({ subscription_status: 'trial', stripe_subscription_id: null });
  });

  it('[test-checkout] the customer is made once per team and reused by its next checkout, after a cancellation', async () => {
    const { owner, team } = await teamWithOwner(server);
    await payTestCheckout(owner.client, team.id, 'pro_plan');
    const pro = await teamRow(team.id);
    const customer = pro.stripe_customer_id!;
    // [plan-change] A canceled subscription is not changed: the next plan is a new checkout.
    await send(stripeEvent('customer.subscription.deleted', subscription(pro.stripe_subscription_id!, team.id, 'canceled', { customer }), nowSeconds() + 1));
    expect(await teamRow(team.id)).toMatchObject({ subscription_plan: 'pro', subscription_status: 'canceled' });
    await payTestCheckout(owner.client, team.id, 'enterprise_plan');
    const row = await teamRow(team.id);
    expect(row.stripe_customer_id).toBe(customer);
    expect(row).toMatchObject({ subscription_plan: 'enterprise', subscription_status: 'active' });
    expect(row.stripe_subscription_id).not.toBe(pro.stripe_subscription_id);
    expect((await owner.client.get('/api/auth/user')).body.currentPlan).toBe('enterprise');
  });

  /** The team's subscriptions as the ledger keeps them. */
  const subscriptionsOf = async (teamId: string) =>
    (await server.dataSource.query(`SELECT id, plan, status FROM stripe_subscriptions WHERE team_id = $1 ORDER BY id`, [teamId])) as {
      id: string;
      plan: string;
      status: string;
    }[];
  const updatedEvents = () => count(`SELECT count(*) AS n FROM stripe_events WHERE type = 'customer.subscription.updated'`, []);

  it('[plan-change] a team paying for Pro asking for Enterprise has its subscription changed in place, before the answer', async () => {
    const { owner, team } = await teamWithOwner(server);
    const member = await joinedMember(server, owner.client, team.id);
    await payTestCheckout(owner.client, team.id, 'pro_plan');
    const pro = await teamRow(team.id);
    const sessions = await count(`SELECT count(*) AS n FROM checkout_sessions WHERE team_id = $1`, [team.id]);
    const updates = teamUpdates(team.id).length;
    const events = await updatedEvents();

    const res = await owner.client.post('/api/create-checkout-session', checkoutBody(team.id, 'enterprise_plan'));
    expect(res.status).toBe(200);
    // Straight to the success page: there is no checkout session to name.
    expect(res.body).toEqual({ checkoutUrl: `${origin()}/upgrade/success?teamId=${team.id}` });

    // The one subscription now pays for Enterprise: no second one, no new checkout session.
    expect(await teamRow(team.id)).toMatchObject({
      subscription_plan: 'enterprise',
      subscription_status: 'active',
      stripe_customer_id: pro.stripe_customer_id,
      stripe_subscription_id: pro.stripe_subscription_id,
    });
    expect(await subscriptionsOf(team.id)).toEqual([{ id: pro.stripe_subscription_id, plan: 'enterprise', status: 'active' }]);
    expect(await count(`SELECT count(*) AS n FROM checkout_sessions WHERE team_id = $1`, [team.id])).toBe(sessions);
    expect(await updatedEvents()).toBe(events + 1);
    expect(teamUpdates(team.id)).toHaveLength(updates + 1);
    expect(teamUpdates(team.id).at(-1)![2]).toMatchObject({ team: { subscriptionPlan: 'enterprise', effectivePlan: 'enterprise', limits: { maxMembers: null } } });
    expect((await owner.client.get('/api/auth/user')).body.currentPlan).toBe('enterprise');
    expect((await member.client.get('/api/auth/user')).body.currentPlan).toBe('free');
    expect((await owner.client.get(`/api/teams/${team.id}`)).body).toMatchObject({ subscriptionPlan: 'enterprise', effectivePlan: 'enterprise' });

    // Asking again is the plan it has: refused, nothing more happens.
    const again = await owner.client.post('/api/create-checkout-session', checkoutBody(team.id, 'enterprise_plan'));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This team is already on the Enterprise plan.');
    expect(await updatedEvents()).toBe(events + 1);
  });

  it('[plan-change] a past-due Pro subscription is changed in place too, and stays past due', async () => {
    const { owner, team } = await teamWithOwner(server);
    await payTestCheckout(owner.client, team.id, 'pro_plan');
    const pro = await teamRow(team.id);
    // In the same second as the payment: the change must still come after it (subscription-order).
    await send(
      stripeEvent('invoice.payment_failed', { id: 'in_past_due_upgrade', object: 'invoice', customer: pro.stripe_customer_id, parent: null }),
    );
    expect((await teamRow(team.id)).subscription_status).toBe('past_due');
    const res = await owner.client.post('/api/create-checkout-session', checkoutBody(team.id, 'enterprise_plan'));
    expect(res.body.checkoutUrl).toBe(`${origin()}/upgrade/success?teamId=${team.id}`);
    expect(await teamRow(team.id)).toMatchObject({
      subscription_plan: 'enterprise',
      subscription_status: 'past_due',
      stripe_subscription_id: pro.stripe_subscription_id,
    });
    expect(await subscriptionsOf(team.id)).toHaveLength(1);
  });

  it('[plan-change] upgrade requests racing each other change the subscription once', async () => {
    const { owner, team } = await teamWithOwner(server);
    await payTestCheckout(owner.client, team.id, 'pro_plan');
    const updates = teamUpdates(team.id).length;
    const events = await updatedEvents();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => owner.client.post('/api/create-checkout-session', checkoutBody(team.id, 'enterprise_plan'))),
    );
    // Each is answered with the success page, or (arriving after the change) told the team has Enterprise already.
    for (const res of results) {
      if (res.status === 200) expect(res.body.checkoutUrl).toBe(`${origin()}/upgrade/success?teamId=${team.id}`);
      else expect(res.body).toMatchObject({ code: 'conflict', message: 'This team is already on the Enterprise plan.' });
    }
    expect(results.some((r) => r.status === 200)).toBe(true);
    expect(await updatedEvents()).toBe(events + 1);
    expect(teamUpdates(team.id)).toHaveLength(updates + 1);
    expect(await subscriptionsOf(team.id)).toEqual([expect.objectContaining({ plan: 'enterprise', status: 'active' })]);
    expect(await count(`SELECT count(*) AS n FROM checkout_sessions WHERE team_id = $1`, [team.id])).toBe(1);
  });

  it('[plan-change] an Enterprise checkout begun before the team paid for Pro cannot be paid: no second subscription', async () => {
    const { owner, team } = await teamWithOwner(server);
    const early = await owner.client.post('/api/create-checkout-session', checkoutBody(team.id, 'enterprise_plan'));
    const earlyId = early.body.checkoutUrl.replace('/checkout/test/', '');
    await payTestCheckout(owner.client, team.id, 'pro_plan');
    const res = await owner.client.post(`/api/billing/test-checkout/${earlyId}/pay`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'This team has paid for Pro since this checkout began. Start the upgrade again to move its subscription to Enterprise.',
    );
    expect(await teamRow(team.id)).toMatchObject({ subscription_plan: 'pro', subscription_status: 'active' });
    expect(await subscriptionsOf(team.id)).toHaveLength(1);
  });

  it('[plan-live] team:updated reaches the team room and the owner at once, with the plan and its limits', async () => {
    const { owner, team } = await teamWithOwner(server);
    const member = await joinedMember(server, owner.client, team.id);
    const socket = connectSocket(server.url, {
      path: SOCKET_IO_PATH,
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: { cookie: member.client.cookieHeader },
    });
    sockets.push(socket);
    await new Promise((resolve) => socket.once('session:ready', resolve));
    const received = new Promise<{ teamId: string; team: TeamPlan }>((resolve) => socket.once('team:updated', resolve));
    await payTestCheckout(owner.client, team.id);
    const expected = {
      teamId: team.id,
      team: {
        id: team.id,
        ownerId: owner.user.id,
        subscriptionPlan: 'pro',
        subscriptionStatus: 'active',
        trialEndsAt: expect.any(String),
        effectivePlan: 'pro',
        limits: { maxProjects: null, maxMembers: 5 },
      },
    };
    expect(await received).toEqual(expected);
    const [call] = teamUpdates(team.id);
    expect(call).toEqual([[`team:${team.id}`, `user:${owner.user.id}`], 'team:updated', expected]);
  });
});

describe('webhook signature', () => {
  async function refusedLeavesTeamAlone(payload: string, signature: string | null, teamId: string) {
    const res = await deliver(server, payload, signature);
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
    expect((await teamRow(teamId)).subscription_status).toBe('trial');
    expect(await count(`SELECT count(*) AS n FROM stripe_events WHERE id = $1`, [JSON.parse(payload).id])).toBe(0);
    return res.body.message;
  }

  it('[webhook-signature] a valid signature is accepted and applied', async () => {
    const { team } = await teamWithOwner(server);
    const res = await send(stripeEvent('customer.subscription.created', subscription('sub_sig_valid', team.id, 'active')));
    expect(res).toEqual({ status: 200, body: { received: true, outcome: 'applied' } });
    expect((await teamRow(team.id)).subscription_status).toBe('active');
  });

  it('[webhook-signature] a tampered body is refused with 400', async () => {
    const { team } = await teamWithOwner(server);
    const payload = JSON.stringify(stripeEvent('customer.subscription.created', subscription('sub_sig_tamper', team.id, 'incomplete')));
    const signature = sign(payload);
    const tampered = payload.replace('"incomplete"', '"active"');
    expect(tampered).not.toBe(payload);
    expect(await refusedLeavesTeamAlone(tampered, signature, team.id)).toBe('Webhook signature does not match the payload');
  });

  it('[webhook-signature] a signature made with another secret is refused with 400', async () => {
    const { team } = await teamWithOwner(server);
    const payload = JSON.stringify(stripeEvent('customer.subscription.created', subscription('sub_sig_secret', team.id, 'active')));
    const message = await refusedLeavesTeamAlone(payload, sign(payload, { secret: 'whsec_someone_else' }), team.id);
    expect(message).toBe('Webhook signature does not match the payload');
  });

  it('[webhook-signature] a signature older than 5 minutes is refused with 400', async () => {
    const { team } = await teamWithOwner(server);
    const payload = JSON.stringify(stripeEvent('customer.subscription.created', subscription('sub_sig_old', team.id, 'active')));
    const message = await refusedLeavesTeamAlone(payload, sign(payload, { timestamp: nowSeconds() - 6 * 60 }), team.id);
    expect(message).toBe('Webhook signature has expired: it was made more than 5 minutes ago');
  });

  it('[webhook-signature] a delivery without the Stripe-Signature header is refused with 400', async () => {
    const { team } = await teamWithOwner(server);
    const payload = JSON.stringify(stripeEvent('customer.subscription.created', subscription('sub_sig_none', team.id, 'active')));
    expect(await refusedLeavesTeamAlone(payload, null, team.id)).toBe('Missing Stripe-Signature header');
  });

  it('[webhook-body] a body over 1 MB is a 413; a browser posting from another origin is still refused by the CSRF check', async () => {
    const big = JSON.stringify({ id: 'evt_big', pad: 'x'.repeat(1024 * 1024) });
    expect((await deliver(server, big, sign(big))).status).toBe(413);
    const payload = JSON.stringify(stripeEvent('customer.created', { id: 'cus_x', object: 'customer' }));
    expect((await deliver(server, payload, sign(payload), { origin: 'https://evil.example' })).status).toBe(403);
  });

  it('[webhook-ignored] an event type we do not handle is acknowledged and not recorded', async () => {
    const event = stripeEvent('customer.created', { id: 'cus_ignored', object: 'customer' });
    expect(await send(event)).toEqual({ status: 200, body: { received: true, outcome: 'ignored' } });
    expect(await count(`SELECT count(*) AS n FROM stripe_events WHERE id = $1`, [event.id])).toBe(0);
  });

  it('[webhook-body] a signed payload of a handled type without the fields we read is a 400', async () => {
    const res = await send(stripeEvent('customer.subscription.updated', { id: 'sub_broken', object: 'subscription' }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("The customer.subscription.updated event's object is not what Stripe sends");
  });
});

describe('webhook effects', () => {
  it('[webhook-idempotence] the same event sent 10 times in parallel changes the team once', async () => {
    const { team } = await teamWithOwner(server);
    const before = await teamRow(team.id);
    const payload = JSON.stringify(stripeEvent('customer.subscription.created', subscription('sub_parallel', team.id, 'active')));
    const signature = sign(payload);
    const results = await Promise.all(Array.from({ length: 10 }, () => deliver(server, payload, signature)));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    const outcomes = results.map((r) => r.body.outcome).sort();
    expect(outcomes).toEqual(['applied', ...Array(9).fill('duplicate')]);
    expect(teamUpdates(team.id)).toHaveLength(1);
    const after = await teamRow(team.id);
    expect(after).toMatchObject({ subscription_plan: 'pro', subscription_status: 'active', stripe_subscription_id: 'sub_parallel' });
    expect(after.updated_at.getTime()).toBeGreaterThan(before.updated_at.getTime());
    expect(await count(`SELECT count(*) AS n FROM stripe_events WHERE id = $1`, [JSON.parse(payload).id])).toBe(1);
  });

  /** Every ordering of a list. */
  function permutations<T>(items: readonly T[]): T[][] {
    if (items.length <= 1) return [[...items]];
    return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
  }

  it('[subscription-order] all 6 orderings of created, updated and deleted end in the newest state: canceled', async () => {
    const orders = permutations(['created', 'updated', 'deleted'] as const);
    expect(orders).toHaveLength(6);
    for (const order of orders) {
      const { owner, team } = await teamWithOwner(server);
      const sub = `sub_order_${order.join('_')}`;
      const base = nowSeconds() - 60;
      const events = {
        created: stripeEvent('customer.subscription.created', subscription(sub, team.id, 'active'), base),
        updated: stripeEvent('customer.subscription.updated', subscription(sub, team.id, 'past_due'), base + 10),
        deleted: stripeEvent('customer.subscription.deleted', subscription(sub, team.id, 'canceled'), base + 20),
      };
      for (const step of order) expect((await send(events[step])).status).toBe(200);
      expect(await teamRow(team.id), order.join(' → ')).toMatchObject({
        subscription_plan: 'pro',
        subscription_status: 'canceled',
        stripe_subscription_id: sub,
      });
      expect((await owner.client.get(`/api/teams/${team.id}`)).body.effectivePlan, order.join(' → ')).toBe('free');
      expect((await owner.client.get('/api/auth/user')).body.currentPlan, order.join(' → ')).toBe('free');
    }
  });

  it('[subscription-order] all 6 orderings of created, a failed renewal and an upgrade end on the upgrade', async () => {
    for (const order of permutations(['created', 'pastDue', 'upgraded'] as const)) {
      const { owner, team } = await teamWithOwner(server);
      const sub = `sub_upgrade_${order.join('_')}`;
      const base = nowSeconds() - 60;
      const events = {
        created: stripeEvent('customer.subscription.created', subscription(sub, team.id, 'active'), base),
        pastDue: stripeEvent('customer.subscription.updated', subscription(sub, team.id, 'past_due'), base + 10),
        // The plan was changed at the provider: the price says Enterprise, our old metadata still says Pro.
        upgraded: stripeEvent(
          'customer.subscription.updated',
          subscription(sub, team.id, 'active', { price: 'price_test_enterprise', plan: 'pro' }),
          base + 20,
        ),
      };
      for (const step of order) expect((await send(events[step])).status).toBe(200);
      expect(await teamRow(team.id), order.join(' → ')).toMatchObject({ subscription_plan: 'enterprise', subscription_status: 'active' });
      expect((await owner.client.get('/api/auth/user')).body.currentPlan, order.join(' → ')).toBe('enterprise');
    }
  });

  it('[subscription-order] events of the same second apply in lifecycle order: created, then updated', async () => {
    const { team } = await teamWithOwner(server);
    const second = nowSeconds();
    await send(stripeEvent('customer.subscription.updated', subscription('sub_same_second', team.id, 'past_due'), second));
    await send(stripeEvent('customer.subscription.created', subscription('sub_same_second', team.id, 'active'), second));
    expect((await teamRow(team.id)).subscription_status).toBe('past_due');
  });

  it('[subscription-order] a late event about an old, canceled subscription does not undo the current one', async () => {
    const { team } = await teamWithOwner(server);
    const base = nowSeconds() - 120;
    await send(stripeEvent('customer.subscription.created', subscription('sub_old', team.id, 'active'), base));
    await send(stripeEvent('customer.subscription.deleted', subscription('sub_old', team.id, 'canceled'), base + 10));
    await send(stripeEvent('customer.subscription.created', subscription('sub_new', team.id, 'active'), base + 20));
    // Stripe retries deliveries for days: updates of the old subscription arriving late must not revive it.
    await send(stripeEvent('customer.subscription.updated', subscription('sub_old', team.id, 'active'), base + 5));
    await send(stripeEvent('customer.subscription.updated', subscription('sub_old', team.id, 'active'), base + 30));
    expect(await teamRow(team.id)).toMatchObject({ subscription_plan: 'pro', subscription_status: 'active', stripe_subscription_id: 'sub_new' });
    const [old] = await server.dataSource.query(`SELECT status FROM stripe_subscriptions WHERE id = 'sub_old'`);
    expect(old.status).toBe('canceled');
  });

  it('[payment-failed] a failed invoice makes the team past due but keeps its plan; a later payment restores it', async () => {
    const { owner, team } = await teamWithOwner(server);
    const base = nowSeconds() - 60;
    await send(stripeEvent('customer.subscription.created', subscription('sub_failing', team.id, 'active', { customer: 'cus_failing' }), base));
    const failed = await send(
      stripeEvent(
        'invoice.payment_failed',
        { id: 'in_1', object: 'invoice', customer: 'cus_failing', parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_failing' } } },
        base + 10,
      ),
    );
    expect(failed.body.outcome).toBe('applied');
    expect(await teamRow(team.id)).toMatchObject({ subscription_plan: 'pro', subscription_status: 'past_due', stripe_customer_id: 'cus_failing' });
    expect((await owner.client.get(`/api/teams/${team.id}`)).body).toMatchObject({ subscriptionStatus: 'past_due', effectivePlan: 'pro' });
    expect((await owner.client.get('/api/auth/user')).body.currentPlan).toBe('pro');
    await send(stripeEvent('customer.subscription.updated', subscription('sub_failing', team.id, 'active', { customer: 'cus_failing' }), base + 20));
    expect((await teamRow(team.id)).subscription_status).toBe('active');
  });

  it('[payment-failed] an invoice naming only the customer finds the team through it', async () => {
    const { team } = await teamWithOwner(server);
    const base = nowSeconds() - 60;
    await send(stripeEvent('customer.subscription.created', subscription('sub_by_customer', team.id, 'active', { customer: 'cus_by_customer' }), base));
    await send(stripeEvent('invoice.payment_failed', { id: 'in_2', object: 'invoice', customer: 'cus_by_customer', parent: null }, base + 10));
    expect((await teamRow(team.id)).subscription_status).toBe('past_due');
  });

  it('[checkout-completed] a paid checkout activates the subscription even before customer.subscription.created', async () => {
    const { team } = await teamWithOwner(server);
    const res = await send(
      stripeEvent('checkout.session.completed', {
        id: 'cs_test_completed_first',
        object: 'checkout.session',
        mode: 'subscription',
        payment_status: 'paid',
        customer: 'cus_completed_first',
        subscription: 'sub_completed_first',
        client_reference_id: team.id,
        metadata: { teamId: team.id, plan: 'enterprise' },
      }),
    );
    expect(res.body.outcome).toBe('applied');
    expect(await teamRow(team.id)).toMatchObject({
      subscription_plan: 'enterprise',
      subscription_status: 'active',
      stripe_customer_id: 'cus_completed_first',
      stripe_subscription_id: 'sub_completed_first',
    });
  });

  it('[webhook-unknown-team] an event about no team of ours is acknowledged, recorded and changes nothing', async () => {
    const event = stripeEvent('customer.subscription.created', subscription('sub_stranger', '00000000-0000-4000-8000-000000000000', 'active', { customer: 'cus_stranger' }));
    expect(await send(event)).toEqual({ status: 200, body: { received: true, outcome: 'unknown_team' } });
    expect(await count(`SELECT count(*) AS n FROM stripe_subscriptions WHERE id = 'sub_stranger'`, [])).toBe(0);
  });
});

describe('limits follow the plan', () => {
  const expireTrial = (teamId: string) =>
    server.dataSource.query(`UPDATE teams SET trial_ends_at = now() - interval '1 minute' WHERE id = $1`, [teamId]);

  it('[trial-expiry] past its trial a team keeps its data but every limit is Free: no 6th project, no 2nd member', async () => {
    const { owner, team } = await teamWithOwner(server);
    for (let i = 1; i <= 5; i++) expect((await owner.client.post('/api/projects', { name: `P${i}`, teamId: team.id })).status).toBe(201);
    await expireTrial(team.id);
    expect((await owner.client.get(`/api/teams/${team.id}/projects`)).body).toHaveLength(5);
    const project = await owner.client.post('/api/projects', { name: 'P6', teamId: team.id });
    expect(project.status).toBe(402);
    expect(project.body).toMatchObject({ requiredPlan: 'pro', teamOwnerId: owner.user.id, requiresUpgrade: true });
    await expect(joinedMember(server, owner.client, team.id)).rejects.toThrow(/join failed: 402/);
  });

  it('[member-limit] after a webhook upgrades a lapsed trial to Pro, members 2-5 join and the 6th is a 402 for Enterprise', async () => {
    const { owner, team } = await teamWithOwner(server);
    await expireTrial(team.id);
    await expect(joinedMember(server, owner.client, team.id)).rejects.toThrow(/join failed: 402/);
    await send(stripeEvent('customer.subscription.created', subscription('sub_limits', team.id, 'active')));
    for (let i = 2; i <= 5; i++) await joinedMember(server, owner.client, team.id);
    const sixth = joinedMember(server, owner.client, team.id);
    await expect(sixth).rejects.toThrow(/join failed: 402/);
    await expect(sixth).rejects.toThrow(/"requiredPlan":"enterprise"/);
    expect(await count(`SELECT count(*) AS n FROM team_members WHERE team_id = $1`, [team.id])).toBe(5);
  });
});

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

describe('billing event ids', () => {
  it(`[stripe-events-prune] ids older than ${STRIPE_EVENT_RETENTION_DAYS} days are forgotten; recent ones still stop a repeat`, async () => {
    const old = `evt_prune_old_${Date.now()}`;
    const recent = `evt_prune_recent_${Date.now()}`;
    await server.dataSource.query(
      `INSERT INTO stripe_events (id, type, received_at) VALUES ($1, 'invoice.paid', now() - make_interval(days => $3)), ($2, 'invoice.paid', now() - interval '3 days')`,
      [old, recent, STRIPE_EVENT_RETENTION_DAYS + 1],
    );
    expect(await pruneStripeEvents(server.dataSource)).toBeGreaterThanOrEqual(1);
    const kept: { id: string }[] = await server.dataSource.query(`SELECT id FROM stripe_events WHERE id = ANY($1)`, [[old, recent]]);
    expect(kept.map((r) => r.id)).toEqual([recent]);
  });
});
