import { randomUUID } from 'node:crypto';
import { DEFAULT_WORK_CALENDAR } from '@planline/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMspdi } from '../src/features/interchange/mspdi-read.js';
import { ApiClient, joinedMember, registeredClient, setTeamPlan, startTestServer, teamWithOwner, type TestServer } from './harness.js';

/*
 * Issue 37: GET /api/projects/{projectId}/export/mspdi, read back with the importer's own reader (a round trip through
 * the server: what the chart holds is what MS Project is given, and what an import would take back).
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

async function download(client: ApiClient, projectId: string, query = '') {
  const res = await fetch(`${server.url}/api/projects/${projectId}/export/mspdi${query}`, { headers: client.cookies.size ? { cookie: client.cookieHeader } : {} });
  const body = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, body, json: () => JSON.parse(body.toString('utf8')) };
}

/** Three levels of summaries, a milestone, links of several types with a lead and a lag, allocations, a holiday. */
async function sampleProject() {
  const { owner, team } = await teamWithOwner(server);
  const bea = await joinedMember(server, owner.client, team.id);
  await bea.client.put('/api/auth/user', { firstName: 'Bea', lastName: 'Builder', email: bea.account.email });
  const project = (await owner.client.post('/api/projects', { name: 'Hangar & «roof»', teamId: team.id })).body;
  expect((await owner.client.request('PATCH', `/api/projects/${project.id}`, { holidays: [{ date: '2026-11-26', name: 'Thanksgiving' }] })).status).toBe(200);
  const make = async (name: string, startDate: string, endDate: string, extra: Record<string, unknown> = {}) => {
    const res = await owner.client.post('/api/tasks', { projectId: project.id, name, startDate, endDate, ...extra });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: string };
  };
  const phase = await make('Structure', '2026-11-23', '2026-12-04');
  const stage = await make('Frame & walls', '2026-11-23', '2026-12-04', { parentId: phase.id });
  const posts = await make('Posts <steel>', '2026-11-23', '2026-11-25', {
    parentId: stage.id,
    progress: 100,
    description: 'Footings first',
    assignments: [{ userId: owner.user.id, allocation: 100 }, { userId: bea.user.id, allocation: 50 }],
  });
  const walls = await make('Walls', '2026-11-30', '2026-12-04', { parentId: stage.id, assignments: [{ userId: bea.user.id, allocation: 150 }] });
  const inspected = await make('Inspected', '2026-12-04', '2026-12-04', { parentId: phase.id, kind: 'milestone' });
  const paint = await make('Paint', '2026-12-03', '2026-12-08');
  const link = async (task: { id: string }, on: { id: string }, type: string, lagDays: number) =>
    expect((await owner.client.post(`/api/tasks/${task.id}/dependencies`, { dependsOnTaskId: on.id, type, lagDays })).status).toBeLessThan(300);
  await link(walls, posts, 'FS', 1);
  await link(inspected, walls, 'FF', 0);
  await link(paint, walls, 'SS', 3);
  const baseline = (await owner.client.post(`/api/projects/${project.id}/baselines`, { name: 'Signed plan' })).body as { id: string };
  return { owner, bea, team, project, baseline };
}

describe('[export-mspdi] GET /api/projects/{projectId}/export/mspdi', () => {
  it('answers an MS Project XML file that reads back as the same plan, with the chosen baseline as baseline 0', async () => {
    const { owner, bea, project, baseline } = await sampleProject();
    const res = await download(owner.client, project.id, `?baselineId=${baseline.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="${project.projectCode}-\\d{4}-\\d{2}-\\d{2}\\.xml"`));
    expect(res.headers.get('cache-control')).toBe('no-store');

    const plan = readMspdi(res.body, { fileName: 'export.xml', calendar: DEFAULT_WORK_CALENDAR });
    expect(plan.errors).toEqual([]);
    expect(plan.warnings).toEqual([]);
    const nameOf = new Map(plan.tasks.map((t) => [t.key, t.name]));
    expect(plan.tasks.map((t) => [t.name, t.parentKey ? nameOf.get(t.parentKey) : null, t.startDate, t.endDate, t.kind, t.progress])).toEqual([
      // Summaries come back with their subtasks' span (rolled up, as the chart shows them).
      ['Structure', null, '2026-11-23', '2026-12-04', 'task', expect.any(Number)],
      ['Frame & walls', 'Structure', '2026-11-23', '2026-12-04', 'task', expect.any(Number)],
      ['Posts <steel>', 'Frame & walls', '2026-11-23', '2026-11-25', 'task', 100],
      ['Walls', 'Frame & walls', '2026-11-30', '2026-12-04', 'task', 0],
      ['Inspected', 'Structure', '2026-12-04', '2026-12-04', 'milestone', 0],
      ['Paint', null, '2026-12-03', '2026-12-08', 'task', 0],
    ]);
    expect(plan.tasks[2]!.description).toBe('Footings first');
    expect(plan.links.map((l) => `${nameOf.get(l.predecessorKey)} ${l.type}${l.lagDays >= 0 ? '+' : ''}${l.lagDays} ${nameOf.get(l.successorKey)}`).sort()).toEqual(
      ['Posts <steel> FS+1 Walls', 'Walls FF+0 Inspected', 'Walls SS+3 Paint'].sort(),
    );
    const emailOf = new Map(plan.resources.map((r) => [r.key, r.email]));
    const allocations = (name: string) => plan.tasks.find((t) => t.name === name)!.assignments.map((a) => [emailOf.get(a.resourceKey), a.allocation]);
    expect(allocations('Posts <steel>')).toEqual(expect.arrayContaining([[owner.account.email, 100], [bea.account.email, 50]]));
    expect(allocations('Walls')).toEqual([[bea.account.email, 150]]);
    expect(plan.resources.map((r) => r.name).sort()).toEqual(['Bea Builder', `${owner.account.firstName} ${owner.account.lastName}`].sort());
    expect(plan.calendar).toEqual({ workingWeekdays: [1, 2, 3, 4, 5], holidays: ['2026-11-26'] });
    expect(plan.baseline?.name).toBe('Imported baseline');
    expect(plan.baseline!.tasks.map((b) => [nameOf.get(b.key), b.startDate, b.endDate])).toContainEqual(['Walls', '2026-11-30', '2026-12-04']);

    // Without a baseline chosen, none is written.
    const plain = readMspdi((await download(owner.client, project.id)).body, { fileName: 'x.xml', calendar: DEFAULT_WORK_CALENDAR });
    expect(plain.baseline).toBeNull();
  });

  it('[mspdi-custom] custom fields become local task custom fields (Text, Number, Date, Flag) with the project\'s names as aliases', async () => {
    const { owner, project } = await sampleProject();
    const field = async (body: Record<string, unknown>) => (await owner.client.post(`/api/projects/${project.id}/fields`, body)).body as { id: string };
    const cost = await field({ name: 'Cost', type: 'number' });
    const notes = await field({ name: 'Site <notes>', type: 'text' });
    const due = await field({ name: 'Due', type: 'date' });
    const signed = await field({ name: 'Signed', type: 'checkbox' });
    const phase = await field({ name: 'Phase', type: 'choice', options: ['Build'] });
    const paint = ((await owner.client.get(`/api/projects/${project.id}/tasks`)).body as { id: string; name: string }[]).find((t) => t.name === 'Paint')!;
    const custom = { [cost.id]: 12.5, [notes.id]: 'A & B', [due.id]: '2026-12-31', [signed.id]: true, [phase.id]: 'Build' };
    expect((await owner.client.request('PATCH', `/api/tasks/${paint.id}`, { custom })).status).toBe(200);
    const xml = (await download(owner.client, project.id)).body.toString('utf8');
    const definitions = xml.slice(xml.indexOf('<ExtendedAttributes>'), xml.indexOf('</ExtendedAttributes>'));
    // MS Project's FieldIDs: Number1 188743767, Text1 188743731, Date1 188743945, Flag1 188743752, Text2 188743734.
    expect([...definitions.matchAll(/<FieldID>(\d+)<\/FieldID><FieldName>(\w+)<\/FieldName><Alias>([^<]*)<\/Alias>/g)].map((m) => m.slice(1))).toEqual([
      ['188743767', 'Number1', 'Cost'],
      ['188743731', 'Text1', 'Site &lt;notes&gt;'],
      ['188743945', 'Date1', 'Due'],
      ['188743752', 'Flag1', 'Signed'],
      ['188743734', 'Text2', 'Phase'],
    ]);
    expect(xml.indexOf('</ExtendedAttributes>')).toBeLessThan(xml.indexOf('<Calendars>'));
    const task = xml.slice(xml.indexOf('<Name>Paint</Name>'), xml.indexOf('</Task>', xml.indexOf('<Name>Paint</Name>')));
    expect([...task.matchAll(/<ExtendedAttribute><FieldID>(\d+)<\/FieldID><Value>([^<]*)<\/Value><\/ExtendedAttribute>/g)].map((m) => m.slice(1))).toEqual([
      ['188743767', '12.5'],
      ['188743731', 'A &amp; B'],
      ['188743945', '2026-12-31T08:00:00'],
      ['188743752', '1'],
      ['188743734', 'Build'],
    ]);
    // The file still reads back whole.
    expect(readMspdi(Buffer.from(xml), { fileName: 'x.xml', calendar: DEFAULT_WORK_CALENDAR }).errors).toEqual([]);
  });

  it('[export-access] outsiders get 404, signed-out visitors 401, a bad or foreign baseline a 4xx that says so', async () => {
    const { owner, project } = await sampleProject();
    const outsider = await registeredClient(server);
    expect((await download(outsider.client, project.id)).status).toBe(404);
    expect((await download(new ApiClient(server.url), project.id)).status).toBe(401);
    expect((await download(owner.client, randomUUID())).json()).toMatchObject({ message: 'Project not found' });
    expect((await download(owner.client, 'not-a-uuid')).status).toBe(404);
    const bad = await download(owner.client, project.id, '?baselineId=yesterday');
    expect(bad.status).toBe(400);
    expect(bad.json().message).toContain("baselineId must be the id of one of this project's baselines");
    const other = await sampleProject();
    expect((await download(owner.client, project.id, `?baselineId=${other.baseline.id}`)).status).toBe(404);
  });

  it('[export-plan] a team on Free gets a 402 that offers its owner Pro (Free exports Excel and PDF); on Pro again, the file', async () => {
    const { owner, bea, team, project } = await sampleProject();
    await setTeamPlan(server, team.id, 'free');
    for (const who of [owner, bea]) {
      const res = await download(who.client, project.id);
      expect(res.status).toBe(402);
      expect(res.json()).toMatchObject({
        message: 'MS Project (XML) export is part of Pro: Free exports Excel and PDF. Upgrade the team to export for MS Project.',
        requiredPlan: 'pro',
        teamOwnerId: owner.user.id,
        requiresUpgrade: true,
      });
    }
    expect((await owner.client.post(`/api/export/excel/${project.id}`, {})).status).toBe(200);
    await setTeamPlan(server, team.id, 'pro');
    expect((await download(owner.client, project.id)).status).toBe(200);
  });
});
