import { defaultDashboardLayout, SOCKET_IO_PATH, weekEndingFor } from '@planline/domain';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredClient, startTestServer, teamWithOwner, type TestServer } from './harness.js';
import { ReportsService } from '../src/features/reports/reports.service.js';

let server: TestServer;
const sockets: Socket[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  await server?.stop();
});

async function project() {
  const { owner, team } = await teamWithOwner(server);
  const p = (await owner.client.post('/api/projects', { name: 'Dash', teamId: team.id })).body as { id: string };
  return { owner, team, project: p };
}

const widget = (id: string, type = 'project-stats', size = 'small') => ({ id, type, title: 'W', size, position: { x: 9, y: 9 } });

describe('dashboard config', () => {
  it('[default-layout] an unsaved dashboard answers the default layout', async () => {
    const { owner, project: p } = await project();
    const res = await owner.client.get(`/api/dashboard-config?projectId=${p.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ projectId: p.id, layout: defaultDashboardLayout(), isDefault: true, updatedAt: null });
  });

  it('[dashboard-save] saves per user and project, recomputes positions, and loads back', async () => {
    const { owner, project: p } = await project();
    const layout = [widget('a', 'upcoming-tasks'), widget('b', 'task-list', 'medium'), widget('c', 'progress-chart', 'large'), widget('d', 'team-activity')];
    const saved = await owner.client.post('/api/dashboard-config', { layout, projectId: p.id });
    expect(saved.status).toBe(200);
    expect(saved.body.layout.map((w: { id: string; position: unknown }) => [w.id, w.position])).toEqual([
      ['a', { x: 0, y: 0 }], ['b', { x: 1, y: 0 }], ['c', { x: 2, y: 0 }], ['d', { x: 0, y: 1 }],
    ]);
    const loaded = await owner.client.get(`/api/dashboard-config?projectId=${p.id}`);
    expect(loaded.body).toMatchObject({ isDefault: false, layout: saved.body.layout });
    // Saving again replaces the layout (one row per user and project), and the no-project dashboard is separate.
    await owner.client.post('/api/dashboard-config', { layout: [widget('z')], projectId: p.id });
    expect((await owner.client.get(`/api/dashboard-config?projectId=${p.id}`)).body.layout.map((w: { id: string }) => w.id)).toEqual(['z']);
    expect((await owner.client.get('/api/dashboard-config')).body.isDefault).toBe(true);
    const rows = await server.dataSource.query(`SELECT count(*)::int AS n FROM dashboard_configs WHERE project_id = $1`, [p.id]);
    expect(rows[0].n).toBe(1);
  });

  it.each([
    [{ layout: [widget('a', 'pie-chart')] }, 'Widget type must be one of project-stats, task-list, gantt-preview, team-activity, progress-chart, upcoming-tasks'],
    [{ layout: [widget('a', 'task-list', 'huge')] }, 'Widget size must be small, medium or large'],
    [{ layout: [widget('a'), widget('a', 'task-list')] }, 'Each widget can appear only once in a layout'],
    [{ layout: Array.from({ length: 25 }, (_, i) => widget(`w${i}`)) }, 'A dashboard holds at most 24 widgets'],
    [{ layout: 'everything' }, 'Layout must be a list of widgets'],
    [{ layout: [{ ...widget('a'), title: '' }] }, 'Each widget needs a title'],
  ])('[dashboard-validation] %# → 400 %s', async (body, message) => {
    const { owner, project: p } = await project();
    const res = await owner.client.post('/api/dashboard-config', { ...body, projectId: p.id });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('[dashboard-authz] another team\'s project is a 404; signed out is a 401', async () => {
    const { project: p } = await project();
    const outsider = await registeredClient(server);
    expect((await outsider.client.get(`/api/dashboard-config?projectId=${p.id}`)).status).toBe(404);
    expect((await outsider.client.post('/api/dashboard-config', { layout: [], projectId: p.id })).status).toBe(404);
  });

  it('[dashboard-live] a layout saved in one tab reaches the same user\'s other sockets', async () => {
    const { owner, project: p } = await project();
    const other = connectSocket(server.url, { path: SOCKET_IO_PATH, transports: ['websocket'], reconnection: false, extraHeaders: { cookie: owner.client.cookieHeader } });
    sockets.push(other);
    await new Promise((r) => other.once('session:ready', r));
    const received = new Promise<{ projectId: string; layout: { id: string }[] }>((r) => other.once('dashboard:updated', r));
    await owner.client.post('/api/dashboard-config', { layout: [widget('only')], projectId: p.id });
    expect(await received).toMatchObject({ projectId: p.id, layout: [{ id: 'only' }] });
  });
});

describe('weekly reports', () => {
  async function withTasks() {
    const setup = await project();
    const add = (extra: object) =>
      setup.owner.client.post('/api/tasks', { projectId: setup.project.id, name: 'T', startDate: '2026-11-16', endDate: '2026-11-20', ...extra });
    await add({ status: 'completed' });
    await add({ status: 'in-progress', progress: 50 });
    await add({});
    await add({ status: 'completed', progress: 10 });
    return setup;
  }

  it('[report-figures] the server computes completed, total and progress from the tasks, whatever is sent', async () => {
    const { owner, project: p } = await withTasks();
    expect((await owner.client.get(`/api/projects/${p.id}/weekly-reports/latest`)).body).toBeNull();
    const res = await owner.client.post(`/api/projects/${p.id}/weekly-reports`, {
      weekEndingDate: '2026-11-22', summary: 'Hull done', ganttScreenshot: null, tasksCompleted: 99, progressPercentage: 100,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ weekEndingDate: '2026-11-22', summary: 'Hull done', tasksCompleted: 2, tasksTotal: 4, progressPercentage: 63 });
    expect((await owner.client.get(`/api/projects/${p.id}/weekly-reports/latest`)).body.id).toBe(res.body.id);
  });

  it('[report-week] one report per project and week: a second POST updates it', async () => {
    const { owner, project: p } = await withTasks();
    const first = await owner.client.post(`/api/projects/${p.id}/weekly-reports`, { weekEndingDate: '2026-11-22', summary: 'Draft' });
    await owner.client.post('/api/tasks', { projectId: p.id, name: 'Late', startDate: '2026-11-20', endDate: '2026-11-21' });
    const second = await owner.client.post(`/api/projects/${p.id}/weekly-reports`, { weekEndingDate: '2026-11-22', summary: 'Final' });
    expect(second.body).toMatchObject({ id: first.body.id, summary: 'Final', tasksTotal: 5 });
    const third = await owner.client.post(`/api/projects/${p.id}/weekly-reports`, { weekEndingDate: '2026-11-22' });
    expect(third.body.summary).toBe('Final');
    await owner.client.post(`/api/projects/${p.id}/weekly-reports`, { weekEndingDate: '2026-11-15', summary: 'Earlier' });
    const list = (await owner.client.get(`/api/projects/${p.id}/weekly-reports`)).body;
    expect(list.map((r: { weekEndingDate: string }) => r.weekEndingDate)).toEqual(['2026-11-22', '2026-11-15']);
  });

  it.each([
    [{}, 'Week ending date is required'],
    [{ weekEndingDate: '22/11/2026' }, 'Dates must be written yyyy-MM-dd'],
    [{ weekEndingDate: '2026-11-22', summary: 'x'.repeat(5001) }, 'Summary must be at most 5000 characters'],
    [{ weekEndingDate: '2026-11-22', ganttScreenshot: 'http://evil.example/x.png' }, 'Screenshot must be a PNG, JPEG or WebP data URL'],
  ])('[report-validation] %o → 400 %s', async (body, message) => {
    const { owner, project: p } = await project();
    const res = await owner.client.post(`/api/projects/${p.id}/weekly-reports`, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('[report-authz] outsiders get 404 on every report route', async () => {
    const { project: p } = await project();
    const outsider = await registeredClient(server);
    expect((await outsider.client.get(`/api/projects/${p.id}/weekly-reports`)).status).toBe(404);
    expect((await outsider.client.get(`/api/projects/${p.id}/weekly-reports/latest`)).status).toBe(404);
    expect((await outsider.client.post(`/api/projects/${p.id}/weekly-reports`, { weekEndingDate: '2026-11-22' })).status).toBe(404);
  });

  it('[weekly-job] makes the last finished week\'s report for active projects only, never twice, never over a person\'s', async () => {
    await server.dataSource.query(`DELETE FROM weekly_reports`);
    const a = await withTasks();
    const b = await project();
    const held = await project();
    await held.owner.client.request('PATCH', `/api/projects/${held.project.id}`, { status: 'on-hold' });
    const now = new Date('2026-11-23T06:00:00Z'); // a Monday: the week ending 2026-11-22 is over
    await b.owner.client.post(`/api/projects/${b.project.id}/weekly-reports`, { weekEndingDate: '2026-11-22', summary: 'Written by a person' });
    const jobs = new ReportsService(server.dataSource, server.realtime.bus);
    // Several processes at once: the advisory lock and the unique week make it one report per project.
    const runs = await Promise.all([1, 2, 3, 4].map(() => jobs.generateForLastWeek(now)));
    expect(runs.every((r) => r.weekEndingDate === '2026-11-22')).toBe(true);
    expect(await jobs.generateForLastWeek(now)).toEqual({ weekEndingDate: '2026-11-22', created: 0 });
    const rows: { project_id: string; summary: string; tasks_total: number }[] = await server.dataSource.query(
      `SELECT project_id, summary, tasks_total FROM weekly_reports WHERE week_ending_date = '2026-11-22'`,
    );
    const byProject = new Map(rows.map((r) => [r.project_id, r]));
    expect(byProject.get(a.project.id)).toMatchObject({ tasks_total: 4, summary: expect.stringMatching(/^Weekly report: Average progress \d+% · Completion rate 50% \(2 of 4 tasks completed\)\.$/) });
    expect(byProject.get(b.project.id)?.summary).toBe('Written by a person');
    expect(byProject.has(held.project.id)).toBe(false);
    expect(rows.filter((r) => r.project_id === a.project.id)).toHaveLength(1);
  });

  it('[report-live] a new report reaches the project room', async () => {
    const { owner, project: p } = await project();
    const socket = connectSocket(server.url, { path: SOCKET_IO_PATH, transports: ['websocket'], reconnection: false, extraHeaders: { cookie: owner.client.cookieHeader } });
    sockets.push(socket);
    await new Promise((r) => socket.once('session:ready', r));
    const received = new Promise<{ report: { summary: string } }>((r) => socket.once('report:created', r));
    await owner.client.post(`/api/projects/${p.id}/weekly-reports`, { weekEndingDate: weekEndingFor('2026-11-18'), summary: 'Live' });
    expect((await received).report.summary).toBe('Live');
  });
});
