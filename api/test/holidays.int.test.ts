import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTask, startTestServer, teamWithOwner, type ClientUser, type TestServer } from './harness.js';

/**
 * Issue 33 item 3 and 9: a holiday added inside a task keeps the task's working days and moves its finish, through
 * the one write path (the settings update's document transaction, cascade included, with a history reason naming
 * the holiday); holidays have optional names, and bare dates stored before still read.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

type Task = { id: string; name: string; startDate: string; endDate: string };
type HistoryRow = { fieldName: string; oldValue: string | null; newValue: string | null; changeReason: string | null; changedByUser: { email: string } | null };

const stored = async (id: string) =>
  (await server.dataSource.query(`SELECT to_char(start_date, 'YYYY-MM-DD') AS s, to_char(end_date, 'YYYY-MM-DD') AS e FROM tasks WHERE id = $1`, [id]))[0] as {
    s: string;
    e: string;
  };
const history = async (owner: ClientUser, id: string) => (await owner.client.get(`/api/tasks/${id}/history`)).body as HistoryRow[];

async function project(owner: ClientUser, teamId: string) {
  return (await owner.client.post('/api/projects', { name: 'Year end', teamId })).body as { id: string };
}

const task = (owner: ClientUser, projectId: string, name: string, startDate: string, endDate: string) =>
  createTask<Task>(owner.client, { projectId, name, startDate, endDate });

describe('[holiday-keeps-working-days] a holiday added inside a task', () => {
  it('extends its finish and pushes its successor in the settings update, each history saying why; taken out, the finish comes back', async () => {
    const { owner, team } = await teamWithOwner(server);
    const { id: projectId } = await project(owner, team.id);
    // Wed 23 - Tue 29 Dec 2026: five working days. Ship (Wed 30 Dec - Fri 1 Jan) follows it directly.
    const wrap = await task(owner, projectId, 'Wrap up', '2026-12-23', '2026-12-29');
    const ship = await task(owner, projectId, 'Ship', '2026-12-30', '2027-01-01');
    const away = await task(owner, projectId, 'Elsewhere', '2026-12-14', '2026-12-18');
    expect((await owner.client.post(`/api/tasks/${ship.id}/dependencies`, { dependsOnTaskId: wrap.id })).status).toBe(201);
    expect(await stored(ship.id)).toEqual({ s: '2026-12-30', e: '2027-01-01' });

    const res = await owner.client.request('PATCH', `/api/projects/${projectId}`, { holidays: [{ date: '2026-12-25', name: 'Christmas Day' }] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ holidays: ['2026-12-25'], holidayNames: { '2026-12-25': 'Christmas Day' } });
    // The answer comes once the document has them: Wrap keeps five working days (Christmas is not one), Ship
    // keeps its three and starts the working day after.
    expect(await stored(wrap.id)).toEqual({ s: '2026-12-23', e: '2026-12-30' });
    expect(await stored(ship.id)).toEqual({ s: '2026-12-31', e: '2027-01-04' });
    expect(await stored(away.id)).toEqual({ s: '2026-12-14', e: '2026-12-18' });

    expect((await history(owner, wrap.id)).find((h) => h.fieldName === 'endDate' && h.newValue === '2026-12-30')).toMatchObject({
      oldValue: '2026-12-29',
      changeReason: 'Holiday added: «Christmas Day»',
      changedByUser: { email: owner.user.email },
    });
    expect((await history(owner, ship.id)).find((h) => h.fieldName === 'startDate' && h.newValue === '2026-12-31')?.changeReason).toBe(
      'Moved by dependency on «Wrap up»',
    );
    expect((await history(owner, away.id)).filter((h) => h.fieldName === 'endDate')).toEqual([]);

    // Christmas taken out: Wrap is five working days again, to Tuesday; Ship stays (the cascade pushes, never pulls).
    expect((await owner.client.request('PATCH', `/api/projects/${projectId}`, { holidays: [] })).status).toBe(200);
    expect(await stored(wrap.id)).toEqual({ s: '2026-12-23', e: '2026-12-29' });
    expect(await stored(ship.id)).toEqual({ s: '2026-12-31', e: '2027-01-04' });
    expect((await history(owner, wrap.id)).find((h) => h.fieldName === 'endDate' && h.newValue === '2026-12-29')?.changeReason).toBe(
      'Holiday removed: «Christmas Day»',
    );
  });

  it('a task starting on the new holiday starts the next working day; a holiday without a name is told by its date', async () => {
    const { owner, team } = await teamWithOwner(server);
    const { id: projectId } = await project(owner, team.id);
    const boxing = await task(owner, projectId, 'Stocktake', '2026-12-28', '2026-12-29'); // Mon, Tue
    expect((await owner.client.request('PATCH', `/api/projects/${projectId}`, { holidays: ['2026-12-28'] })).status).toBe(200);
    expect(await stored(boxing.id)).toEqual({ s: '2026-12-29', e: '2026-12-30' });
    expect((await history(owner, boxing.id)).find((h) => h.fieldName === 'startDate')?.changeReason).toBe('Holiday added: Mon 28 Dec 2026');
  });
});

describe('[holiday-names] holidays with names', () => {
  it('stores names beside the dates; a bare date keeps its name, a blank name takes it away; bad names are refused', async () => {
    const { owner, team } = await teamWithOwner(server);
    const { id: projectId } = await project(owner, team.id);
    const patch = (holidays: unknown) => owner.client.request('PATCH', `/api/projects/${projectId}`, { holidays });

    const named = await patch([{ date: '2026-12-26', name: '  Boxing Day ' }, '2026-01-01', { date: '2026-12-25', name: 'Christmas Day' }]);
    expect(named.body).toMatchObject({ holidays: ['2026-01-01', '2026-12-25', '2026-12-26'], holidayNames: { '2026-12-25': 'Christmas Day', '2026-12-26': 'Boxing Day' } });
    const row = (await server.dataSource.query(`SELECT holidays::text[] AS holidays, holiday_names FROM projects WHERE id = $1`, [projectId]))[0];
    expect(row).toEqual({ holidays: ['2026-01-01', '2026-12-25', '2026-12-26'], holiday_names: { '2026-12-25': 'Christmas Day', '2026-12-26': 'Boxing Day' } });

    // A client that sends bare dates (as before names) keeps the names; a blank name removes one.
    const bare = await patch(['2026-12-25', { date: '2026-12-26', name: ' ' }]);
    expect(bare.body).toMatchObject({ holidays: ['2026-12-25', '2026-12-26'], holidayNames: { '2026-12-25': 'Christmas Day' } });
    const listed = ((await owner.client.get(`/api/teams/${team.id}/projects`)).body as { id: string; holidayNames: unknown }[]).find((p) => p.id === projectId);
    expect(listed?.holidayNames).toEqual({ '2026-12-25': 'Christmas Day' });

    const long = await patch([{ date: '2026-12-25', name: 'x'.repeat(101) }]);
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body)).toContain('Holiday names must be at most 100 characters');
    const bad = await patch([{ date: 'Christmas', name: 'Christmas Day' }]);
    expect(bad.status).toBe(400);
  });

  it('a project stored with bare dates (before names) reads without names', async () => {
    const { owner, team } = await teamWithOwner(server);
    const { id: projectId } = await project(owner, team.id);
    await server.dataSource.query(`UPDATE projects SET holidays = '{2026-12-25}' WHERE id = $1`, [projectId]);
    const listed = ((await owner.client.get(`/api/teams/${team.id}/projects`)).body as { id: string; holidays: string[]; holidayNames: unknown }[]).find((p) => p.id === projectId);
    expect(listed).toMatchObject({ holidays: ['2026-12-25'], holidayNames: {} });
  });
});
