import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MAX_WEBHOOKS_PER_TEAM, WEBHOOK_EVENTS, type CreatedWebhook, type WebhookDelivery } from '@planline/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinedMember, registeredClient, setTeamPlan, startTestServer, teamWithOwner, type ClientUser, type TestServer } from './harness.js';

/**
 * [webhooks] Issue 40: a team's signed webhooks, against a receiver on 127.0.0.1 (the server runs with
 * WEBHOOK_ALLOW_PRIVATE=true, a short backoff and timeout, and a clock the tests move); [webhook-ssrf] refusals against
 * a second server without the setting.
 */

interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** What the receiver answers on each path; anything else is a 200. */
const behaviours: Record<string, (req: IncomingMessage, res: ServerResponse, seen: number) => void> = {
  '/flaky': (_req, res, seen) => {
    res.statusCode = seen <= 2 ? 500 : 200;
    res.end(seen <= 2 ? 'not yet' : 'ok');
  },
  '/down': (_req, res) => {
    res.statusCode = 503;
    res.end('down');
  },
  '/hang': () => {
    // Never answers.
  },
  '/huge': (_req, res) => {
    res.statusCode = 200;
    res.end(Buffer.alloc(5 * 1024 * 1024, 'x'));
  },
  '/endless': (_req, res) => {
    res.statusCode = 200;
    const chunk = Buffer.alloc(16 * 1024, 'y');
    // A write at a time (never a loop that writes on after the client has gone).
    const pump = (): void => {
      if (res.destroyed || !res.socket || res.socket.destroyed) return;
      if (res.write(chunk)) setImmediate(pump);
      else res.once('drain', pump);
    };
    pump();
  },
  '/redirect': (_req, res) => {
    res.writeHead(302, { location: '/ok' });
    res.end();
  },
};

let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];
let server: TestServer;
let strict: TestServer;
/** The webhook clock runs this far ahead of the real one. */
let clockOffsetMs = 0;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const seen = received.filter((r) => r.path === path).length;
      const behave = behaviours[path];
      if (behave) behave(req, res, seen);
      else res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  [server, strict] = await Promise.all([
    startTestServer(
      { WEBHOOK_ALLOW_PRIVATE: 'true' },
      { webhooks: { backoffMs: [150, 300], pollMs: 50, timeoutMs: 1000, now: () => new Date(Date.now() + clockOffsetMs) } },
    ),
    // Without the setting; its dispatcher resolves every name to 127.0.0.1 (a DNS answer changed since registration).
    startTestServer({}, { webhooks: { pollMs: 50, resolve: async () => [{ address: '127.0.0.1', family: 4 }] } }),
  ]);
});
afterAll(async () => {
  receiver?.closeAllConnections();
  receiver?.close();
  await Promise.all([server?.stop(), strict?.stop()]);
});

async function register(owner: ClientUser, teamId: string, path: string, events: readonly string[] = WEBHOOK_EVENTS) {
  const res = await owner.client.post(`/api/teams/${teamId}/webhooks`, { url: `${receiverUrl}${path}`, events });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as CreatedWebhook;
}

const deliveries = async (owner: ClientUser, teamId: string, webhookId: string) => {
  const res = await owner.client.get(`/api/teams/${teamId}/webhooks/${webhookId}/deliveries`);
  expect(res.status).toBe(200);
  return res.body as WebhookDelivery[];
};

/** The receiver's requests on `path`, parsed, once `count` have arrived. */
async function arrivals(path: string, count: number) {
  await expect.poll(() => received.filter((r) => r.path === path).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(count);
  return received.filter((r) => r.path === path);
}

const verify = (secret: string, r: Received) => {
  const timestamp = String(r.headers['planline-timestamp']);
  const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${r.body}`).digest('hex')}`;
  return r.headers['planline-signature'] === expected && Math.abs(Date.now() / 1000 - Number(timestamp)) < 300;
};

async function proTeam() {
  const { owner, team } = await teamWithOwner(server);
  await setTeamPlan(server, team.id, 'pro');
  return { owner, team };
}

describe('[webhooks] deliveries', () => {
  it('signs every delivery as documented, and sends task, link cascade, comment, project and member events', async () => {
    const { owner, team } = await proTeam();
    const path = '/all-events';
    const { webhook, secret } = await register(owner, team.id, path);
    expect(secret).toMatch(/^whs_[A-Za-z0-9_-]{43}$/);
    expect(webhook).toMatchObject({ url: `${receiverUrl}${path}`, events: [...WEBHOOK_EVENTS], disabledAt: null });
    // The secret is in that answer only.
    expect(JSON.stringify((await owner.client.get(`/api/teams/${team.id}/webhooks`)).body)).not.toContain(secret);

    const project = (await owner.client.post('/api/projects', { name: 'Hooks', teamId: team.id })).body as { id: string };
    const a = (await owner.client.post('/api/tasks', { projectId: project.id, name: 'Design', startDate: '2026-11-23', endDate: '2026-11-27' })).body as { id: string };
    const b = (await owner.client.post('/api/tasks', { projectId: project.id, name: 'Build', startDate: '2026-11-30', endDate: '2026-12-04' })).body as { id: string };
    expect((await owner.client.request('PATCH', `/api/tasks/${a.id}`, { name: 'Design v2', progress: 40 })).status).toBe(200);
    expect((await owner.client.post(`/api/tasks/${b.id}/dependencies`, { dependsOnTaskId: a.id })).status).toBe(201);
    // Design a week longer: Build is pushed by the link.
    expect((await owner.client.request('PATCH', `/api/tasks/${a.id}`, { endDate: '2026-12-04' })).status).toBe(200);
    expect((await owner.client.post(`/api/tasks/${a.id}/comments`, { body: 'Looks good' })).status).toBe(201);
    expect((await owner.client.request('PATCH', `/api/projects/${project.id}`, { name: 'Hooks 2' })).status).toBe(200);
    const member = await joinedMember(server, owner.client, team.id);
    expect((await owner.client.request('DELETE', `/api/teams/${team.id}/members/${member.user.id}`)).status).toBe(204);
    expect((await owner.client.request('DELETE', `/api/tasks/${b.id}`)).status).toBe(204);

    const wanted = ['project.created', 'task.created', 'task.updated', 'task.moved_by_dependency', 'comment.created', 'project.updated', 'member.joined', 'member.removed', 'task.deleted'];
    await expect
      .poll(() => new Set(received.filter((r) => r.path === path).map((r) => JSON.parse(r.body).event)), { timeout: 10_000 })
      .toEqual(new Set(wanted));
    const got = received.filter((r) => r.path === path);
    for (const r of got) expect(verify(secret, r), `signature of ${r.body.slice(0, 80)}`).toBe(true);
    const bodies = got.map((r) => JSON.parse(r.body) as { id: string; event: string; createdAt: string; teamId: string; data: any });
    for (const body of bodies) {
      expect(body).toMatchObject({ id: expect.any(String), teamId: team.id, createdAt: expect.any(String) });
      expect(got.find((r) => JSON.parse(r.body).id === body.id)!.headers['planline-delivery']).toBe(body.id);
    }
    const of = (event: string) => bodies.filter((x) => x.event === event);
    expect(of('task.created').map((x) => x.data.task.name).sort()).toEqual(['Build', 'Design']);
    expect(of('task.updated').find((x) => x.data.changes.name)?.data.changes).toEqual({ name: { from: 'Design', to: 'Design v2' }, progress: { from: 0, to: 40 } });
    expect(of('task.updated').find((x) => x.data.changes.endDate)?.data.changes.endDate).toEqual({ from: '2026-11-27', to: '2026-12-04' });
    // One per cascade, listing the moves; the task the cascade moved has no task.updated of its own for it.
    const cascades = of('task.moved_by_dependency');
    expect(cascades.length).toBeGreaterThanOrEqual(1);
    const pushed = cascades.flatMap((x) => x.data.moves).find((m: any) => m.to.startDate === '2026-12-07');
    expect(pushed).toEqual({ taskId: b.id, name: 'Build', from: { startDate: expect.any(String), endDate: expect.any(String) }, to: { startDate: '2026-12-07', endDate: '2026-12-11' } });
    expect(of('comment.created')[0]!.data).toMatchObject({ projectId: project.id, taskId: a.id, comment: { body: 'Looks good' } });
    expect(of('project.updated').some((x) => x.data.project.name === 'Hooks 2')).toBe(true);
    expect(of('member.joined')[0]!.data.member.userId ?? of('member.joined')[0]!.data.member.id).toBeTruthy();
    expect(of('member.removed')[0]!.data).toEqual({ userId: member.user.id });
    expect(of('task.deleted')[0]!.data.task).toMatchObject({ id: b.id, name: 'Build' });

    // [webhooks] the log: newest first, each delivered with its answer's status.
    await expect.poll(async () => (await deliveries(owner, team.id, webhook.id)).every((d) => d.status === 'delivered'), { timeout: 10_000 }).toBe(true);
    const log = await deliveries(owner, team.id, webhook.id);
    expect(log.length).toBe(got.length);
    expect(log.map((d) => d.createdAt)).toEqual([...log.map((d) => d.createdAt)].sort().reverse());
    expect(log[0]).toMatchObject({ status: 'delivered', responseStatus: 200, attempts: 1, error: null, nextAttemptAt: null });
  });

  it('sends only the events chosen, and a rotated secret signs what follows (the old one no longer verifies)', async () => {
    const { owner, team } = await proTeam();
    const path = '/chosen';
    const { webhook, secret } = await register(owner, team.id, path, ['project.updated']);
    const project = (await owner.client.post('/api/projects', { name: 'Only updates', teamId: team.id })).body as { id: string };
    const rotated = await owner.client.post(`/api/teams/${team.id}/webhooks/${webhook.id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    const newSecret = (rotated.body as CreatedWebhook).secret;
    expect(newSecret).not.toBe(secret);
    expect((await owner.client.request('PATCH', `/api/projects/${project.id}`, { name: 'Renamed' })).status).toBe(200);
    const [first] = await arrivals(path, 1);
    expect(JSON.parse(first!.body).event).toBe('project.updated');
    expect(verify(newSecret, first!)).toBe(true);
    expect(verify(secret, first!)).toBe(false);
    await new Promise((r) => setTimeout(r, 400));
    expect(received.filter((r) => r.path === path)).toHaveLength(1);
  });

  it('[webhook-retry] a receiver answering 500 is retried with backoff and delivered later', async () => {
    const { owner, team } = await proTeam();
    const { webhook } = await register(owner, team.id, '/flaky', ['project.created']);
    await owner.client.post('/api/projects', { name: 'Retry me', teamId: team.id });
    await arrivals('/flaky', 3);
    await expect.poll(async () => (await deliveries(owner, team.id, webhook.id))[0]?.status, { timeout: 10_000 }).toBe('delivered');
    const [delivery] = await deliveries(owner, team.id, webhook.id);
    expect(delivery).toMatchObject({ attempts: 3, responseStatus: 200, error: null });
    // All three attempts carried the same delivery id.
    expect(new Set(received.filter((r) => r.path === '/flaky').map((r) => JSON.parse(r.body).id)).size).toBe(1);
    // It delivered in the end: the endpoint is not failing.
    expect((await owner.client.get(`/api/teams/${team.id}/webhooks`)).body[0].failingSince).toBeNull();
  });

  it('a hanging receiver times out, a huge or endless answer is cut and recorded, a redirect is not followed; edits answer meanwhile', async () => {
    const { owner, team } = await proTeam();
    const hooks = {
      hang: (await register(owner, team.id, '/hang', ['project.created'])).webhook,
      huge: (await register(owner, team.id, '/huge', ['project.created'])).webhook,
      endless: (await register(owner, team.id, '/endless', ['project.created'])).webhook,
      redirect: (await register(owner, team.id, '/redirect', ['project.created'])).webhook,
    };
    const project = (await owner.client.post('/api/projects', { name: 'Slow receivers', teamId: team.id })).body as { id: string };
    await arrivals('/hang', 1);
    // The hanging delivery is under way: edits are not held up by it.
    const started = Date.now();
    const task = await owner.client.post('/api/tasks', { projectId: project.id, name: 'Still fast', startDate: '2026-11-23', endDate: '2026-11-27' });
    expect(task.status).toBe(201);
    expect((await owner.client.request('PATCH', `/api/tasks/${task.body.id}`, { progress: 10 })).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1000);

    await expect.poll(async () => (await deliveries(owner, team.id, hooks.hang.id))[0]?.attempts, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    expect((await deliveries(owner, team.id, hooks.hang.id))[0]).toMatchObject({ status: 'pending', responseStatus: null, error: 'The endpoint did not answer within 1 s' });

    for (const hook of [hooks.huge, hooks.endless]) {
      await expect.poll(async () => (await deliveries(owner, team.id, hook.id))[0]?.status, { timeout: 10_000 }).toBe('delivered');
      const [d] = await deliveries(owner, team.id, hook.id);
      expect(d).toMatchObject({ responseStatus: 200, error: null });
      // Cut after 64 KB, not read to the timeout.
      expect(d!.durationMs).toBeLessThan(1000);
    }

    await expect.poll(async () => (await deliveries(owner, team.id, hooks.redirect.id))[0]?.attempts, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    expect((await deliveries(owner, team.id, hooks.redirect.id))[0]).toMatchObject({ responseStatus: 302, error: 'The endpoint answered 302: redirects are not followed' });
    expect(received.filter((r) => r.path === '/ok')).toHaveLength(0);
  });

  it('[webhook-disable] an endpoint failing for a day is disabled, its pending deliveries failed, and its creator notified', async () => {
    const { owner, team } = await proTeam();
    const { webhook } = await register(owner, team.id, '/down', ['project.created']);
    await owner.client.post('/api/projects', { name: 'Nobody listens', teamId: team.id });
    await arrivals('/down', 1);
    const listed = async () => ((await owner.client.get(`/api/teams/${team.id}/webhooks`)).body as { id: string; failingSince: string | null; disabledAt: string | null; disabledReason: string | null }[]).find((w) => w.id === webhook.id)!;
    await expect.poll(async () => (await listed()).failingSince, { timeout: 10_000 }).not.toBeNull();
    expect((await listed()).disabledAt).toBeNull();

    // A day and an hour later, the next attempt fails too: the delivery is given up and the endpoint turned off.
    clockOffsetMs = 25 * 3_600_000;
    try {
      await expect.poll(async () => (await listed()).disabledAt, { timeout: 10_000 }).not.toBeNull();
    } finally {
      clockOffsetMs = 0;
    }
    expect((await listed()).disabledReason).toMatch(/every delivery failed for a day \(last: The endpoint answered 503\)/);
    await expect.poll(async () => (await deliveries(owner, team.id, webhook.id))[0]?.status, { timeout: 10_000 }).toBe('failed');
    const notes: { reason: string; text: string; team_id: string }[] = await server.dataSource.query(
      `SELECT reason, text, team_id FROM notifications WHERE user_id = $1 AND reason = 'webhook_disabled'`,
      [owner.user.id],
    );
    expect(notes).toEqual([{ reason: 'webhook_disabled', team_id: team.id, text: expect.stringContaining(`${receiverUrl}/down`) }]);

    // Disabled: its team's events no longer reach it.
    const before = received.filter((r) => r.path === '/down').length;
    await owner.client.post('/api/projects', { name: 'After', teamId: team.id });
    await new Promise((r) => setTimeout(r, 600));
    expect(received.filter((r) => r.path === '/down').length).toBe(before);
  });
});

describe('[webhook-access] who may manage webhooks', () => {
  it('a Free team gets 402, a member 403, an outsider 404; deleting is 204 then 404', async () => {
    const { owner, team } = await teamWithOwner(server);
    await setTeamPlan(server, team.id, 'free');
    const free = await owner.client.post(`/api/teams/${team.id}/webhooks`, { url: `${receiverUrl}/x`, events: ['task.created'] });
    expect(free.status).toBe(402);
    expect(free.body).toMatchObject({ requiresUpgrade: true, requiredPlan: 'pro', message: expect.stringContaining('Webhooks are part of Pro') });
    expect((await owner.client.get(`/api/teams/${team.id}/webhooks`)).status).toBe(402);

    await setTeamPlan(server, team.id, 'pro');
    const member = await joinedMember(server, owner.client, team.id, 'member');
    const refused = await member.client.post(`/api/teams/${team.id}/webhooks`, { url: `${receiverUrl}/x`, events: ['task.created'] });
    expect(refused.status).toBe(403);
    expect((await member.client.get(`/api/teams/${team.id}/webhooks`)).status).toBe(403);
    const admin = await joinedMember(server, owner.client, team.id, 'admin');
    const made = await admin.client.post(`/api/teams/${team.id}/webhooks`, { url: `${receiverUrl}/x`, events: ['task.created'] });
    expect(made.status).toBe(201);
    const stranger = await registeredClient(server);
    expect((await stranger.client.get(`/api/teams/${team.id}/webhooks`)).status).toBe(404);

    const id = (made.body as CreatedWebhook).webhook.id;
    expect((await owner.client.request('DELETE', `/api/teams/${team.id}/webhooks/${id}`)).status).toBe(204);
    expect((await owner.client.request('DELETE', `/api/teams/${team.id}/webhooks/${id}`)).status).toBe(404);
    expect((await owner.client.get(`/api/teams/${team.id}/webhooks/${id}/deliveries`)).status).toBe(404);
  });

  it('bad input is a 400 naming the field: no events, an unknown event, a relative URL', async () => {
    const { owner, team } = await proTeam();
    const post = (body: unknown) => owner.client.post(`/api/teams/${team.id}/webhooks`, body);
    expect((await post({ url: `${receiverUrl}/x`, events: [] })).body.message).toBe('Choose at least one event to send');
    expect((await post({ url: `${receiverUrl}/x`, events: ['task.exploded'] })).status).toBe(400);
    expect((await post({ url: '/relative', events: ['task.created'] })).body.message).toContain('Enter a full URL');
    expect((await post({ url: `https://user:pw@example.com/`, events: ['task.created'] })).status).toBe(400);
  });

  it(`[webhook-limit] a team has at most ${MAX_WEBHOOKS_PER_TEAM} webhooks, also when they are added at once`, async () => {
    const { owner, team } = await proTeam();
    const answers = await Promise.all(
      Array.from({ length: MAX_WEBHOOKS_PER_TEAM + 3 }, (_, i) => owner.client.post(`/api/teams/${team.id}/webhooks`, { url: `${receiverUrl}/limit/${i}`, events: ['task.created'] })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(MAX_WEBHOOKS_PER_TEAM);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused.map((a) => a.status)).toEqual([409, 409, 409]);
    expect(refused[0]!.body.message).toContain(`${MAX_WEBHOOKS_PER_TEAM} webhooks`);
    expect((await owner.client.get(`/api/teams/${team.id}/webhooks`)).body).toHaveLength(MAX_WEBHOOKS_PER_TEAM);
  });
});

describe('[webhook-ssrf] addresses', () => {
  it('refuses metadata, loopback (and a name resolving to it), private addresses and plain http without the setting', async () => {
    const { owner, team } = await teamWithOwner(strict);
    await setTeamPlan(strict, team.id, 'pro');
    const post = (url: string) => owner.client.post(`/api/teams/${team.id}/webhooks`, { url, events: ['task.created'] });
    const metadata = await post('https://169.254.169.254/latest/meta-data/');
    expect(metadata.status).toBe(400);
    expect(metadata.body.message).toBe('This address is link-local or reserved (169.254.169.254): webhooks never call link-local, cloud metadata or reserved addresses');
    expect((await post('https://127.0.0.1/hook')).body.message).toBe('This address is private (127.0.0.1): webhooks may only call public addresses');
    expect((await post('https://localhost/hook')).body.message).toMatch(/^This address is private \((127\.0\.0\.1|::1)\): webhooks may only call public addresses$/);
    expect((await post('https://10.1.2.3/hook')).body.message).toBe('This address is private (10.1.2.3): webhooks may only call public addresses');
    expect((await post('https://[::ffff:7f00:1]/hook')).status).toBe(400);
    expect((await post('https://0x7f.1/hook')).body.message).toContain('(127.0.0.1)');
    expect((await post('http://93.184.215.14/hook')).body.message).toBe('Webhook URLs must start with https:// (plain http is only for development servers)');
    expect((await owner.client.get(`/api/teams/${team.id}/webhooks`)).body).toEqual([]);
  });

  it('refuses link-local and metadata addresses even with WEBHOOK_ALLOW_PRIVATE=true', async () => {
    const { owner, team } = await proTeam();
    const post = (url: string) => owner.client.post(`/api/teams/${team.id}/webhooks`, { url, events: ['task.created'] });
    expect((await post('http://169.254.169.254/latest/meta-data/')).status).toBe(400);
    expect((await post('http://[fd00:ec2::254]/')).status).toBe(400);
    expect((await post('http://[fe80::1]/')).status).toBe(400);
    expect((await post('http://0.0.0.0:80/')).status).toBe(400);
  });

  it('checks again at delivery: a name that now resolves to loopback is not called, and the delivery says why', async () => {
    const { owner, team } = await teamWithOwner(strict);
    await setTeamPlan(strict, team.id, 'pro');
    // Registered when the name resolved to a public address (made here as if so).
    const [hook]: { id: string }[] = await strict.dataSource.query(
      `INSERT INTO team_webhooks (id, team_id, url, events, secret, created_by) VALUES (gen_random_uuid(), $1, $2, '{project.created}', 'whs_x', $3) RETURNING id`,
      [team.id, `https://rebound.example:${new URL(receiverUrl).port}/rebound`, owner.user.id],
    );
    await owner.client.post('/api/projects', { name: 'Rebound', teamId: team.id });
    await expect.poll(async () => (await deliveries(owner, team.id, hook!.id))[0]?.attempts, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    expect((await deliveries(owner, team.id, hook!.id))[0]).toMatchObject({
      status: 'pending',
      responseStatus: null,
      error: 'This address is private (127.0.0.1): webhooks may only call public addresses',
    });
    expect(received.filter((r) => r.path === '/rebound')).toHaveLength(0);
  });
});
