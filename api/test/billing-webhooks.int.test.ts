import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { pruneStripeEvents, STRIPE_EVENT_RETENTION_DAYS } from '../src/features/billing/billing.queries.js';
import { billingFixtures, deliver, nowSeconds, stripeEvent, subscription } from './billing-fixtures.js';
import { joinedMember, startTestServer, teamWithOwner, type TestServer } from './harness.js';

// Issue 7: plans and billing. The Stripe webhook: signatures and bodies, what events do to a team, the limits
// after them, pruning event ids. Events are signed offline with the SDK, as Stripe signs them.

let server: TestServer;
let emit: MockInstance;

beforeAll(async () => {
  server = await startTestServer();
  emit = vi.spyOn(server.realtime.bus, 'emit');
});
afterAll(async () => {
  await server?.stop();
});

const { sign, send, teamRow, count, teamUpdates } = billingFixtures(() => server, () => emit);

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

  it('[webhook-signature] a signature dated more than 5 minutes ahead is refused with 400 like a stale one', async () => {
    const { team } = await teamWithOwner(server);
    const payload = JSON.stringify(stripeEvent('customer.subscription.created', subscription('sub_sig_future', team.id, 'active')));
    const message = await refusedLeavesTeamAlone(payload, sign(payload, { timestamp: nowSeconds() + 6 * 60 }), team.id);
    expect(message).toBe('Webhook signature is dated in the future: more than 5 minutes ahead of this server');
    const slightlyAhead = JSON.stringify(stripeEvent('customer.subscription.created', subscription('sub_sig_skew', team.id, 'active')));
    expect((await deliver(server, slightlyAhead, sign(slightlyAhead, { timestamp: nowSeconds() + 60 }))).status).toBe(200);
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
