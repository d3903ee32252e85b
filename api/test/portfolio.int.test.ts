import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTFOLIO_NEEDS_ENTERPRISE } from '@planline/domain';
import { createTask, registeredClient, setTeamPlan, startTestServer, teamWithOwner, type ApiClient, type TestServer } from './harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

async function newProject(client: ApiClient, teamId: string, name: string): Promise<string> {
  const res = await client.post('/api/projects', { name, teamId });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

const task = (client: ApiClient, projectId: string, name: string, startDate: string, endDate: string, extra: Record<string, unknown> = {}) =>
  createTask(client, { projectId, name, startDate, endDate, ...extra });

describe('GET /api/teams/{teamId}/portfolio (issue 40)', () => {
  it('[portfolio-figures] one row per project: span, duration-weighted progress, milestones and drift against the latest baseline', async () => {
    const { owner, team } = await teamWithOwner(server);
    await setTeamPlan(server, team.id, 'enterprise');
    const house = await newProject(owner.client, team.id, 'House');
    const empty = await newProject(owner.client, team.id, 'Empty');
    // A summary of two subtasks: 5 days at 100 % and 10 days at 0 % (Mon 2026-11-23 … Fri 2026-12-04 is 12 days).
    const summary = await task(owner.client, house, 'Shell', '2026-11-23', '2026-11-27');
    await task(owner.client, house, 'Frame', '2026-11-23', '2026-11-27', { parentId: summary.id, progress: 100 });
    await task(owner.client, house, 'Roof', '2026-11-28', '2026-12-07', { parentId: summary.id, progress: 0 });
    await task(owner.client, house, 'Keys', '2026-12-08', '2026-12-08', { kind: 'milestone' });

    const first = await owner.client.get(`/api/teams/${team.id}/portfolio`);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const row = first.body.projects.find((p: { id: string }) => p.id === house);
    // 5 × 100 + 10 × 0 over 15 days: the summary (rolled up) and the milestone do not count twice.
    expect(row).toMatchObject({ name: 'House', status: 'active', start: '2026-11-23', end: '2026-12-08', progress: 33, tasks: 4, baselineDriftDays: null, baselineName: null });
    expect(row.milestones).toEqual([{ id: expect.any(String), name: 'Keys', date: '2026-12-08' }]);
    expect(first.body.projects.find((p: { id: string }) => p.id === empty)).toMatchObject({ start: null, end: null, progress: 0, tasks: 0, milestones: [], baselineDriftDays: null });

    // A baseline, then the milestone slips three working days (Tue 8 → Fri 11): the row says +3, at once.
    expect((await owner.client.post(`/api/projects/${house}/baselines`, { name: 'Signed off' })).status).toBe(201);
    const keys = row.milestones[0].id as string;
    expect((await owner.client.request('PATCH', `/api/tasks/${keys}`, { startDate: '2026-12-11', endDate: '2026-12-11' })).status).toBe(200);
    const after = (await owner.client.get(`/api/teams/${team.id}/portfolio`)).body.projects.find((p: { id: string }) => p.id === house);
    expect(after).toMatchObject({ end: '2026-12-11', baselineDriftDays: 3, baselineName: 'Signed off', milestones: [{ date: '2026-12-11' }] });
  });

  it('[portfolio-access] Enterprise or a running trial; a guest sees only their project; an outsider is told nothing', async () => {
    const { owner, team } = await teamWithOwner(server);
    const alpha = await newProject(owner.client, team.id, 'Alpha');
    await newProject(owner.client, team.id, 'Beta');
    // A new team is on its trial: included.
    expect((await owner.client.get(`/api/teams/${team.id}/portfolio`)).status).toBe(200);
    await server.dataSource.query(`UPDATE teams SET subscription_plan = 'pro', subscription_status = 'active', trial_ends_at = NULL WHERE id = $1`, [team.id]);
    const pro = await owner.client.get(`/api/teams/${team.id}/portfolio`);
    expect(pro.status).toBe(402);
    expect(pro.body).toMatchObject({ message: PORTFOLIO_NEEDS_ENTERPRISE, requiredPlan: 'enterprise', requiresUpgrade: true });
    await setTeamPlan(server, team.id, 'enterprise');

    const link = await owner.client.get(`/api/projects/${alpha}/invite-link`);
    const token = (link.body.inviteLink as string).split('/').pop();
    const guest = await registeredClient(server);
    expect((await guest.client.post('/api/projects/join', { token })).status).toBe(200);
    const seen = await guest.client.get(`/api/teams/${team.id}/portfolio`);
    expect(seen.status).toBe(200);
    expect(seen.body.projects.map((p: { name: string }) => p.name)).toEqual(['Alpha']);

    const outsider = await registeredClient(server);
    expect((await outsider.client.get(`/api/teams/${team.id}/portfolio`)).status).toBe(404);
    expect((await outsider.client.get(`/api/teams/not-a-team/portfolio`)).status).toBe(404);
    expect((await new ApiClientless().get(`/api/teams/${team.id}/portfolio`)).status).toBe(401);
  });

  it('[project-shift] a whole project moves by the same working days in one edit, each task keeping its working days, "Project shifted" in its history', async () => {
    const { owner, team } = await teamWithOwner(server);
    await setTeamPlan(server, team.id, 'enterprise');
    const project = await newProject(owner.client, team.id, 'Move me');
    // Thu–Mon (3 working days over a weekend), a Wednesday milestone, and a link that must keep its lag.
    const a = await task(owner.client, project, 'A', '2026-11-26', '2026-11-30');
    const b = await task(owner.client, project, 'B', '2026-12-02', '2026-12-02', { kind: 'milestone' });
    expect((await owner.client.post(`/api/tasks/${b.id}/dependencies`, { dependsOnTaskId: a.id })).status).toBeLessThan(300);

    // Dropped so the project starts on Monday 30 Nov: two working days later (Thu → Mon).
    const shifted = await owner.client.post(`/api/projects/${project}/shift`, { startDate: '2026-11-30' });
    expect(shifted.status, JSON.stringify(shifted.body)).toBe(200);
    expect(shifted.body).toEqual({ workingDays: 2, tasks: 2 });
    const tasks = (await owner.client.get(`/api/projects/${project}/tasks`)).body as { id: string; startDate: string; endDate: string }[];
    expect(tasks.find((t) => t.id === a.id)).toMatchObject({ startDate: '2026-11-30', endDate: '2026-12-02' });
    expect(tasks.find((t) => t.id === b.id)).toMatchObject({ startDate: '2026-12-04', endDate: '2026-12-04' });
    const history = (await owner.client.get(`/api/tasks/${a.id}/history`)).body as { reason?: string | null }[];
    expect(JSON.stringify(history)).toContain('Project shifted');
    const row = (await owner.client.get(`/api/teams/${team.id}/portfolio`)).body.projects[0];
    expect(row).toMatchObject({ start: '2026-11-30', end: '2026-12-04' });

    // Back again: the same days the other way.
    expect((await owner.client.post(`/api/projects/${project}/shift`, { startDate: '2026-11-26' })).body).toEqual({ workingDays: -2, tasks: 2 });
    const back = (await owner.client.get(`/api/projects/${project}/tasks`)).body as { id: string; startDate: string }[];
    expect(back.find((t) => t.id === a.id)!.startDate).toBe('2026-11-26');

    const emptyProject = await newProject(owner.client, team.id, 'Nothing yet');
    expect((await owner.client.post(`/api/projects/${emptyProject}/shift`, { startDate: '2026-12-01' })).status).toBe(409);
    expect((await owner.client.post(`/api/projects/${project}/shift`, { startDate: 'soon' })).status).toBe(400);
    expect((await owner.client.post(`/api/projects/${project}/shift`, { startDate: '2066-12-01' })).body.message).toMatch(/at most 2600 working days/);
    const outsider = await registeredClient(server);
    expect((await outsider.client.post(`/api/projects/${project}/shift`, { startDate: '2026-12-01' })).status).toBe(404);
  });
});

/** A caller with no session at all. */
class ApiClientless {
  get = (path: string) => fetch(server.url + path);
}
