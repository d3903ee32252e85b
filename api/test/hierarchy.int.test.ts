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
  const outline = wb.getWorksheet('Tasks')!.getSheetValues().slice(2).map((_, i) => wb.getWorksheet('Tasks')!.getRow(i + 2).outlineLevel ?? 0);
  return { tasks: sheet('Tasks'), timeline: sheet('Timeline'), outline, pdfStatus: (await post('pdf')).status };
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

interface Listed extends Made {
  name: string;
  parentId: string | null;
  progress: number;
}

const parentRow = async (id: string) => (await server.dataSource.query(`SELECT parent_id FROM tasks WHERE id = $1`, [id]))[0]?.parent_id ?? null;
const listed = async (client: { get: (path: string) => Promise<{ body: unknown }> }, projectId: string) =>
  new Map(((await client.get(`/api/projects/${projectId}/tasks`)).body as Listed[]).map((t) => [t.id, t]));

/** Mon 23 Nov – Fri 4 Dec 2026: a phase of two weeks' work, its second week half done. */
async function phase() {
  const p = await plan();
  const summary = await p.make('Build phase', '2026-01-05', '2026-01-06');
  const frame = await p.make('Frame', '2026-11-23', '2026-11-27', { parentId: summary.id, progress: 100 });
  const roof = await p.make('Roof', '2026-11-30', '2026-12-04', { parentId: summary.id, progress: 50 });
  return { ...p, summary, frame, roof };
}

describe('[summary-tasks] summary tasks through REST', () => {
  it('[summary-rollup] subtasks carry their parentId; the summary is read with their span and progress (weighted by working days)', async () => {
    const { owner, project, summary, frame, roof } = await phase();
    const tasks = await listed(owner.client, project.id);
    expect([tasks.get(frame.id)!.parentId, tasks.get(roof.id)!.parentId, tasks.get(summary.id)!.parentId]).toEqual([summary.id, summary.id, null]);
    expect(tasks.get(summary.id)).toMatchObject({ startDate: '2026-11-23', endDate: '2026-12-04', progress: 75 });
    expect(await parentRow(frame.id)).toBe(summary.id);
    expect(serverTask(project.id, roof.id)).toMatchObject({ parentId: summary.id });

    // A subtask's change is the summary's: read alone or in the list.
    await owner.client.request('PATCH', `/api/tasks/${roof.id}`, { endDate: '2026-12-11', progress: 0 });
    const alone = (await owner.client.request('PATCH', `/api/tasks/${summary.id}`, { name: 'Build' })).body as Listed;
    expect(alone).toMatchObject({ name: 'Build', startDate: '2026-11-23', endDate: '2026-12-11', progress: 33 });
    // The stored row keeps the summary's own dates: the roll-up is computed when read.
    expect(await taskRow(summary.id)).toMatchObject({ start: '2026-01-05', end: '2026-01-06' });
  });

  it("a parent elsewhere, the task itself, a subtask of it or a milestone is refused with a 400 that says why; so are a summary's own dates", async () => {
    const { owner, project, make, summary, frame } = await phase();
    const other = await plan();
    const foreign = await other.make('Elsewhere', '2026-11-23', '2026-11-24');
    const gate = await make('Gate', '2026-12-04', '2026-12-04', { kind: 'milestone' });
    const refusals: [string, Record<string, unknown>, string][] = [
      [frame.id, { parentId: foreign.id }, 'The parent must be a task of the same project'],
      [frame.id, { parentId: frame.id }, 'A task cannot be its own parent'],
      [summary.id, { parentId: frame.id }, 'That would make a task its own parent: Build phase → Frame → Build phase'],
      [frame.id, { parentId: gate.id }, 'A milestone cannot have subtasks'],
      [summary.id, { kind: 'milestone' }, 'A task with subtasks cannot be a milestone'],
      [summary.id, { startDate: '2026-11-16' }, "A summary task's dates and progress come from its subtasks: change those instead"],
      [summary.id, { progress: 10 }, "A summary task's dates and progress come from its subtasks: change those instead"],
      [frame.id, { parentId: 'not-a-task' }, 'Parent task is not valid'],
    ];
    for (const [taskId, body, message] of refusals) {
      const res = await owner.client.request('PATCH', `/api/tasks/${taskId}`, body);
      expect([res.status, res.body.message], JSON.stringify(body)).toEqual([400, message]);
    }
    const created = await owner.client.post('/api/tasks', { projectId: project.id, name: 'Stray', startDate: '2026-11-23', endDate: '2026-11-23', parentId: foreign.id });
    expect([created.status, created.body.message]).toEqual([400, 'The parent must be a task of the same project']);
    expect(await parentRow(frame.id)).toBe(summary.id);
    // Sending the summary's dates back as they are read is no change.
    const same = await owner.client.request('PATCH', `/api/tasks/${summary.id}`, { startDate: '2026-11-23', endDate: '2026-12-04', name: 'Build' });
    expect([same.status, same.body.name]).toEqual([200, 'Build']);
  });

  it('deleting a summary moves its subtasks up to its own parent, in the rows and the document', async () => {
    const { owner, project, make, summary, frame, roof } = await phase();
    const programme = await make('Programme', '2026-11-23', '2026-11-23');
    expect((await owner.client.request('PATCH', `/api/tasks/${summary.id}`, { parentId: programme.id })).status).toBe(200);
    expect((await owner.client.request('DELETE', `/api/tasks/${summary.id}`)).status).toBe(204);
    expect([await parentRow(frame.id), await parentRow(roof.id)]).toEqual([programme.id, programme.id]);
    expect(serverTask(project.id, frame.id)).toMatchObject({ parentId: programme.id });
    expect((await owner.client.request('DELETE', `/api/tasks/${programme.id}`)).status).toBe(204);
    expect([await parentRow(frame.id), await parentRow(roof.id)]).toEqual([null, null]);
  });

  it('exports carry the outline: a Parent column, subtasks under their summary; reports count the work, not the summary', async () => {
    const { owner, project, summary } = await phase();
    await plan(); // another project's tasks never show
    const { tasks, outline, pdfStatus } = await exported(owner.client.cookieHeader, project.id);
    expect([outline, pdfStatus]).toEqual([[0, 1, 1], 200]);
    const header = tasks[0]!;
    expect(tasks.slice(1).map((row) => [row[0], row[header.indexOf('Type')], row[header.indexOf('Parent')] ?? null, row[header.indexOf('Start')]])).toEqual([
      ['Build phase', 'Summary', null, new Date(Date.UTC(2026, 10, 23))],
      ['Frame', 'Task', 'Build phase', new Date(Date.UTC(2026, 10, 23))],
      ['Roof', 'Task', 'Build phase', new Date(Date.UTC(2026, 10, 30))],
    ]);
    const report = await owner.client.post(`/api/projects/${project.id}/weekly-reports`, { weekEndingDate: '2026-11-29', summary: 'Week 1' });
    expect(report.body).toMatchObject({ tasksTotal: 2, progressPercentage: 75 });
    expect(summary.id).toBeTruthy();
  });

  it('a project with subtasks is deleted whole (the parent key does not stand in the way)', async () => {
    const { project, frame } = await phase();
    await server.dataSource.query(`DELETE FROM projects WHERE id = $1`, [project.id]);
    expect(await taskRow(frame.id)).toBeUndefined();
  });
});

describe('[summary-tasks] summary tasks through the document', () => {
  it('a parent that is a milestone, missing or a loop is put back; a task with subtasks made a milestone is put back', async () => {
    const { owner, project, make, summary, frame } = await phase();
    const gate = await make('Gate', '2026-12-04', '2026-12-04', { kind: 'milestone' });
    const loose = await make('Loose', '2026-11-23', '2026-11-24');
    const c = client(owner.client.cookieHeader, project.id);
    await c.synced;
    const parentIn = (id: string) => tasksMap(c.doc).get(id)?.get('parentId') ?? null;

    for (const bad of [gate.id, crypto.randomUUID()]) {
      c.doc.transact(() => writeTask(c.doc, loose.id, { parentId: bad }));
      await eventually(() => parentIn(loose.id), (v) => v === null);
      expect(await parentRow(loose.id)).toBeNull();
    }
    c.doc.transact(() => writeTask(c.doc, summary.id, { parentId: frame.id }));
    await eventually(() => parentIn(summary.id), (v) => v === null);
    expect(await parentRow(summary.id)).toBeNull();

    c.doc.transact(() => writeTask(c.doc, summary.id, { kind: 'milestone', endDate: '2026-01-05' }));
    await eventually(() => tasksMap(c.doc).get(summary.id)?.get('kind'), (v) => v === 'task');
    expect(await taskRow(summary.id)).toMatchObject({ kind: 'task' });

    // A valid indent is stored.
    c.doc.transact(() => writeTask(c.doc, loose.id, { parentId: frame.id }));
    await eventually(() => parentRow(loose.id), (v) => v === frame.id);
  });

  it("a summary deleted by a client that did not move its subtasks: the server moves them up, in rows and document", async () => {
    const { owner, project, make, summary, frame, roof } = await phase();
    const programme = await make('Programme', '2026-11-23', '2026-11-23');
    await owner.client.request('PATCH', `/api/tasks/${summary.id}`, { parentId: programme.id });
    const c = client(owner.client.cookieHeader, project.id);
    await c.synced;
    // As a client that had not heard of the subtasks yet would: only the task goes.
    c.doc.transact(() => tasksMap(c.doc).delete(summary.id));
    await eventually(() => tasksMap(c.doc).get(frame.id)?.get('parentId'), (v) => v === programme.id);
    expect(tasksMap(c.doc).get(roof.id)?.get('parentId')).toBe(programme.id);
    expect([await parentRow(frame.id), await parentRow(roof.id)]).toEqual([programme.id, programme.id]);
    const history = await server.dataSource.query(`SELECT field_name, old_value, new_value FROM task_change_history WHERE task_id = $1 AND field_name = 'parentId' ORDER BY seq`, [frame.id]);
    expect(history.at(-1)).toEqual({ field_name: 'parentId', old_value: summary.id, new_value: programme.id });
  });
});
