import { migrations } from '@planline/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinedMember, registeredClient, startTestServer, teamWithOwner, type TestServer } from './harness.js';

/** Issue 17: the project's schedule settings (auto-schedule, working weekdays, holidays) and its critical path. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

async function projectWithPeople() {
  const { owner, team } = await teamWithOwner(server);
  const project = (await owner.client.post('/api/projects', { name: 'Launch', teamId: team.id })).body as { id: string };
  const member = await joinedMember(server, owner.client, team.id);
  const link = (await owner.client.get(`/api/projects/${project.id}/invite-link`)).body.inviteLink as string;
  const guest = await registeredClient(server);
  expect((await guest.client.post('/api/projects/join', { token: link.split('/').pop() })).status).toBe(200);
  const outsider = await registeredClient(server);
  return { owner, member, guest, outsider, project };
}

describe('[work-calendar] project schedule settings', () => {
  it('a new project auto-schedules on a Monday-Friday calendar without holidays', async () => {
    const { owner, project } = await projectWithPeople();
    const read = (await owner.client.get('/api/projects/user')).body.find((p: { id: string }) => p.id === project.id);
    expect(read).toMatchObject({ autoSchedule: true, workingWeekdays: [1, 2, 3, 4, 5], holidays: [] });
  });

  it('a member changes them (weekdays and holidays come back sorted, without duplicates); a guest gets 403, an outsider 404', async () => {
    const { member, guest, outsider, project } = await projectWithPeople();
    const changes = { autoSchedule: false, workingWeekdays: [6, 1, 2, 2], holidays: ['2026-12-25', '2026-01-01', '2026-12-25'] };
    const res = await member.client.request('PATCH', `/api/projects/${project.id}`, changes);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ autoSchedule: false, workingWeekdays: [1, 2, 6], holidays: ['2026-01-01', '2026-12-25'] });
    const row = (await server.dataSource.query(`SELECT auto_schedule, working_weekdays, holidays::text[] AS holidays FROM projects WHERE id = $1`, [project.id]))[0];
    expect(row).toEqual({ auto_schedule: false, working_weekdays: [1, 2, 6], holidays: ['2026-01-01', '2026-12-25'] });
    // The other fields stay as they were when only the calendar changes, and the other way round.
    expect((await member.client.request('PATCH', `/api/projects/${project.id}`, { name: 'Renamed' })).body).toMatchObject({
      name: 'Renamed',
      autoSchedule: false,
      holidays: ['2026-01-01', '2026-12-25'],
    });

    const byGuest = await guest.client.request('PATCH', `/api/projects/${project.id}`, { autoSchedule: true });
    expect(byGuest.status).toBe(403);
    expect(byGuest.body.message).toBe("Only members of the project's team can change the project");
    expect((await outsider.client.request('PATCH', `/api/projects/${project.id}`, { holidays: [] })).status).toBe(404);
  });

  it('bad settings are refused with a 400 a person can act on', async () => {
    const { owner, project } = await projectWithPeople();
    const refusals: [unknown, string][] = [
      [{ workingWeekdays: [1, 7] }, 'Working weekdays are numbers from 0 (Sunday) to 6 (Saturday)'],
      [{ workingWeekdays: [] }, 'At least one weekday must be a working day'],
      [{ workingWeekdays: 'weekdays' }, 'Working weekdays must be a list of weekday numbers'],
      [{ holidays: ['2026-12-25', 'Christmas'] }, 'Dates must be written yyyy-MM-dd'],
      [{ holidays: ['2026-02-30'] }, 'That date does not exist'],
      [{ holidays: Array.from({ length: 10_001 }, () => '2026-12-25') }, 'At most 10,000 holidays'],
      [{ autoSchedule: 'yes' }, 'Auto-schedule must be true or false'],
    ];
    for (const [body, message] of refusals) {
      const res = await owner.client.request('PATCH', `/api/projects/${project.id}`, body);
      expect([res.status, res.body.message], JSON.stringify(body).slice(0, 80)).toEqual([400, message]);
    }
    const read = (await owner.client.get('/api/projects/user')).body.find((p: { id: string }) => p.id === project.id);
    expect(read).toMatchObject({ autoSchedule: true, workingWeekdays: [1, 2, 3, 4, 5], holidays: [] });
  });

  it('the database refuses a calendar the schema would refuse', async () => {
    const { project } = await projectWithPeople();
    for (const set of [`working_weekdays = '{}'`, `working_weekdays = '{1,7}'`, `holidays = array_fill('2026-01-01'::date, ARRAY[10001])`]) {
      await expect(server.dataSource.query(`UPDATE projects SET ${set} WHERE id = $1`, [project.id])).rejects.toThrow(/check/i);
    }
  });
});

describe('[critical-path] GET /api/projects/{id}/schedule', () => {
  it('an empty project has no critical path and no dates', async () => {
    const { guest, project } = await projectWithPeople();
    const res = await guest.client.get(`/api/projects/${project.id}/schedule`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ criticalTaskIds: [], slackDays: {}, projectStart: null, projectEnd: null });
  });

  it('counts working days around the holiday, through an FS link and an SS link with lag; guests read it, outsiders get 404', async () => {
    const { owner, guest, outsider, project } = await projectWithPeople();
    // Thursday 2026-11-26 is a holiday: A (Mon-Wed) is followed directly by B (Fri-Tue), so both are critical.
    await owner.client.request('PATCH', `/api/projects/${project.id}`, { holidays: ['2026-11-26'] });
    const make = async (name: string, startDate: string, endDate: string) =>
      ((await owner.client.post('/api/tasks', { projectId: project.id, name, startDate, endDate })).body as { id: string }).id;
    const a = await make('A', '2026-11-23', '2026-11-25');
    const b = await make('B', '2026-11-27', '2026-12-01');
    const c = await make('C', '2026-11-24', '2026-11-25');
    const d = await make('D', '2026-11-23', '2026-11-23');
    expect((await owner.client.post(`/api/tasks/${b}/dependencies`, { dependsOnTaskId: a })).status).toBe(201);
    expect((await owner.client.post(`/api/tasks/${c}/dependencies`, { dependsOnTaskId: a, type: 'SS', lagDays: 1 })).status).toBe(201);

    const res = await guest.client.get(`/api/projects/${project.id}/schedule`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      criticalTaskIds: [a, b].sort(),
      // C may slip Fri, Mon, Tue; D Tue, Wed, Fri, Mon, Tue: the holiday is not a day of slack.
      slackDays: { [a]: 0, [b]: 0, [c]: 3, [d]: 5 },
      projectStart: '2026-11-23',
      projectEnd: '2026-12-01',
    });

    // Without the holiday B could start on Thursday: A gains a day of slack and only B is critical.
    await owner.client.request('PATCH', `/api/projects/${project.id}`, { holidays: [] });
    const plain = (await owner.client.get(`/api/projects/${project.id}/schedule`)).body;
    expect(plain).toMatchObject({ criticalTaskIds: [b], slackDays: { [a]: 1, [b]: 0, [c]: 4, [d]: 6 } });

    expect((await outsider.client.get(`/api/projects/${project.id}/schedule`)).status).toBe(404);
  });
});

describe('[work-calendar] the migration', () => {
  it('existing projects do not auto-schedule (their plans were drawn by hand); new ones do', async () => {
    const { owner, project } = await projectWithPeople();
    const migration = new (migrations.find((m) => m.name === 'ProjectCalendar1764000000009')!)();
    const runner = server.dataSource.createQueryRunner();
    try {
      await migration.down(runner);
      await migration.up(runner);
    } finally {
      await runner.release();
    }
    const read = async (id: string) => (await owner.client.get('/api/projects/user')).body.find((p: { id: string }) => p.id === id);
    expect(await read(project.id)).toMatchObject({ autoSchedule: false, workingWeekdays: [1, 2, 3, 4, 5], holidays: [] });
    const team = (await owner.client.get('/api/teams')).body[0].id as string;
    const fresh = (await owner.client.post('/api/projects', { name: 'Fresh', teamId: team })).body as { id: string };
    expect(await read(fresh.id)).toMatchObject({ autoSchedule: true });
  });
});
