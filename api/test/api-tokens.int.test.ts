import { createHash } from 'node:crypto';
import { MAX_API_TOKENS_PER_USER } from '@planline/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSessionOnly, routeLayers } from '../src/http/openapi.js';
import { TOKEN_NOT_VALID } from '../src/features/api-tokens/api-tokens.service.js';
import { createApp } from '../src/app.js';
import { registeredClient, startTestServer, teamWithOwner, type ApiClient, type TestServer } from './harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

/** A script's request: the token in the Authorization header, no cookie. */
async function withToken(token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(server.url + path, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, setCookie: res.headers.getSetCookie() };
}

async function makeToken(client: ApiClient, body: Record<string, unknown>) {
  const res = await client.post('/api/me/tokens', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { token: { id: string; name: string; scope: string; hint: string; expiresAt: string | null; lastUsedAt: string | null }; secret: string };
}

describe('API tokens (issue 40)', () => {
  it('[token-made] is shown once, kept only as its hash, and listed without the secret', async () => {
    const { owner, team } = await teamWithOwner(server);
    const made = await makeToken(owner.client, { name: 'Reporting script', scope: 'read' });
    expect(made.secret).toMatch(/^plt_[A-Za-z0-9_-]{43}$/);
    expect(made.token).toMatchObject({ name: 'Reporting script', scope: 'read', hint: made.secret.slice(0, 8), expiresAt: null, lastUsedAt: null });

    const list = await owner.client.get('/api/me/tokens');
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(made.secret);
    expect(list.body).toEqual([expect.objectContaining({ id: made.token.id, name: 'Reporting script' })]);

    const rows: { token_hash: string }[] = await server.dataSource.query(`SELECT token_hash FROM api_tokens WHERE id = $1`, [made.token.id]);
    expect(rows[0]!.token_hash).toBe(createHash('sha256').update(made.secret).digest('hex'));
    const anywhere: unknown[] = await server.dataSource.query(`SELECT 1 FROM api_tokens WHERE token_hash = $1 OR hint = $1 OR name = $1`, [made.secret]);
    expect(anywhere).toHaveLength(0);

    // The token speaks for its person: it reads their teams, and its use is noted.
    const teams = await withToken(made.secret, 'GET', '/api/teams');
    expect(teams.status).toBe(200);
    expect(teams.body.map((t: { id: string }) => t.id)).toContain(team.id);
    expect(teams.setCookie).toEqual([]);
    await expect.poll(async () => (await owner.client.get('/api/me/tokens')).body[0].lastUsedAt).not.toBeNull();
  });

  it('[token-scope] a read token only reads; a read-write token changes things as its person', async () => {
    const { owner, team } = await teamWithOwner(server);
    const read = await makeToken(owner.client, { name: 'read', scope: 'read' });
    const write = await makeToken(owner.client, { name: 'write', scope: 'read-write' });

    const refused = await withToken(read.secret, 'POST', '/api/projects', { name: 'From a script', teamId: team.id });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/can only read/);
    const projects: unknown[] = await server.dataSource.query(`SELECT 1 FROM projects WHERE name = 'From a script'`);
    expect(projects).toHaveLength(0);

    const made = await withToken(write.secret, 'POST', '/api/projects', { name: 'From a script', teamId: team.id });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const task = await withToken(write.secret, 'POST', '/api/tasks', { projectId: made.body.id, name: 'Scripted', startDate: '2026-12-01', endDate: '2026-12-03' });
    expect(task.status, JSON.stringify(task.body)).toBe(201);
    const history: { changed_by: string }[] = await server.dataSource.query(`SELECT changed_by FROM task_change_history WHERE task_id = $1`, [task.body.id]);
    const me = (await owner.client.get('/api/auth/user')).body as { id: string };
    expect(history.map((h) => h.changed_by)).toEqual([me.id]);
  });

  it("[token-reach] never reaches sign-in, the account, billing, the calendar link or the tokens themselves", async () => {
    const { client } = await registeredClient(server);
    const token = await makeToken(client, { name: 'all', scope: 'read-write' });
    const attempts: [string, string, unknown?][] = [
      ['GET', '/api/me/tokens'],
      ['POST', '/api/me/tokens', { name: 'another', scope: 'read-write' }],
      ['DELETE', `/api/me/tokens/${token.token.id}`],
      ['GET', '/api/auth/user'],
      ['PUT', '/api/auth/user', { firstName: 'Mallory' }],
      ['POST', '/api/auth/logout'],
      ['POST', '/api/me/calendar-feed'],
      ['POST', '/api/create-checkout-session', { plan: 'pro' }],
    ];
    for (const [method, path, body] of attempts) {
      const res = await withToken(token.secret, method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.message).toMatch(/API tokens cannot be used here/);
    }
    // Still one token, still valid.
    expect((await client.get('/api/me/tokens')).body).toHaveLength(1);
    expect((await withToken(token.secret, 'GET', '/api/teams')).status).toBe(200);
  });

  it('[token-revoked] a revoked, expired, malformed or unknown token is a 401 that says so, whatever the route', async () => {
    const { client } = await registeredClient(server);
    const token = await makeToken(client, { name: 'soon gone', scope: 'read' });
    expect((await withToken(token.secret, 'GET', '/api/teams')).status).toBe(200);
    expect((await client.request('DELETE', `/api/me/tokens/${token.token.id}`)).status).toBe(204);
    for (const path of ['/api/teams', '/api/projects/user', '/api/openapi.json']) {
      const res = await withToken(token.secret, 'GET', path);
      expect(res.status, path).toBe(401);
      expect(res.body.message).toBe(TOKEN_NOT_VALID);
    }
    expect((await client.request('DELETE', `/api/me/tokens/${token.token.id}`)).status).toBe(404);

    const expiring = await makeToken(client, { name: 'a day', scope: 'read', expiresInDays: 1 });
    expect(expiring.token.expiresAt).not.toBeNull();
    await server.dataSource.query(`UPDATE api_tokens SET expires_at = now() - interval '1 second' WHERE id = $1`, [expiring.token.id]);
    expect((await withToken(expiring.secret, 'GET', '/api/teams')).status).toBe(401);

    expect((await withToken(`plt_${'x'.repeat(43)}`, 'GET', '/api/teams')).status).toBe(401);
    expect((await withToken('not-a-token', 'GET', '/api/teams')).status).toBe(401);
    const basic = await fetch(`${server.url}/api/teams`, { headers: { authorization: 'Basic dXNlcjpwYXNz' } });
    expect(basic.status).toBe(401);
    expect(((await basic.json()) as { message: string }).message).toMatch(/Authorization: Bearer/);
  });

  it("[token-own] a person sees and revokes only their own tokens", async () => {
    const ana = await registeredClient(server);
    const ben = await registeredClient(server);
    const anas = await makeToken(ana.client, { name: "Ana's", scope: 'read' });
    expect((await ben.client.get('/api/me/tokens')).body).toEqual([]);
    expect((await ben.client.request('DELETE', `/api/me/tokens/${anas.token.id}`)).status).toBe(404);
    expect((await withToken(anas.secret, 'GET', '/api/teams')).status).toBe(200);
  });

  it('[token-input] bad input is a 400 naming the problem; the limit holds under concurrent requests', async () => {
    const { client } = await registeredClient(server);
    const bad: [unknown, RegExp][] = [
      [{ name: '', scope: 'read' }, /name/i],
      [{ name: 'x', scope: 'admin' }, /read or read-write/],
      [{ name: 'x', scope: 'read', expiresInDays: 0 }, /at least one day/],
      [{ name: 'x', scope: 'read', expiresInDays: 1000 }, /at most 366 days/],
      [{ name: 'x', scope: 'read', extra: true }, /./],
      [{ name: 'x'.repeat(81), scope: 'read' }, /80/],
    ];
    for (const [body, message] of bad) {
      const res = await client.post('/api/me/tokens', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect((await client.get('/api/me/tokens')).body).toEqual([]);

    const answers = await Promise.all(Array.from({ length: MAX_API_TOKENS_PER_USER + 6 }, (_, i) => client.post('/api/me/tokens', { name: `t${i}`, scope: 'read' })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(MAX_API_TOKENS_PER_USER);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused.map((a) => a.status)).toEqual(Array(6).fill(409));
    expect(refused[0]!.body.message).toMatch(/Revoke one/);
    expect((await client.get('/api/me/tokens')).body).toHaveLength(MAX_API_TOKENS_PER_USER);
  });

  it('[token-openapi] the OpenAPI document names the token scheme and leaves it off the session-only routes', async () => {
    const doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
      paths: Record<string, Record<string, { security?: Record<string, unknown>[] }>>;
    };
    expect(doc.components.securitySchemes.token).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/teams']!.get!.security).toEqual([{ session: [] }, { token: [] }]);
    expect(doc.paths['/api/me/tokens']!.post!.security).toEqual([{ session: [] }]);
    expect(doc.paths['/api/create-checkout-session']!.post!.security).toEqual([{ session: [] }]);
  });

  it('[token-reach] every route of sign-in, billing and tokens is marked session-only', () => {
    const app = createApp({ config: server.config, dataSource: server.dataSource, sessions: undefined as never, logger: undefined as never, bus: undefined as never, documents: undefined as never });
    const reachable = routeLayers(app).filter((r) => /^\/api\/(auth\/|me\/tokens|me\/calendar-feed|create-checkout-session|billing\/test-checkout)/.test(r.path) && !isSessionOnly(r.stack));
    expect(reachable.map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });
});
