import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_MISSES_FROM_ADDRESS } from '../src/features/calendar-feed/calendar-feed.service.js';
import { ApiClient, createTask, joinedMember, registeredClient, startTestServer, teamWithOwner, type TestServer } from './harness.js';

let server: TestServer;
beforeAll(async () => {
  // TRUST_PROXY: the misses test speaks from several addresses through X-Forwarded-For.
  server = await startTestServer({ PUBLIC_URL: 'https://plan.example.com', TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await server?.stop();
});

type IcsEvent = Record<string, string>;

/** RFC 5545 read back: lines unfolded, each VEVENT's properties by name (parameters dropped), text unescaped. */
function parseIcs(text: string): { calendar: IcsEvent; events: IcsEvent[] } {
  const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n').filter(Boolean);
  const calendar: IcsEvent = {};
  const events: IcsEvent[] = [];
  let current: IcsEvent | null = null;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') current = {};
    else if (line === 'END:VEVENT') {
      events.push(current!);
      current = null;
    } else {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).split(';')[0]!;
      const value = line.slice(colon + 1).replace(/\\n/gi, '\n').replace(/\\([,;\\])/g, '$1');
      (current ?? calendar)[name] = value;
    }
  }
  return { calendar, events };
}

/** The feed read as a calendar app does: no cookie, the link's own path. */
async function readFeed(url: string, headers: Record<string, string> = {}) {
  const path = new URL(url).pathname;
  const res = await fetch(server.url + path, { headers });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/**
 * A calendar app's conditional poll. Cache-Control is given so that fetch does not add its own `no-cache`, which
 * asks any server for a full answer (RFC 9111 §5.2.1.4).
 */
const revalidate = (etag: string) => ({ 'if-none-match': etag, 'cache-control': 'max-age=0' });

async function feedUrl(client: ApiClient): Promise<string> {
  const res = await client.post('/api/me/calendar-feed');
  expect(res.status).toBe(200);
  return res.body.url;
}

/** A team with a project, its owner, and a member with one task of their own, one of the owner's and a milestone. */
async function plan() {
  const { owner, team } = await teamWithOwner(server, 'Launch Team');
  const bea = await joinedMember(server, owner.client, team.id);
  const project = (await owner.client.post('/api/projects', { name: 'Website relaunch', teamId: team.id })).body as { id: string };
  const hers = await createTask(owner.client, {
    projectId: project.id,
    name: 'Write copy',
    description: 'Home page; pricing page',
    startDate: '2027-03-01',
    endDate: '2027-03-05',
    assigneeId: bea.user.id,
  });
  const shared = await createTask(owner.client, {
    projectId: project.id,
    name: 'Review',
    startDate: '2027-03-08',
    endDate: '2027-03-09',
    assigneeId: owner.user.id,
    assigneeIds: [owner.user.id, bea.user.id],
  });
  const notHers = await createTask(owner.client, { projectId: project.id, name: 'Server setup', startDate: '2027-03-01', endDate: '2027-03-02', assigneeId: owner.user.id });
  const launch = await createTask(owner.client, { projectId: project.id, name: 'Go live', startDate: '2027-03-10', endDate: '2027-03-10', kind: 'milestone' });
  return { owner, team, bea, project, hers, shared, notHers, launch };
}

describe('calendar feed (issue 37)', () => {
  it('[calendar-feed] lists the person’s tasks and every milestone of their projects as all-day events, read without a session', async () => {
    const { bea, project, hers, shared, notHers, launch } = await plan();
    const url = await feedUrl(bea.client);
    expect(url).toMatch(/^https:\/\/plan\.example\.com\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);

    const res = await readFeed(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(res.headers.get('cache-control')).toContain('private');
    const { calendar, events } = parseIcs(res.text);
    expect(calendar.VERSION).toBe('2.0');
    expect(events.map((e) => e.UID).sort()).toEqual([hers.id, shared.id, launch.id].map((id) => `${id}@plan.example.com`).sort());
    expect(events.some((e) => e.UID!.startsWith(notHers.id))).toBe(false);

    const copy = events.find((e) => e.UID!.startsWith(hers.id))!;
    expect(copy.DTSTART).toBe('20270301');
    // DTEND is exclusive: the day after the last day.
    expect(copy.DTEND).toBe('20270306');
    expect(copy.SUMMARY).toBe('Write copy · Website relaunch');
    expect(copy.DESCRIPTION).toContain('Home page; pricing page');
    expect(copy.DESCRIPTION).toContain(`https://plan.example.com/?project=${project.id}&task=${hers.id}`);
    expect(copy.TRANSP).toBe('TRANSPARENT');
    const milestone = events.find((e) => e.UID!.startsWith(launch.id))!;
    expect([milestone.DTSTART, milestone.DTEND]).toEqual(['20270310', '20270311']);
    expect(milestone.SUMMARY).toBe('◆ Go live · Website relaunch');
  });

  it('[calendar-feed-etag] the same plan gives the same feed: a poll with its ETag is a 304, a change gives a new one with the same UID', async () => {
    const { owner, bea, hers } = await plan();
    const url = await feedUrl(bea.client);
    const first = await readFeed(url);
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect((await readFeed(url, revalidate(etag))).status).toBe(304);

    expect((await owner.client.request('PATCH', `/api/tasks/${hers.id}`, { endDate: '2027-03-12' })).status).toBe(200);
    const after = await readFeed(url, revalidate(etag));
    expect(after.status).toBe(200);
    const moved = parseIcs(after.text).events.filter((e) => e.UID!.startsWith(hers.id));
    expect(moved).toHaveLength(1);
    expect(moved[0]!.DTEND).toBe('20270313');
  });

  it('[calendar-feed-revoke] a new link replaces the old one, and revoking ends it at once; a made-up token is a 404', async () => {
    const { bea } = await plan();
    expect((await bea.client.get('/api/me/calendar-feed')).body).toEqual({ active: false, createdAt: null });
    const old = await feedUrl(bea.client);
    expect((await bea.client.get('/api/me/calendar-feed')).body).toEqual({ active: true, createdAt: expect.any(String) });
    const fresh = await feedUrl(bea.client);
    expect(fresh).not.toBe(old);
    expect((await readFeed(old)).status).toBe(404);
    expect((await readFeed(fresh)).status).toBe(200);

    expect((await bea.client.request('DELETE', '/api/me/calendar-feed')).status).toBe(204);
    expect((await bea.client.get('/api/me/calendar-feed')).body.active).toBe(false);
    const gone = await readFeed(fresh);
    expect(gone.status).toBe(404);
    expect(JSON.parse(gone.text).message).toMatch(/profile page/);

    for (const token of ['A'.repeat(43), 'short', '..%2F..%2Fetc', 'x'.repeat(400)]) {
      expect((await readFeed(`https://x/api/calendar/${token}.ics`)).status).toBe(404);
    }
    // The token is kept only as a hash.
    const rows: { token_hash: string }[] = await server.dataSource.query(`SELECT token_hash FROM calendar_feeds`);
    expect(rows.every((r) => !old.includes(r.token_hash) && !fresh.includes(r.token_hash))).toBe(true);
  });

  it('[calendar-feed-access] leaving the team takes its events out of the next poll; a guest sees only the one project', async () => {
    const { owner, team, bea, project, launch } = await plan();
    const url = await feedUrl(bea.client);
    expect(parseIcs((await readFeed(url)).text).events).toHaveLength(3);

    expect((await owner.client.request('DELETE', `/api/teams/${team.id}/members/${bea.user.id}`)).status).toBe(204);
    const after = await readFeed(url);
    expect(after.status).toBe(200);
    expect(parseIcs(after.text).events).toEqual([]);

    // A guest of the project: its milestone, and nothing of the team's other project.
    const other = (await owner.client.post('/api/projects', { name: 'Internal', teamId: team.id })).body as { id: string };
    await createTask(owner.client, { projectId: other.id, name: 'Offsite', startDate: '2027-04-01', endDate: '2027-04-01', kind: 'milestone' });
    const guest = await registeredClient(server);
    const link = (await owner.client.get(`/api/projects/${project.id}/invite-link`)).body.inviteLink as string;
    expect((await guest.client.post('/api/projects/join', { token: new URL(link).pathname.split('/').pop() })).status).toBe(200);
    const guestEvents = parseIcs((await readFeed(await feedUrl(guest.client))).text).events;
    expect(guestEvents.map((e) => e.UID)).toEqual([`${launch.id}@plan.example.com`]);
  });

  it('[calendar-feed-auth] making or revoking a link needs a session; polling too often is a 429 with Retry-After', async () => {
    const anonymous = new ApiClient(server.url);
    expect((await anonymous.post('/api/me/calendar-feed')).status).toBe(401);
    expect((await anonymous.get('/api/me/calendar-feed')).status).toBe(401);
    expect((await anonymous.request('DELETE', '/api/me/calendar-feed')).status).toBe(401);

    const { bea } = await plan();
    const url = await feedUrl(bea.client);
    const statuses: number[] = [];
    for (let i = 0; i < 25; i += 1) statuses.push((await readFeed(url)).status);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    const limited = await readFeed(url);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('[calendar-feed-misses] unknown links from one address: 10 misses, then 429 with Retry-After; a real link is still read from there; parallel guesses are held to a few lookups; other addresses are not held up', async () => {
    const { bea } = await plan();
    const url = await feedUrl(bea.client);
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    const guess = (i: number) => `https://x/api/calendar/${String(i).padStart(43, 'G')}.ics`;

    // A known link read from the address costs nothing of its misses.
    for (let i = 0; i < 5; i += 1) expect((await readFeed(url, from('203.0.113.7'))).status).toBe(200);
    for (let i = 0; i < 10; i += 1) expect((await readFeed(guess(i), from('203.0.113.7'))).status).toBe(404);
    const limited = await readFeed(guess(99), from('203.0.113.7'));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBe(6);
    expect(JSON.parse(limited.text).message).toBe(FEED_MISSES_FROM_ADDRESS);
    // Malformed tokens count as misses too.
    expect((await readFeed('https://x/api/calendar/short.ics', from('203.0.113.7'))).status).toBe(429);
    // An address the client writes before the proxy's own entry changes nothing: the last entry is the one counted.
    expect((await readFeed(guess(98), from('10.9.9.9, 203.0.113.7'))).status).toBe(429);
    // The address's misses never refuse a link that exists (a calendar app's shared fetcher polling revoked links).
    expect((await readFeed(url, from('203.0.113.7'))).status).toBe(200);

    // A burst of parallel guesses from a fresh address: at most the miss allowance answered 404, the rest 429.
    const statuses = await Promise.all(Array.from({ length: 30 }, (_, i) => readFeed(guess(i), from('192.0.2.44')).then((r) => r.status)));
    expect(statuses.filter((s) => s !== 404 && s !== 429)).toEqual([]);
    expect(statuses.filter((s) => s === 404).length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 404).length).toBeLessThanOrEqual(10);

    expect((await readFeed(guess(1), from('198.51.100.9'))).status).toBe(404);
    expect((await readFeed(url, from('198.51.100.9'))).status).toBe(200);
  });
});
