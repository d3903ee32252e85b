import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTask, joinedMember, registeredClient, setTeamPlan, startTestServer, teamWithOwner, type ClientUser } from './harness.js';

/**
 * [workload] Issue 36: GET /api/teams/{teamId}/workload, each member's allocated hours against capacity by day, week
 * or month, over every project of the team and the other projects their tasks are in. A project the viewer cannot
 * open counts in the figures and shows as "Other project", with no names or ids.
 *
 * The week of Mon 7 - Sun 13 Dec 2026: Ana has "Hull" (100 %) and "Sails" (50 %) all week, a day off on Thursday 10,
 * and "Ropes" (100 %, Mon-Tue) in another team's project that Ben cannot open.
 */
const server = await startTestServer();
let owner: ClientUser;
let ana: ClientUser;
let ben: ClientUser;
let teamId: string;
let projectId: string;
let otherProjectId: string;
const ids: Record<string, string> = {};

const task = async (client: ClientUser, body: Record<string, unknown>) => (await createTask(client.client, body)).id;

beforeAll(async () => {
  const made = await teamWithOwner(server, 'Shipyard');
  owner = made.owner;
  teamId = made.team.id;
  ana = await joinedMember(server, owner.client, teamId);
  ben = await joinedMember(server, owner.client, teamId);
  projectId = ((await owner.client.post('/api/projects', { name: 'Schooner', teamId })).body as { id: string }).id;
  // Another team, which Ana belongs to and Ben does not.
  const other = await teamWithOwner(server, 'Ropewalk');
  const link = await other.owner.client.get(`/api/teams/${other.team.id}/invite-link?role=member`);
  expect((await ana.client.post('/api/teams/join', { token: new URL(link.body.inviteLink).searchParams.get('token') })).status).toBe(200);
  otherProjectId = ((await other.owner.client.post('/api/projects', { name: 'Secret rigging', teamId: other.team.id })).body as { id: string }).id;

  const week = { startDate: '2026-12-07', endDate: '2026-12-11' };
  ids.hull = await task(owner, { projectId, name: 'Hull', ...week, assigneeIds: [ana.user.id] });
  ids.sails = await task(owner, { projectId, name: 'Sails', ...week, assigneeIds: [ana.user.id, ben.user.id] });
  ids.paint = await task(owner, { projectId, name: 'Paint', ...week });
  ids.launch = await task(owner, { projectId, name: 'Launch', startDate: '2026-12-11', endDate: '2026-12-11', kind: 'milestone', assigneeIds: [ana.user.id] });
  ids.fitting = await task(owner, { projectId, name: 'Fitting out', ...week, assigneeIds: [ben.user.id] });
  ids.cabin = await task(owner, { projectId, name: 'Cabin', startDate: '2026-12-07', endDate: '2026-12-07', parentId: ids.fitting, assigneeIds: [ben.user.id] });
  ids.ropes = await task(other.owner, { projectId: otherProjectId, name: 'Ropes', startDate: '2026-12-07', endDate: '2026-12-08', assigneeIds: [ana.user.id, other.owner.user.id] });
  // Sails: half of Ana's day, and of Ben's.
  const half = (id: string) => ({ userId: id, allocation: 50 });
  expect((await owner.client.request('PATCH', `/api/tasks/${ids.sails}`, { assignments: [half(ana.user.id), half(ben.user.id)] })).status).toBe(200);
  expect((await ana.client.put(`/api/teams/${teamId}/members/${ana.user.id}/capacity`, { hoursPerDay: 8, daysOff: [{ from: '2026-12-10', to: '2026-12-10', note: 'Dentist' }] })).status).toBe(200);
});
afterAll(async () => {
  await server.stop();
});

type Person = { userId: string | null; name: string; buckets: { start: string; end: string; capacityHours: number; allocatedHours: number; tasks: { taskId: string | null; projectId: string | null; name: string; hours: number }[] }[]; overloads: { from: string; to: string; peakPercent: number; taskIds: string[] }[] };
const read = (viewer: ClientUser, query: string) => viewer.client.get(`/api/teams/${teamId}/workload?${query}`);
const person = (body: { people: Person[] }, user: ClientUser) => body.people.find((p) => p.userId === user.user.id)!;

describe('[workload] the team’s workload', () => {
  it('[workload] by day: allocation × hours on working days, nothing on a day off, a weekend or for a milestone or a summary', async () => {
    const res = await read(ben, 'from=2026-12-07&to=2026-12-13&scale=day');
    expect(res.status).toBe(200);
    const row = person(res.body, ana);
    expect(row.name).toBe('Ada Lovelace');
    // Mon, Tue: Hull 8 + Sails 4 + Ropes 8; Wed: 12; Thu: a day off; Fri: 12 (the milestone adds nothing); weekend: none.
    expect(row.buckets.map((b) => [b.start, b.allocatedHours, b.capacityHours])).toEqual([
      ['2026-12-07', 20, 8],
      ['2026-12-08', 20, 8],
      ['2026-12-09', 12, 8],
      ['2026-12-10', 0, 0],
      ['2026-12-11', 12, 8],
      ['2026-12-12', 0, 0],
      ['2026-12-13', 0, 0],
    ]);
    // Ben: Sails at 50 %, Cabin (the summary "Fitting out" carries none of its own) on Monday.
    expect(person(res.body, ben).buckets.slice(0, 2).map((b) => b.allocatedHours)).toEqual([12, 4]);
    expect(res.body.unassigned.buckets[0].tasks).toEqual([{ taskId: ids.paint, projectId, name: 'Paint', hours: 8 }]);
  });

  it('[workload] by week, with the tasks behind the hours and the over-allocation spans', async () => {
    const res = await read(ben, 'from=2026-12-07&to=2026-12-13&scale=week');
    expect(res.status).toBe(200);
    const [week] = person(res.body, ana).buckets;
    expect(week).toMatchObject({ start: '2026-12-07', end: '2026-12-13', capacityHours: 32, allocatedHours: 64 });
    expect(week!.tasks).toEqual([
      { taskId: ids.hull, projectId, name: 'Hull', hours: 32 },
      { taskId: ids.sails, projectId, name: 'Sails', hours: 16 },
      { taskId: null, projectId: null, name: 'Other project', hours: 16 },
    ]);
    expect(person(res.body, ana).overloads).toEqual([{ from: '2026-12-07', to: '2026-12-11', peakPercent: 250, taskIds: [ids.hull, ids.sails] }]);
  });

  it('[workload] a project the viewer cannot open counts but says nothing: no name, no id, anywhere in the answer', async () => {
    const res = await read(ben, 'from=2026-12-07&to=2026-12-13&scale=day');
    const text = JSON.stringify(res.body);
    for (const secret of ['Ropes', 'Secret rigging', ids.ropes!, otherProjectId]) expect(text).not.toContain(secret);
    expect(res.body.projects).toEqual([{ id: projectId, name: 'Schooner' }]);
    // The other team's owner is assigned to Ropes too, but is not of this team: no row.
    expect(res.body.people.map((p: Person) => p.userId).sort()).toEqual([owner.user.id, ana.user.id, ben.user.id].sort());
    // Ana can open it: she sees its name.
    const hers = await read(ana, 'from=2026-12-07&to=2026-12-13&scale=day');
    expect(person(hers.body, ana).buckets[0]!.tasks).toContainEqual({ taskId: ids.ropes, projectId: otherProjectId, name: 'Ropes', hours: 8 });
  });

  it('[workload] by month over a quarter: one bucket per calendar month, cut by the range', async () => {
    const res = await read(owner, 'from=2026-11-15&to=2027-01-10&scale=month');
    expect(res.status).toBe(200);
    expect(person(res.body, ana).buckets.map((b) => [b.start, b.end, b.allocatedHours])).toEqual([
      ['2026-11-15', '2026-11-30', 0],
      ['2026-12-01', '2026-12-31', 64],
      ['2027-01-01', '2027-01-10', 0],
    ]);
  });

  it('[workload] only=overloads: the same people and overload spans, no buckets (the chart reads it at every open)', async () => {
    const whole = await read(owner, 'from=2026-11-15&to=2027-01-10&scale=month');
    const lean = await read(owner, 'from=2026-11-15&to=2027-01-10&scale=month&only=overloads');
    expect(lean.status).toBe(200);
    const spans = (body: { people: Person[] }) => body.people.map((p) => [p.userId, p.overloads]);
    expect(spans(lean.body)).toEqual(spans(whole.body));
    expect(whole.body.people.some((p: Person) => p.buckets.some((b) => b.tasks.length > 0))).toBe(true);
    expect([...lean.body.people, lean.body.unassigned].every((p: Person) => p.buckets.length === 0)).toBe(true);
    expect((await read(owner, 'from=2026-11-15&to=2027-01-10&only=buckets')).status).toBe(400);
  });

  it.each([
    ['from=2026-12-07', 'To is required'],
    ['from=2026-12-13&to=2026-12-07', 'The range cannot end before it starts'],
    ['from=2026-01-01&to=2028-01-01', 'A workload range can span at most 2 years'],
    ['from=2026-12-07&to=2026-12-13&scale=year', 'Scale must be one of day, week or month'],
    ['from=yesterday&to=2026-12-13', undefined],
  ])('[workload] bad query %s: 400 with a message', async (query, message) => {
    const res = await read(ana, query);
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
    if (message) expect(res.body.message).toBe(message);
  });

  it('[workload-read-budget] by day at most 366 days (a 400 that says to choose week or month); week and month keep the 2 years', async () => {
    const leapYear = await read(ana, 'from=2028-01-01&to=2028-12-31&scale=day');
    expect(leapYear.status).toBe(200);
    expect(person(leapYear.body, ana).buckets).toHaveLength(366);
    const longer = await read(ana, 'from=2027-12-31&to=2028-12-31&scale=day');
    expect(longer.status).toBe(400);
    expect(longer.body.message).toBe('By day, a workload range can span at most 366 days: choose week or month for a longer range');
    // Two years by day: the one rule for every scale is what is said.
    expect((await read(ana, 'from=2026-01-01&to=2028-01-01&scale=day')).body.message).toBe('A workload range can span at most 2 years');
    for (const scale of ['week', 'month']) expect((await read(ana, `from=2026-01-01&to=2027-12-31&scale=${scale}`)).status).toBe(200);
  });

  it('[workload] someone outside the team: 404; a team on the Free plan: 402 with the upgrade', async () => {
    const stranger = await registeredClient(server);
    expect((await read(stranger, 'from=2026-12-07&to=2026-12-13')).status).toBe(404);
    const free = await teamWithOwner(server, 'Dinghy club');
    await setTeamPlan(server, free.team.id, 'free');
    const res = await free.owner.client.get(`/api/teams/${free.team.id}/workload?from=2026-12-07&to=2026-12-13`);
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ requiredPlan: 'pro', requiresUpgrade: true, teamOwnerId: free.owner.user.id });
    expect(res.body.message).toMatch(/Pro/);
  });

  it('[export-workload] the Excel export’s Workload sheet: people × weeks, hours against capacity, over the project’s dates', async () => {
    const res = await fetch(`${server.url}/api/export/excel/${projectId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: ben.client.cookieHeader },
      body: JSON.stringify({ includeWorkload: true }),
    });
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await res.arrayBuffer()) as ArrayBuffer);
    const sheet = wb.getWorksheet('Workload')!;
    expect(sheet).toBeDefined();
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    // One week: the tasks run Mon 7 - Fri 11 Dec.
    expect(values(1)).toEqual(['Person', new Date('2026-12-07T00:00:00Z')]);
    expect(values(2)).toEqual(['', 'Hours', 'Capacity']);
    const rows = [3, 4, 5, 6].map(values);
    expect(rows).toContainEqual(['Ada Lovelace', 64, 32]);
    // Ben's Sails at 50 % and Cabin; the Unassigned row last, without capacity.
    expect(rows.at(-1)).toEqual(['Unassigned', 40, 0]);
    // Nothing of the project Ben cannot open is named in the file.
    const text = JSON.stringify(wb.worksheets.map((ws) => ws.getSheetValues()));
    expect(text).not.toContain('Ropes');
    // Without asking, no such sheet.
    const plain = await fetch(`${server.url}/api/export/excel/${projectId}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: ben.client.cookieHeader }, body: '{}' });
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load((await plain.arrayBuffer()) as ArrayBuffer);
    expect(wb2.getWorksheet('Workload')).toBeUndefined();
  });

  it('[workload] a range at the end of the calendar (9998-9999) is read, not a 500', async () => {
    expect((await read(ana, 'from=9998-06-01&to=9999-12-31&scale=month')).status).toBe(200);
    expect((await read(ana, 'from=9997-12-31&to=9999-12-31&scale=month')).status).toBe(400);
  });

  it('[export-workload] a guest of the project gets no Workload sheet: the team’s people are not theirs to see (403)', async () => {
    const link = await owner.client.get(`/api/projects/${projectId}/invite-link`);
    const guest = await registeredClient(server);
    expect((await guest.client.post('/api/projects/join', { token: String(link.body.inviteLink).split('/').pop() })).status).toBe(200);
    const res = await fetch(`${server.url}/api/export/excel/${projectId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: guest.client.cookieHeader },
      body: JSON.stringify({ includeWorkload: true }),
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toBe('The workload sheet is for members of the team');
  });
});
