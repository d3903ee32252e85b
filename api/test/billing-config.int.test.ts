import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { billingFixtures } from './billing-fixtures.js';
import { ApiClient, startTestServer, teamWithOwner, type TestServer } from './harness.js';
import { startServerProcess } from './process.js';

// Issue 7: plans and billing. Configuration and modes: test mode without Stripe, and off in production unless
// BILLING_TEST_MODE asks for it.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const { secret, teamRow } = billingFixtures(() => server);

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

describe('billing modes in production (issue #14)', () => {
  const modeOf = (env: Record<string, string>) => loadConfig({ DATA_DIR: server.config.dataDir, ...env }).billing.mode;

  it('[billing-mode] without Stripe, production has no test checkout unless BILLING_TEST_MODE=true; development keeps it', () => {
    expect(modeOf({ NODE_ENV: 'production' })).toBe('off');
    expect(modeOf({ NODE_ENV: 'production', BILLING_TEST_MODE: 'true' })).toBe('test');
    expect(modeOf({ NODE_ENV: 'production', BILLING_TEST_MODE: '' })).toBe('off');
    expect(modeOf({})).toBe('test');
    expect(modeOf({ NODE_ENV: 'development' })).toBe('test');
    expect(modeOf({ NODE_ENV: 'test' })).toBe('test');
    expect(modeOf({ NODE_ENV: 'development', BILLING_TEST_MODE: 'false' })).toBe('off');
    expect(() => loadConfig({ BILLING_TEST_MODE: 'yes' })).toThrow('BILLING_TEST_MODE must be true or false');
  });

  it('[billing-mode] payments off: checkout is a 503 that says so, nobody gets a plan, the test checkout does not exist', async () => {
    const production = await startTestServer({ NODE_ENV: 'production' });
    try {
      const { owner, team } = await teamWithOwner(production);
      expect((await owner.client.get('/api/billing/config')).body.mode).toBe('off');
      const origin = production.url;
      const res = await owner.client.post('/api/create-checkout-session', {
        teamId: team.id,
        priceId: 'enterprise_plan',
        successUrl: `${origin}/upgrade/success`,
        cancelUrl: `${origin}/upgrade`,
      });
      expect(res.status).toBe(503);
      expect(res.body.message).toBe('Payments are not configured on this server');
      expect((await owner.client.post('/api/billing/test-checkout/cs_test_anything/pay')).status).toBe(404);
      expect((await teamRow(team.id, production)).subscription_plan).toBe('free');
      expect(await production.dataSource.query(`SELECT 1 FROM checkout_sessions WHERE team_id = $1`, [team.id])).toEqual([]);
    } finally {
      await production.stop();
    }
  });

  it('[billing-mode] production with BILLING_TEST_MODE=true keeps the test checkout', async () => {
    const demo = await startTestServer({ NODE_ENV: 'production', BILLING_TEST_MODE: 'true' });
    try {
      const { owner, team } = await teamWithOwner(demo);
      const res = await owner.client.post('/api/create-checkout-session', {
        teamId: team.id,
        priceId: 'pro_plan',
        successUrl: `${demo.url}/upgrade/success`,
        cancelUrl: `${demo.url}/upgrade`,
      });
      expect(res.status).toBe(200);
      expect(res.body.checkoutUrl).toMatch(/^\/checkout\/test\/cs_test_/);
    } finally {
      await demo.stop();
    }
  });

  it('[billing-mode] the startup line names the billing mode', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'planline-billing-mode-'));
    const running = await startServerProcess({ NODE_ENV: 'production', DATABASE_URL: '', REDIS_URL: '', DATA_DIR: dataDir, WEB_DIST_DIR: join(dataDir, 'no-web') });
    try {
      expect(running.output()).toContain('(billing: off)');
    } finally {
      await running.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
