import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_ROUTE } from '../../src/features/interchange/import.routes.js';
import { ApiClient, newAccount, registeredClient, startTestServer } from '../harness.js';
import { writeFigures } from './figures.js';
import { ROUTE_RULES } from './route-rules.js';
import { appRoutes, buildWorld, routeKey, type World } from './world.js';

/**
 * [bad-input] Issue #9: generated params, query strings and bodies for every route of the route list; no answer
 * is a 5xx. [mass-assignment] Fields a caller may not set (role, teamId, ownerId, subscriptionPlan, id,
 * __proto__, constructor) are dropped by every create and update route: read back, nothing of them is stored.
 *
 * 20 runs per route in `npm test`; FUZZ_RUNS=n, or SOAK=1 (300), for longer runs.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? (process.env.SOAK ? 300 : 20));
const server = await startTestServer();
const routes = appRoutes(server);
let world: World;
const figures = { runsPerRoute: RUNS, routes: routes.length, generatedRequests: 0, serverErrors: 0, byStatus: {} as Record<string, number>, massAssignmentCases: 0, nulCases: 0 };
const serverErrors: string[] = [];

beforeAll(async () => {
  world = await buildWorld(server);
});
afterAll(async () => {
  writeFigures('bad-input', { ...figures, serverErrors: figures.serverErrors, examples: serverErrors.slice(0, 20) });
  await server.stop();
});

const EXTRAS = ['role', 'teamId', 'ownerId', 'subscriptionPlan', 'id', '__proto__', 'constructor', 'projectId', 'userId', 'status'];

/** Strings that have broken parsers, routers and SQL elsewhere. */
const nastyString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    '..',
    '../..',
    '%',
    '%00',
    '\u0000',
    'null',
    'undefined',
    'NaN',
    '-1',
    '1e309',
    '__proto__',
    'constructor',
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    'a'.repeat(5000),
    '00000000-0000-0000-0000-000000000000',
    'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF',
    '2026-02-30',
    '9999-99-99',
    '#zzzzzz',
    '\ud800',
  ),
  fc.uuid(),
);

const jsonValue = fc.jsonValue({ maxDepth: 3 });
const anyValue = fc.oneof(jsonValue, nastyString, fc.constantFrom(null, true, false, 0, -1, 1.5, 2 ** 53, [], {}));

/** Ids that exist (so handlers get past lookups) or are near misses. */
function paramValue(): fc.Arbitrary<{ value: string; raw: boolean }> {
  const known = [world.own.team.id, world.own.project.id, world.own.task.id, world.other.team.id, world.other.task.id, world.users.member.user.id];
  return fc.oneof(
    fc.constantFrom(...known).map((value) => ({ value, raw: false })),
    fc.constantFrom(...known).map((value) => ({ value: value.toUpperCase(), raw: false })),
    nastyString.map((value) => ({ value, raw: false })),
    // Sent as they are: malformed percent-escapes and traversal in the path itself.
    fc.constantFrom('%E0%A4%A', '%', '%zz', '..%2F..', '%2e%2e', 'a%00b').map((value) => ({ value, raw: true })),
  );
}

const queryString = fc.oneof(
  fc.array(fc.tuple(fc.oneof(fc.constantFrom(...EXTRAS, 'token', 'role', 'projectId', 'a[b]', 'a[]'), fc.string({ maxLength: 8 })), nastyString), { maxLength: 5 }).map(
    (pairs) => new URLSearchParams(pairs).toString(),
  ),
  fc.constantFrom('role=admin&role=member', 'token=%E0%A4%A', 'projectId[]=x', 'token[$ne]=1', '%', '&&&=&=', 'role=OWNER'),
);

function bodyFor(template: unknown): fc.Arbitrary<{ json?: unknown; raw?: string }> {
  const shaped =
    template && typeof template === 'object' && !Array.isArray(template)
      ? fc.record(
          Object.fromEntries(Object.entries(template).map(([k, v]) => [k, fc.oneof(fc.constant(v), anyValue)])),
          { requiredKeys: [] },
        )
      : jsonValue;
  return fc.oneof(
    shaped.map((json) => ({ json })),
    fc.tuple(shaped, fc.dictionary(fc.constantFrom(...EXTRAS), anyValue)).map(([a, b]) => ({ json: { ...(a as object), ...b } })),
    jsonValue.map((json) => ({ json })),
    fc.constantFrom('{', '{"a":', '[1,2', 'nul', '"\\ud800"', '{"__proto__":{"polluted":1}}', '{"constructor":{"prototype":{"polluted":1}}}', '[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]').map((raw) => ({ raw })),
  );
}

/** A lone surrogate cannot be percent-encoded as UTF-8: it goes as the bytes it would be (invalid UTF-8). */
const encodeSegment = (value: string) => {
  try {
    return encodeURIComponent(value) || '%20';
  } catch {
    return '%ED%A0%80';
  }
};

async function templateBody(key: string): Promise<unknown> {
  const variant = ROUTE_RULES[key]?.[0];
  if (!variant?.body) return undefined;
  return variant.body({ world, actor: 'owner', scope: 'own' });
}

function notPolluted() {
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')).toBe(false);
}

describe('mass assignment: fields a caller may not set are never stored', () => {
  const injectedId = randomUUID();
  const extras = () => ({
    role: 'owner',
    ownerId: world.users.outsider.user.id,
    subscriptionPlan: 'enterprise',
    subscriptionStatus: 'active',
    id: injectedId,
    createdBy: world.users.outsider.user.id,
    constructor: { prototype: { polluted: true } },
  });
  /** The body plus the extras (`__proto__` has its own test: the body parser refuses it outright). */
  const withExtras = (body: Record<string, unknown>, more: Record<string, unknown> = {}) => JSON.stringify({ ...body, ...extras(), ...more });
  const count = () => (figures.massAssignmentCases += 1);

  it('[mass-assignment] POST /api/auth/register: no chosen id, plan, verification or credentials version', async () => {
    count();
    const client = new ApiClient(server.url);
    const account = newAccount();
    const res = await client.post('/api/auth/register', withExtras(account, { currentPlan: 'enterprise', isEmailVerified: true, credentialsVersion: 7, passwordHash: 'x' }));
    expect(res.status).toBe(201);
    const [row] = await server.dataSource.query(`SELECT id, current_plan, is_email_verified, credentials_version FROM users WHERE email = $1`, [account.email]);
    expect(row).toMatchObject({ current_plan: 'free', is_email_verified: false, credentials_version: 0 });
    expect(row.id).not.toBe(injectedId);
    notPolluted();
  });

  it('[mass-assignment] PUT /api/auth/user: only names and email change', async () => {
    count();
    const { client, user, account } = await registeredClient(server);
    const res = await client.request('PUT', '/api/auth/user', withExtras({ firstName: 'New', lastName: 'Name', email: account.email }, { currentPlan: 'enterprise', isEmailVerified: true, credentialsVersion: 9 }));
    expect(res.status).toBe(200);
    const [row] = await server.dataSource.query(`SELECT id, first_name, current_plan, is_email_verified, credentials_version FROM users WHERE id = $1`, [user.id]);
    expect(row).toEqual({ id: user.id, first_name: 'New', current_plan: 'free', is_email_verified: false, credentials_version: 0 });
    expect((await client.get('/api/auth/user')).status).toBe(200);
    notPolluted();
  });

  it('[mass-assignment] POST /api/teams: the caller owns it, on the trial, with a fresh id', async () => {
    count();
    const { client, user } = await registeredClient(server);
    const res = await client.post('/api/teams', withExtras({ name: 'Assigned Team' }, { teamCode: 'AAAAAAAA', inviteToken: 'chosen' }));
    expect(res.status).toBe(201);
    const [row] = await server.dataSource.query(`SELECT id, owner_id, subscription_plan, team_code, invite_token FROM teams WHERE id = $1`, [res.body.id]);
    expect(row.id).not.toBe(injectedId);
    expect(row.owner_id).toBe(user.id);
    expect(row.subscription_plan).not.toBe('enterprise');
    expect(row.team_code).not.toBe('AAAAAAAA');
    expect(row.invite_token).not.toBe('chosen');
    const members = await server.dataSource.query(`SELECT user_id, role FROM team_members WHERE team_id = $1`, [row.id]);
    expect(members).toEqual([{ user_id: user.id, role: 'owner' }]);
    notPolluted();
  });

  it('[mass-assignment] POST /api/projects and PATCH /api/projects/{id}: the project stays in its team, with its id and code', async () => {
    count();
    const owner = world.own.owner.client;
    const created = await owner.post('/api/projects', withExtras({ name: 'Assigned Project', teamId: world.own.team.id }, { projectCode: 'ZZ-0001', inviteToken: 'chosen' }));
    expect(created.status).toBe(201);
    expect(created.body.id).not.toBe(injectedId);
    const patched = await owner.request(
      'PATCH',
      `/api/projects/${created.body.id}`,
      withExtras({ description: 'patched' }, { teamId: world.other.team.id, projectCode: 'ZZ-0002', inviteToken: 'chosen' }),
    );
    expect(patched.status).toBe(200);
    const [row] = await server.dataSource.query(`SELECT id, team_id, project_code, invite_token, description FROM projects WHERE id = $1`, [created.body.id]);
    expect(row).toMatchObject({ id: created.body.id, team_id: world.own.team.id, description: 'patched' });
    expect(row.project_code).not.toMatch(/^ZZ-/);
    expect(row.invite_token).not.toBe('chosen');
    notPolluted();
  });

  it('[mass-assignment] POST /api/tasks and PATCH /api/tasks/{id}: no chosen id, no move to another project', async () => {
    count();
    const owner = world.own.owner.client;
    const created = await owner.post(
      '/api/tasks',
      withExtras({ projectId: world.own.project.id, name: 'Assigned Task', startDate: '2026-06-01', endDate: '2026-06-02' }),
    );
    expect(created.status).toBe(201);
    expect(created.body.id).not.toBe(injectedId);
    const patched = await owner.request('PATCH', `/api/tasks/${created.body.id}`, withExtras({ progress: 5 }, { projectId: world.other.project.id }));
    expect(patched.status).toBe(200);
    const [row] = await server.dataSource.query(`SELECT id, project_id, progress FROM tasks WHERE id = $1`, [created.body.id]);
    expect(row).toEqual({ id: created.body.id, project_id: world.own.project.id, progress: 5 });
    expect((await server.dataSource.query(`SELECT 1 FROM tasks WHERE id = $1 OR project_id = $2 AND name = 'Assigned Task'`, [injectedId, world.other.project.id])).length).toBe(0);
    notPolluted();
  });

  it('[mass-assignment] POST /api/teams/join: the role comes from the token, not the body', async () => {
    count();
    const stranger = await world.strangerTeam();
    const { client, user } = await registeredClient(server);
    const res = await client.post('/api/teams/join', withExtras({ token: stranger.teamToken }));
    expect(res.status).toBe(200);
    const rows = await server.dataSource.query(`SELECT role FROM team_members WHERE user_id = $1`, [user.id]);
    expect(rows).toEqual([{ role: 'member' }]);
    notPolluted();
  });

  it('[mass-assignment] POST join-requests/{id}/respond: the answer given is the one stored', async () => {
    count();
    const requestId = await world.newJoinRequest('own');
    const res = await world.own.owner.client.post(`/api/teams/join-requests/${requestId}/respond`, withExtras({ response: 'denied' }, { status: 'approved', userId: world.users.outsider.user.id }));
    expect(res.status).toBe(200);
    const [row] = await server.dataSource.query(`SELECT status FROM team_join_requests WHERE id = $1`, [requestId]);
    expect(row.status).toBe('denied');
    notPolluted();
  });

  it('[mass-assignment] POST weekly-reports: figures are computed, the project is the path\'s', async () => {
    count();
    const res = await world.own.owner.client.post(
      `/api/projects/${world.own.project.id}/weekly-reports`,
      withExtras({ weekEndingDate: '2026-06-07', summary: 'assigned' }, { projectId: world.other.project.id, tasksTotal: 999, tasksCompleted: 999, progressPercentage: 100 }),
    );
    expect(res.status).toBe(200);
    const [row] = await server.dataSource.query(`SELECT id, project_id, tasks_total FROM weekly_reports WHERE summary = 'assigned'`);
    expect(row.project_id).toBe(world.own.project.id);
    expect(row.id).not.toBe(injectedId);
    expect(row.tasks_total).not.toBe(999);
    notPolluted();
  });

  it('[mass-assignment] POST /api/dashboard-config: saved for the caller only', async () => {
    count();
    const res = await world.users.member.client.post('/api/dashboard-config', withExtras({ layout: [] }, { userId: world.users.owner.user.id }));
    expect(res.status).toBe(200);
    const rows = await server.dataSource.query(`SELECT user_id FROM dashboard_configs WHERE user_id = $1`, [world.users.owner.user.id]);
    expect(rows).toEqual([]);
    notPolluted();
  });

  it('[mass-assignment] POST /api/support/ticket: no chosen user or status', async () => {
    count();
    const email = newAccount().email;
    const res = await new ApiClient(server.url).post(
      '/api/support/ticket',
      withExtras({ name: 'Ada', email, subject: 'Hi', message: 'Hello there' }, { userId: world.users.owner.user.id, status: 'closed' }),
    );
    expect(res.status).toBe(201);
    const [row] = await server.dataSource.query(`SELECT * FROM support_tickets WHERE email = $1`, [email]);
    expect(row.user_id).toBeNull();
    expect(row.id).not.toBe(injectedId);
    if ('status' in row) expect(row.status).not.toBe('closed');
    notPolluted();
  });

  it('[mass-assignment] every write route takes the extras without a 5xx or a polluted prototype (generated)', async () => {
    const writes = routes.filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method));
    for (const route of writes) {
      const key = routeKey(route);
      if (ROUTE_RULES[key]?.[0]?.freshSession) continue;
      figures.massAssignmentCases += 1;
      const template = ((await templateBody(key)) ?? {}) as Record<string, unknown>;
      const path = route.path.replace(/:(\w+)/g, () => randomUUID());
      const res = await world.users.admin.client.request(route.method, path, withExtras(template));
      expect(res.status, `${key}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
      notPolluted();
    }
  });

  it('[mass-assignment] a body with `__proto__` (top level or nested) is refused as a 400 on every route that reads a body, and pollutes nothing', async () => {
    // DELETE bodies are never parsed, nor the import's (its file is the raw body; JSON is refused there with a 415).
    const writes = routes.filter((r) => ['POST', 'PUT', 'PATCH'].includes(r.method) && !IMPORT_ROUTE.test(r.path.replace(/:\w+/g, 'id')));
    for (const route of writes) {
      const key = routeKey(route);
      const template = ((await templateBody(key)) ?? {}) as Record<string, unknown>;
      const path = route.path.replace(/:(\w+)/g, () => world.own.project.id);
      for (const body of [
        `${JSON.stringify(template).slice(0, -1)}${Object.keys(template).length ? ',' : ''}"__proto__":{"polluted":true,"role":"owner"}}`,
        `{"nested":{"__proto__":{"polluted":true}},${JSON.stringify(template).slice(1)}`,
      ]) {
        figures.massAssignmentCases += 1;
        const res = await world.users.admin.client.request(route.method, path, body);
        expect(res.status, `${key} ${body}`).toBe(400);
        notPolluted();
      }
    }
  });
});

describe('null characters', () => {
  it('[bad-input] a null character in any text field or query value is a 400 that names the field, never a 500 (generated)', async () => {
    let cases = 0;
    for (const route of routes) {
      const key = routeKey(route);
      const variant = ROUTE_RULES[key]?.[0];
      if (!variant) continue;
      const input = { world, actor: 'owner' as const, scope: 'own' as const };
      const query = variant.query ? new URLSearchParams(await variant.query(input)) : null;
      const template = variant.body ? await variant.body(input) : undefined;
      const params = variant.params ? await variant.params(input) : {};
      let path = route.path;
      for (const [, name] of route.path.matchAll(/:(\w+)/g)) path = path.replace(`:${name}`, params[name!] ?? world.own.project.id);
      const bodies: [string, unknown][] =
        template && typeof template === 'object'
          ? Object.entries(template)
              .filter(([, v]) => typeof v === 'string')
              .map(([field, v]) => [field, { ...(template as object), [field]: `${String(v).slice(0, 3)}\u0000${String(v).slice(3)}` }])
          : [];
      const queries: [string, string][] = query ? [...query.keys()].map((k) => [k, new URLSearchParams({ ...Object.fromEntries(query), [k]: 'a\u0000b' }).toString()]) : [];
      const client = variant.freshSession ? await world.freshSession('owner') : world.client('owner');
      for (const [field, body] of bodies) {
        cases += 1;
        const res = await client.request(route.method, path, body);
        expect(res.status, `${key} ${field}: ${JSON.stringify(res.body)}`).toBe(400);
      }
      for (const [field, q] of queries) {
        cases += 1;
        // With the route's own headers: the import's file is not JSON, and JSON there is a 415 before the query is read.
        const res = await client.request(route.method, `${path}?${q}`, template, variant.headers?.(input, template));
        expect(res.status, `${key} ?${field}: ${JSON.stringify(res.body)}`).toBe(400);
      }
      await variant.after?.(input);
    }
    figures.nulCases = cases;
    expect(cases).toBeGreaterThan(20);
  });
});

describe('generated bad input: no 5xx', () => {
  it('[bad-input] the route list is the one the matrix covers', () => {
    expect(routes.length).toBeGreaterThan(30);
  });

  for (const route of routes) {
    const key = routeKey(route);
    it(`[bad-input] ${key}: ${RUNS} generated requests, none ≥ 500`, { timeout: 30_000 + RUNS * 1500 }, async () => {
      const variant = ROUTE_RULES[key]?.[0];
      const template = await templateBody(key);
      const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
      // Routes that end or replace their session get a session of their own; the rest run as an admin.
      const client = variant?.freshSession ? await world.freshSession('member') : world.client('admin');
      const hasBody = route.method !== 'GET';
      await fc.assert(
        fc.asyncProperty(
          fc.array(paramValue(), { minLength: names.length, maxLength: names.length }),
          fc.option(queryString, { nil: undefined }),
          hasBody ? fc.option(bodyFor(template), { nil: undefined }) : fc.constant(undefined),
          async (params, query, body) => {
            let path = route.path;
            names.forEach((name, i) => {
              const p = params[i]!;
              path = path.replace(`:${name}`, p.raw ? p.value : encodeSegment(p.value));
            });
            const url = query ? `${path}?${query}` : path;
            const payload = body?.raw ?? (body && 'json' in body ? JSON.stringify(body.json) ?? 'null' : undefined);
            const res = await client.request(route.method, url, payload);
            figures.generatedRequests += 1;
            figures.byStatus[res.status] = (figures.byStatus[res.status] ?? 0) + 1;
            if (res.status >= 500) {
              figures.serverErrors += 1;
              serverErrors.push(`${route.method} ${url} ${String(payload).slice(0, 200)} → ${res.status}`);
            }
            notPolluted();
            return res.status < 500;
          },
        ),
        { numRuns: RUNS, endOnFailure: true },
      );
    });
  }
});
