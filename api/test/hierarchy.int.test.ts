import { projectDocumentName } from '@planline/domain';
import { tasksMap, writeTask } from '@planline/document';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, openProjectDocument, type DocClient } from './collab-client.js';
import { startTestServer, teamWithOwner, type TestServer } from './harness.js';

/** Issue 17: milestones and summary tasks, through REST and through the document alike (the one write path). */
let server: TestServer;
const open: DocClient[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  open.forEach((c) => c.close());
  await server?.stop();
});

interface Made {
  id: string;
  kind: string;
  startDate: string;
  endDate: string;
}

async function plan() {
  const { owner, team } = await teamWithOwner(server);
  const project = (await owner.client.post('/api/projects', { name: 'Launch', teamId: team.id })).body as { id: string };
  const make = async (name: string, startDate: string, endDate: string, extra: Record<string, unknown> = {}) => {
    const res = await owner.client.post('/api/tasks', { projectId: project.id, name, startDate, endDate, ...extra });
    if (res.status !== 201) throw new Error(`task create failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as Made;
  };
  return { owner, project, make };
}

const taskRow = async (id: string) =>
  (await server.dataSource.query(`SELECT kind, start_date::text AS start, end_date::text AS "end" FROM tasks WHERE id = $1`, [id]))[0];
const serverTask = (projectId: string, id: string) => server.realtime.hocuspocus.documents.get(projectDocumentName(projectId))?.getMap<any>('tasks').get(id)?.toJSON();

/** The project as an Excel workbook, and its PDF's text (export.int.test.ts checks the files themselves). */
async function exported(cookie: string, projectId: string) {
  const post = (format: string) =>
    fetch(`${server.url}/api/export/${format}/${projectId}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: '{}' });
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await (await post('excel')).arrayBuffer()) as ArrayBuffer);
  const sheet = (name: string) => wb.getWorksheet(name)!.getSheetValues().slice(1).map((row) => (row as unknown[] | undefined)?.slice(1) ?? []);
  return { tasks: sheet('Tasks'), timeline: sheet('Timeline'), pdfStatus: (await post('pdf')).status };
}

function client(cookie: string, projectId: string): DocClient {
  const c = openProjectDocument(server.url, cookie, projectId);
  open.push(c);
  return c;
}

describe('[milestone-one-day] milestones through REST', () => {
  it('a milestone is made, read back and listed with its kind; a task is a task unless it says so', async () => {
    const { owner, project, make } = await plan();
    const gate = await make('Design approved', '2026-11-27', '2026-11-27', { kind: 'milestone' });
    const work = await make('Design', '2026-11-23', '2026-11-27');
    expect([gate.kind, work.kind]).toEqual(['milestone', 'task']);
    expect(await taskRow(gate.id)).toEqual({ kind: 'milestone', start: '2026-11-27', end: '2026-11-27' });
    expect(serverTask(project.id, gate.id)).toMatchObject({ kind: 'milestone' });
    const list = (await owner.client.get(`/api/projects/${project.id}/tasks`)).body as Made[];
    expect(list.map((t) => t.kind)).toEqual(['milestone', 'task']);
  });

  it('a milestone with two dates is refused with a 400 that says why, at creation and by an update', async () => {
    const { owner, project, make } = await plan();
    const twoDates = await owner.client.post('/api/tasks', { projectId: project.id, name: 'Gate', startDate: '2026-11-23', endDate: '2026-11-24', kind: 'milestone' });
    expect([twoDates.status, twoDates.body.message]).toEqual([400, 'A milestone is on one day: its end date must be its start date']);

    const work = await make('Design', '2026-11-23', '2026-11-27');
    const made = await owner.client.request('PATCH', `/api/tasks/${work.id}`, { kind: 'milestone' });
    expect([made.status, made.body.message, made.body.issues]).toEqual([
      400,
      'A milestone is on one day: its end date must be its start date',
      [{ path: 'endDate', message: 'A milestone is on one day: its end date must be its start date' }],
    ]);
    expect(await taskRow(work.id)).toEqual({ kind: 'task', start: '2026-11-23', end: '2026-11-27' });

    const oneDay = await owner.client.request('PATCH', `/api/tasks/${work.id}`, { kind: 'milestone', endDate: '2026-11-23' });
    expect([oneDay.status, oneDay.body.kind, oneDay.body.endDate]).toEqual([200, 'milestone', '2026-11-23']);
    const stretched = await owner.client.request('PATCH', `/api/tasks/${work.id}`, { endDate: '2026-11-25' });
    expect([stretched.status, stretched.body.message]).toEqual([400, 'A milestone is on one day: its end date must be its start date']);
    const moved = await owner.client.request('PATCH', `/api/tasks/${work.id}`, { startDate: '2026-11-30', endDate: '2026-11-30' });
    expect([moved.status, moved.body.startDate]).toEqual([200, '2026-11-30']);
    const bad = await owner.client.request('PATCH', `/api/tasks/${work.id}`, { kind: 'phase' });
    expect([bad.status, bad.body.message]).toEqual([400, 'Kind must be task or milestone']);
  });
});

describe('[milestone-one-day] milestones in exports', () => {
  it("the Tasks sheet says each task's type and the Timeline sheet marks a milestone's day with a diamond", async () => {
    const { owner, project, make } = await plan();
    await make('Design', '2026-11-23', '2026-11-27');
    await make('Design approved', '2026-11-27', '2026-11-27', { kind: 'milestone' });
    const { tasks, timeline, pdfStatus } = await exported(owner.client.cookieHeader, project.id);
    const header = tasks[0]!;
    expect(tasks.slice(1).map((row) => [row[0], row[header.indexOf('Type')]])).toEqual([
      ['Design', 'Task'],
      ['Design approved', 'Milestone'],
    ]);
    const milestoneRow = timeline.find((row) => row[0] === 'Design approved')!;
    expect(milestoneRow.filter((cell) => cell === '\u25C6')).toHaveLength(1);
    expect(pdfStatus).toBe(200);
  });
});

describe('[milestone-one-day] milestones through the document', () => {
  it('a milestone given a second date or a multi-day task made a milestone is put back and never stored', async () => {
    const { owner, project, make } = await plan();
    const gate = await make('Gate', '2026-11-27', '2026-11-27', { kind: 'milestone' });
    const work = await make('Design', '2026-11-23', '2026-11-27');
    const c = client(owner.client.cookieHeader, project.id);
    await c.synced;

    c.doc.transact(() => writeTask(c.doc, gate.id, { endDate: '2026-11-30' }));
    await eventually(() => tasksMap(c.doc).get(gate.id)?.get('endDate'), (v) => v === '2026-11-27');
    expect(await taskRow(gate.id)).toEqual({ kind: 'milestone', start: '2026-11-27', end: '2026-11-27' });

    c.doc.transact(() => writeTask(c.doc, work.id, { kind: 'milestone' }));
    await eventually(() => tasksMap(c.doc).get(work.id)?.get('kind'), (v) => v === 'task');
    expect(await taskRow(work.id)).toEqual({ kind: 'task', start: '2026-11-23', end: '2026-11-27' });

    // Moving a milestone (both dates) is stored.
    c.doc.transact(() => writeTask(c.doc, gate.id, { startDate: '2026-12-01', endDate: '2026-12-01' }));
    await eventually(() => taskRow(gate.id), (r) => r.start === '2026-12-01');
    expect(await taskRow(gate.id)).toEqual({ kind: 'milestone', start: '2026-12-01', end: '2026-12-01' });
  });
});
