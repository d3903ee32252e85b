import { projectDocumentName } from '@planline/domain';
import { applyCascade, documentCascade, projectMap, readScheduleSettings, readTask, writeTask } from '@planline/document';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, openProjectDocument, type DocClient } from './collab-client.js';
import { joinedMember, startTestServer, teamWithOwner, type ClientUser, type TestServer } from './harness.js';

/**
 * [auto-schedule] Issue 17: with auto-scheduling on, a change pushes the successors its links make late, on the
 * server (REST, links, settings) and in the browser's own transaction (one undo step), each moved task's history
 * saying why; the project's calendar travels in the document and only the server may write it; two people moving
 * two predecessors of one task at once end on the same dates everywhere.
 */
let server: TestServer;
const open: DocClient[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  open.forEach((c) => c.close());
  await server?.stop();
});

type Task = { id: string; name: string; startDate: string; endDate: string };

// 2026-11-23 is a Monday.
async function plan(owner: ClientUser, teamId: string, names: string[]) {
  const project = (await owner.client.post('/api/projects', { name: 'Cascade', teamId })).body as { id: string; autoSchedule: boolean };
  const tasks: Task[] = [];
  for (const name of names) {
    tasks.push((await owner.client.post('/api/tasks', { projectId: project.id, name, startDate: '2026-11-23', endDate: '2026-11-27' })).body as Task);
  }
  return { project, tasks };
}

const stored = async (id: string) =>
  (await server.dataSource.query(`SELECT to_char(start_date, 'YYYY-MM-DD') AS s, to_char(end_date, 'YYYY-MM-DD') AS e FROM tasks WHERE id = $1`, [id]))[0] as {
    s: string;
    e: string;
  };
const history = async (owner: ClientUser, id: string) =>
  (await owner.client.get(`/api/tasks/${id}/history`)).body as { fieldName: string; newValue: string; changeReason: string | null; changedByUser: { email: string } | null }[];

function client(user: ClientUser, projectId: string): DocClient {
  const c = openProjectDocument(server.url, user.client.cookieHeader, projectId);
  open.push(c);
  return c;
}

describe('[auto-schedule] on the server', () => {
  it('a link made over REST pushes its successor, a REST move pushes the chain, and each history says why', async () => {
    const { owner, team } = await teamWithOwner(server);
    const { project, tasks } = await plan(owner, team.id, ['Design', 'Build', 'Test']);
    const [design, build, test] = tasks as [Task, Task, Task];
    expect(project.autoSchedule).toBe(true);

    // Build after Design: the next Monday to Friday. Test after Build, with one working day of lag.
    expect((await owner.client.post(`/api/tasks/${build.id}/dependencies`, { dependsOnTaskId: design.id })).status).toBe(201);
    expect(await stored(build.id)).toEqual({ s: '2026-11-30', e: '2026-12-04' });
    expect((await owner.client.post(`/api/tasks/${test.id}/dependencies`, { dependsOnTaskId: build.id, lagDays: 1 })).status).toBe(201);
    expect(await stored(test.id)).toEqual({ s: '2026-12-08', e: '2026-12-14' });

    // Design a week longer: both move, keeping their five working days; the answer already holds the moves.
    expect((await owner.client.request('PATCH', `/api/tasks/${design.id}`, { endDate: '2026-12-04' })).status).toBe(200);
    expect(await stored(build.id)).toEqual({ s: '2026-12-07', e: '2026-12-11' });
    expect(await stored(test.id)).toEqual({ s: '2026-12-15', e: '2026-12-21' });
    const list = (await owner.client.get(`/api/projects/${project.id}/tasks`)).body as Task[];
    expect(list.find((t) => t.id === test.id)).toMatchObject({ startDate: '2026-12-15', endDate: '2026-12-21' });

    const buildHistory = await history(owner, build.id);
    expect(buildHistory.find((h) => h.fieldName === 'startDate' && h.newValue === '2026-12-07')).toMatchObject({
      changeReason: 'Moved by dependency on «Design»',
      changedByUser: { email: owner.user.email },
    });
    expect((await history(owner, test.id)).find((h) => h.fieldName === 'startDate' && h.newValue === '2026-12-15')?.changeReason).toBe(
      'Moved by dependency on «Build»',
    );

    // Earlier again: nothing is pulled back (push, never pull).
    expect((await owner.client.request('PATCH', `/api/tasks/${design.id}`, { endDate: '2026-11-27' })).status).toBe(200);
    expect(await stored(build.id)).toEqual({ s: '2026-12-07', e: '2026-12-11' });
  });

  it('with auto-scheduling off nothing moves; turning it on (or a new holiday) moves what is late, credited to whoever did', async () => {
    const { owner, team } = await teamWithOwner(server);
    const { project, tasks } = await plan(owner, team.id, ['Pour', 'Cure']);
    const [pour, cure] = tasks as [Task, Task];
    expect((await owner.client.request('PATCH', `/api/projects/${project.id}`, { autoSchedule: false })).status).toBe(200);
    expect((await owner.client.post(`/api/tasks/${cure.id}/dependencies`, { dependsOnTaskId: pour.id })).status).toBe(201);
    expect(await stored(cure.id)).toEqual({ s: '2026-11-23', e: '2026-11-27' });

    expect((await owner.client.request('PATCH', `/api/projects/${project.id}`, { autoSchedule: true, holidays: ['2026-11-30'] })).status).toBe(200);
    // Monday the 30th is a holiday: Cure starts on Tuesday and keeps five working days.
    await eventually(() => stored(cure.id), (row) => row.s === '2026-12-01');
    expect(await stored(cure.id)).toEqual({ s: '2026-12-01', e: '2026-12-07' });
    expect((await history(owner, cure.id)).find((h) => h.fieldName === 'startDate')?.changeReason).toBe('Moved by dependency on «Pour»');
  });
});

describe('[auto-schedule] what the links demand changes without a date moving', () => {
  it('a summary that loses its last subtask is a plain task again: its successor is pushed', async () => {
    const { owner, team } = await teamWithOwner(server);
    const { tasks } = await plan(owner, team.id, ['Phase', 'Step', 'After']);
    const [phase, step, after] = tasks as [Task, Task, Task];
    expect((await owner.client.request('PATCH', `/api/tasks/${step.id}`, { parentId: phase.id })).status).toBe(200);
    // Links to a summary are not scheduled (its dates are its subtasks'): After stays.
    expect((await owner.client.post(`/api/tasks/${after.id}/dependencies`, { dependsOnTaskId: phase.id })).status).toBe(201);
    expect(await stored(after.id)).toEqual({ s: '2026-11-23', e: '2026-11-27' });
    expect((await owner.client.request('PATCH', `/api/tasks/${step.id}`, { parentId: null })).status).toBe(200);
    await eventually(() => stored(after.id), (row) => row.s === '2026-11-30');
    expect(await stored(after.id)).toEqual({ s: '2026-11-30', e: '2026-12-04' });
  });
});

describe('[auto-schedule] through the document', () => {
  it('the calendar is in the document, follows PATCH, and a client cannot change it', async () => {
    const { owner, team } = await teamWithOwner(server);
    const { project } = await plan(owner, team.id, ['Only']);
    const c = client(owner, project.id);
    await c.synced;
    expect(readScheduleSettings(c.doc)).toEqual({ autoSchedule: true, workingWeekdays: [1, 2, 3, 4, 5], holidays: [] });

    await owner.client.request('PATCH', `/api/projects/${project.id}`, { workingWeekdays: [1, 2, 3, 4, 5, 6], holidays: ['2026-12-25'] });
    await eventually(() => readScheduleSettings(c.doc)?.workingWeekdays.length, (n) => n === 6);
    expect(readScheduleSettings(c.doc)).toEqual({ autoSchedule: true, workingWeekdays: [1, 2, 3, 4, 5, 6], holidays: ['2026-12-25'] });

    // A member's own write (off, and a key of its own) is put back; the row and the server's copy never change.
    c.doc.transact(() => {
      projectMap(c.doc).set('autoSchedule', false);
      projectMap(c.doc).set('sneaky', 1);
    });
    await eventually(() => readScheduleSettings(c.doc)?.autoSchedule, (on) => on === true);
    expect([...projectMap(c.doc).keys()].sort()).toEqual(['autoSchedule', 'holidays', 'workingWeekdays']);
    const live = server.realtime.hocuspocus.documents.get(projectDocumentName(project.id))!;
    expect(readScheduleSettings(live)?.autoSchedule).toBe(true);
    expect((await server.dataSource.query(`SELECT auto_schedule FROM projects WHERE id = $1`, [project.id]))[0].auto_schedule).toBe(true);
  });

  it("a browser's move carries its own cascade (one transaction); the server stores it with the reason and adds nothing", async () => {
    const { owner, team } = await teamWithOwner(server);
    const { project, tasks } = await plan(owner, team.id, ['Frame', 'Roof']);
    const [frame, roof] = tasks as [Task, Task];
    await owner.client.post(`/api/tasks/${roof.id}/dependencies`, { dependsOnTaskId: frame.id, type: 'FF', lagDays: 2 });
    // FF +2: Roof must finish two working days after Frame does.
    expect(await stored(roof.id)).toEqual({ s: '2026-11-25', e: '2026-12-01' });

    const a = client(owner, project.id);
    const b = client(owner, project.id);
    await Promise.all([a.synced, b.synced]);
    let transactions = 0;
    b.doc.on('afterTransaction', (tr) => {
      if (tr.origin !== null && !tr.local) transactions += 1;
    });
    a.doc.transact(() => {
      writeTask(a.doc, frame.id, { endDate: '2026-12-02' });
      applyCascade(a.doc, documentCascade(a.doc, [frame.id]));
    });
    expect(readTask(a.doc, roof.id)).toMatchObject({ startDate: '2026-11-30', endDate: '2026-12-04' });
    await eventually(() => stored(roof.id), (row) => row.e === '2026-12-04');
    await eventually(() => readTask(b.doc, roof.id)?.endDate, (end) => end === '2026-12-04');
    expect(transactions).toBe(1);
    expect((await history(owner, roof.id)).find((h) => h.fieldName === 'endDate' && h.newValue === '2026-12-04')?.changeReason).toBe(
      'Moved by dependency on «Frame»',
    );
    // The mover's own task has no such reason.
    expect((await history(owner, frame.id)).find((h) => h.fieldName === 'endDate')?.changeReason).toBeNull();
  });

  it('two people moving two predecessors of one task at once end on the same dates everywhere, both links kept', async () => {
    const { owner, team } = await teamWithOwner(server);
    const member = await joinedMember(server, owner.client, team.id);
    const { project, tasks } = await plan(owner, team.id, ['Left', 'Right', 'Join']);
    const [left, right, join] = tasks as [Task, Task, Task];
    await owner.client.post(`/api/tasks/${join.id}/dependencies`, { dependsOnTaskId: left.id });
    await owner.client.post(`/api/tasks/${join.id}/dependencies`, { dependsOnTaskId: right.id });
    expect(await stored(join.id)).toEqual({ s: '2026-11-30', e: '2026-12-04' });

    const a = client(owner, project.id);
    const b = client(member, project.id);
    await Promise.all([a.synced, b.synced]);
    // In the same turn, before either hears the other: each cascades on its own (Join after its own move only).
    const move = (c: DocClient, taskId: string, endDate: string) =>
      c.doc.transact(() => {
        writeTask(c.doc, taskId, { endDate });
        applyCascade(c.doc, documentCascade(c.doc, [taskId]));
      });
    move(a, left.id, '2026-12-04'); // Join after Dec 4: Dec 7–11
    move(b, right.id, '2026-12-11'); // Join after Dec 11: Dec 14–18
    const expected = { startDate: '2026-12-14', endDate: '2026-12-18' };
    for (const c of [a, b]) await eventually(() => readTask(c.doc, join.id), (t) => t?.startDate === expected.startDate && t.endDate === expected.endDate, 5000);
    await eventually(() => stored(join.id), (row) => row.s === expected.startDate && row.e === expected.endDate, 5000);
    const live = server.realtime.hocuspocus.documents.get(projectDocumentName(project.id))!;
    expect(readTask(live, join.id)).toMatchObject(expected);
  });
});
