import { SOCKET_IO_PATH, type TeamPlan } from '@planline/domain';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { billingFixtures, nowSeconds, stripeEvent, subscription } from './billing-fixtures.js';
import { ApiClient, joinedMember, registeredClient, startTestServer, teamWithOwner, type TestServer } from './harness.js';

// Issue 7: plans and billing. Starting a checkout, and test mode's local checkout: paying it, plan changes in
// place, the plan reaching the team live. Events are signed offline with the SDK, as Stripe signs them.

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

const { send, teamRow, count, teamUpdates, origin, checkoutBody, payTestCheckout } = billingFixtures(() => server, () => emit);

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
