import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openTestDatabase, type TestDatabase } from '@planline/db/testing';
import { loadConfig, type Config } from '../src/config.js';
import type { StripeCheckoutApi } from '../src/features/billing/stripe-client.js';
import type { OverloadsBudget } from '../src/features/workload/overloads-budget.js';
import type { WebhookDispatcherOptions } from '../src/features/webhooks/webhook-dispatcher.js';
import { startServer, type RunningServer } from '../src/server.js';

export interface TestServer extends RunningServer {
  db: TestDatabase;
  config: Config;
  stop(): Promise<void>;
}

/**
 * A real server on a free port over a fresh database (PGlite, or PostgreSQL when DATABASE_URL is set).
 * `options.stripe`: a fake Stripe client for live-mode billing (with STRIPE_SECRET_KEY in `env`);
 * `options.collabPingIntervalMs`, `options.socketPingIntervalMs`: a shorter /collab or Socket.IO ping, for tests of a
 * stalled server; `options.webhooks`: the webhook dispatcher's settings (it runs only when given).
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: {
    stripe?: StripeCheckoutApi;
    collabPingIntervalMs?: number;
    socketPingIntervalMs?: number;
    overloadsBudget?: OverloadsBudget;
    /** Issue 40: runs the webhook dispatcher, with this clock, backoff and timeout. */
    webhooks?: Omit<WebhookDispatcherOptions, 'allowPrivate' | 'onDisabled'>;
  } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'planline-test-'));
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    WEB_DIST_DIR: join(dataDir, 'no-web'),
    ...env,
  });
  const db = await openTestDatabase();
  // The weekly report job would add report:created events to whatever project a test made in its first
  // seconds; tests that need reports call the job themselves.
  const server = await startServer(config, { dataSource: db.dataSource, scheduledJobs: false, ...options });
  return {
    ...server,
    db,
    config,
    async stop() {
      await server.close();
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** A browser-like client: keeps the cookies the server sets and sends them back. */
export class ApiClient {
  readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiResponse<T>> {
    const init: RequestInit = { method, headers: { ...headers }, redirect: 'manual' };
    if (this.cookies.size) (init.headers as Record<string, string>).cookie = this.cookieHeader;
    if (body !== undefined) {
      (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
    }
    const res = await fetch(this.baseUrl + path, init);
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      const expired = attrs.some((a) => /expires=Thu, 01 Jan 1970/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value);
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  get = <T = any>(path: string) => this.request<T>('GET', path);
  post = <T = any>(path: string, body?: unknown, headers?: Record<string, string>) => this.request<T>('POST', path, body, headers);
  put = <T = any>(path: string, body?: unknown) => this.request<T>('PUT', path, body);
}

let counter = 0;
export function newAccount(overrides: Partial<Record<'firstName' | 'lastName' | 'email' | 'password', string>> = {}) {
  counter += 1;
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: `ada.${process.pid}.${counter}.${Date.now()}@example.com`,
    password: 'analytical-engine',
    ...overrides,
  };
}

export async function registeredClient(server: { url: string }, overrides = {}) {
  const client = new ApiClient(server.url);
  const account = newAccount(overrides);
  const res = await client.post('/api/auth/register', account);
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { client, account, user: res.body as { id: string; email: string } };
}

export type ClientUser = Awaited<ReturnType<typeof registeredClient>>;

/** A team created through the API by a fresh user, who is its owner. */
export async function teamWithOwner(server: { url: string }, name = 'Rocket Team') {
  const owner = await registeredClient(server);
  const res = await owner.client.post('/api/teams', { name });
  if (res.status !== 201) throw new Error(`team create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { owner, team: res.body as { id: string; teamCode: string; name: string } };
}

/** Puts a team on a plan directly (billing arrives with its own feature); `trial` keeps the 7-day Pro trial. */
export async function setTeamPlan(
  server: { dataSource: import('typeorm').DataSource },
  teamId: string,
  plan: 'free' | 'pro' | 'enterprise' | 'trial',
) {
  if (plan === 'trial') return;
  await server.dataSource.query(
    `UPDATE teams SET subscription_plan = $2, subscription_status = 'active', trial_ends_at = NULL WHERE id = $1`,
    [teamId, plan],
  );
}

/** Adds a fresh registered user to a team through an invite link. */
export async function joinedMember(server: { url: string }, owner: ApiClient, teamId: string, role: 'member' | 'admin' = 'member') {
  const link = await owner.get(`/api/teams/${teamId}/invite-link?role=${role}`);
  const token = new URL(link.body.inviteLink).searchParams.get('token')!;
  const member = await registeredClient(server);
  const res = await member.client.post('/api/teams/join', { token });
  if (res.status !== 200) throw new Error(`join failed: ${res.status} ${JSON.stringify(res.body)}`);
  return member;
}

/** Creates a task through the API as `client`; throws with the answer when it is not created. */
export async function createTask<T extends { id: string } = { id: string }>(client: ApiClient, body: Record<string, unknown>): Promise<T> {
  const res = await client.post('/api/tasks', body);
  if (res.status !== 201) throw new Error(`task create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as T;
}
