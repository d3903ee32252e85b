import { randomUUID } from 'node:crypto';
import { SOCKET_IO_PATH, TASK_EVENTS_BULK_LIMIT, type TaskFieldName } from '@planline/domain';
import { readTask, tasksMap, writeTask, addDependency, encodeAwarenessUpdate, fieldValue } from '@planline/document';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyAwarenessUpdate } from 'y-protocols/awareness';
import { eventually, openProjectDocument, type DocClient } from './collab-client.js';
import { joinedMember, registeredClient, startTestServer, teamWithOwner, type ClientUser, type TestServer } from './harness.js';

let server: TestServer;
const open: DocClient[] = [];
const sockets: Socket[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  open.forEach((c) => c.close());
  sockets.forEach((s) => s.disconnect());
  await server?.stop();
});

async function setup(extraMembers = 2) {
  const { owner, team } = await teamWithOwner(server);
  const members: ClientUser[] = [owner];
  for (let i = 0; i < extraMembers; i++) members.push(await joinedMember(server, owner.client, team.id));
  const project = (await owner.client.post('/api/projects', { name: 'Live', teamId: team.id })).body as { id: string };
  const task = (
    await owner.client.post('/api/tasks', { projectId: project.id, name: 'Hull', startDate: '2026-11-23', endDate: '2026-11-27' })
  ).body as { id: string };
  const clients = await Promise.all(
    members.map(async (m) => {
      const c = openProjectDocument(server.url, m.client.cookieHeader, project.id);
      open.push(c);
      await c.synced;
      return c;
    }),
  );
  return { owner, members, project, task, clients };
}

const row = async (taskId: string) =>
  (await server.dataSource.query(`SELECT name, start_date, end_date, progress, status FROM tasks WHERE id = $1`, [taskId]))[0];
const historyCount = async (taskId: string) =>
  (await server.dataSource.query(`SELECT count(*)::int AS n FROM task_change_history WHERE task_id = $1`, [taskId]))[0].n as number;

describe('the project document', () => {
  it('[converge] three editors converge, and the rows equal the document', async () => {
    const { task, clients } = await setup();
    const [a, b, c] = clients as [DocClient, DocClient, DocClient];
    a.doc.transact(() => writeTask(a.doc, task.id, { progress: 30 }));
    b.doc.transact(() => writeTask(b.doc, task.id, { name: 'Hull, welded' }));
    c.doc.transact(() => writeTask(c.doc, task.id, { startDate: '2026-11-24', endDate: '2026-11-29' }));
    const expected = { progress: 30, name: 'Hull, welded', startDate: '2026-11-24', endDate: '2026-11-29' };
    for (const client of clients) await eventually(() => readTask(client.doc, task.id), (t) => !!t && Object.entries(expected).every(([k, v]) => (t as Record<string, unknown>)[k] === v));
    await eventually(() => row(task.id), (r) => r.progress === 30 && r.name === 'Hull, welded' && r.start_date === '2026-11-24' && r.end_date === '2026-11-29');
  });

  it('[converge] concurrent edits of the same field end with one value everywhere', async () => {
    const { task, clients } = await setup();
    clients.forEach((client, i) => client.doc.transact(() => writeTask(client.doc, task.id, { progress: 10 + i })));
    const final = await eventually(
      () => clients.map((c) => readTask(c.doc, task.id)?.progress),
      (values) => new Set(values).size === 1,
    );
    await eventually(() => row(task.id), (r) => r.progress === final[0]);
  });

  it('[rest-to-doc] a REST edit reaches every open document', async () => {
    const { owner, task, clients } = await setup();
    await owner.client.request('PATCH', `/api/tasks/${task.id}`, { status: 'blocked', changeReason: 'waiting for steel' });
    for (const client of clients) await eventually(() => readTask(client.doc, task.id)?.status, (s) => s === 'blocked');
  });

  it('[doc-history] a browser edit is recorded with its author', async () => {
    const { members, task, clients } = await setup(1);
    const b = clients[1]!;
    b.doc.transact(() => writeTask(b.doc, task.id, { priority: 'critical' }));
    await eventually(() => server.dataSource.query(`SELECT field_name, new_value, changed_by FROM task_change_history WHERE task_id = $1 AND field_name = 'priority'`, [task.id]),
      (rows: unknown[]) => rows.length === 1);
    const [entry] = await server.dataSource.query(`SELECT changed_by FROM task_change_history WHERE task_id = $1 AND field_name = 'priority'`, [task.id]);
    expect(entry.changed_by).toBe(members[1]!.user.id);
  });

  it.each([
    ['a blank name', { name: '   ' }],
    ['progress 150', { progress: 150 }],
    ['an end before the start', { endDate: '2026-11-01' }],
    ['an unknown status', { status: 'bogus' }],
    ['a colour that is not #rrggbb', { color: 'red' }],
    ['an assignee outside the project', { assigneeId: randomUUID() }],
  ])('[doc-validation] %s is put back everywhere and never stored', async (_label, bad) => {
    const { task, clients } = await setup(1);
    const before = await row(task.id);
    const historyBefore = await historyCount(task.id);
    const [field] = Object.keys(bad) as [TaskFieldName];
    // As the document reads: a field at its default is not held (task-document.ts DEFAULT_WHEN_MISSING).
    const value = (doc: DocClient['doc']) => fieldValue(field, readTask(doc, task.id)?.[field]);
    const original = value(clients[0]!.doc);
    clients[0]!.doc.transact(() => writeTask(clients[0]!.doc, task.id, bad));
    for (const client of clients) {
      await eventually(() => value(client.doc), (v) => JSON.stringify(v) === JSON.stringify(original));
    }
    // A valid edit afterwards proves the queue moved past the refused one.
    clients[1]!.doc.transact(() => writeTask(clients[1]!.doc, task.id, { description: 'checked' }));
    await eventually(() => server.dataSource.query(`SELECT description FROM tasks WHERE id = $1`, [task.id]), (r: { description: string }[]) => r[0]?.description === 'checked');
    expect({ ...(await row(task.id)) }).toEqual(before);
    expect(await historyCount(task.id)).toBe(historyBefore + 1);
  });

  it('[doc-burst] a burst from two editors is stored in few database transactions, each edit judged and credited on its own', async () => {
    const { members, project, task, clients } = await setup(1);
    const [a, b] = clients as [DocClient, DocClient];
    // Judging and storing, not scheduling: the link made mid-burst must not move anything (auto-schedule.int.test.ts).
    expect((await members[0]!.client.request('PATCH', `/api/projects/${project.id}`, { autoSchedule: false })).status).toBe(200);
    const other = (await members[0]!.client.post('/api/tasks', { projectId: project.id, name: 'Deck', startDate: '2026-11-23', endDate: '2026-11-27' })).body as { id: string };
    const ROUNDS = 60;
    const shortLived = randomUUID();
    for (let i = 1; i <= ROUNDS; i++) {
      a.doc.transact(() => writeTask(a.doc, task.id, { progress: i }));
      b.doc.transact(() => writeTask(b.doc, other.id, { progress: i }));
      // Refused mid-burst: put back, never stored, never history.
      if (i === 20) a.doc.transact(() => writeTask(a.doc, other.id, { endDate: '2026-01-01' }));
      // Created and deleted within the burst: the delete must come after the insert and its history.
      if (i === 30) a.doc.transact(() => writeTask(a.doc, shortLived, { name: 'Gone soon', startDate: '2026-12-01', endDate: '2026-12-02' }));
      if (i === 31) a.doc.transact(() => tasksMap(a.doc).delete(shortLived));
      if (i === 40) b.doc.transact(() => addDependency(b.doc, other.id, task.id));
    }
    await eventually(() => row(task.id), (r) => r.progress === ROUNDS);
    await eventually(() => row(other.id), (r) => r.progress === ROUNDS);
    await eventually(
      () => server.dataSource.query(`SELECT 1 FROM task_dependencies WHERE task_id = $1 AND depends_on_task_id = $2`, [other.id, task.id]),
      (r: unknown[]) => r.length === 1,
    );

    const progressHistory = async (taskId: string) =>
      (await server.dataSource.query(
        `SELECT new_value, changed_by, created_at FROM task_change_history WHERE task_id = $1 AND field_name = 'progress' ORDER BY seq`,
        [taskId],
      )) as { new_value: string; changed_by: string; created_at: Date }[];
    const ofA = await progressHistory(task.id);
    const ofB = await progressHistory(other.id);
    const oneToRounds = Array.from({ length: ROUNDS }, (_, i) => String(i + 1));
    expect(ofA.map((h) => h.new_value)).toEqual(oneToRounds);
    expect(ofB.map((h) => h.new_value)).toEqual(oneToRounds);
    expect(new Set(ofA.map((h) => h.changed_by))).toEqual(new Set([members[0]!.user.id]));
    expect(new Set(ofB.map((h) => h.changed_by))).toEqual(new Set([members[1]!.user.id]));
    // now() is a transaction's start: fewer distinct times than edits means turns stored several edits at once.
    const transactions = new Set([...ofA, ...ofB].map((h) => h.created_at.getTime())).size;
    expect(transactions).toBeLessThan(ROUNDS);

    expect((await row(other.id)).end_date).toBe('2026-11-27');
    await eventually(() => readTask(a.doc, other.id)?.endDate, (d) => d === '2026-11-27');
    expect(await server.dataSource.query(`SELECT field_name FROM task_change_history WHERE task_id = $1 AND field_name = 'endDate'`, [other.id])).toEqual([]);
    expect(await server.dataSource.query(`SELECT 1 FROM tasks WHERE id = $1`, [shortLived])).toEqual([]);
  });

  it('[awareness-own-only] a client sends its own presence, not the others\' it has just received', async () => {
    const { clients, task } = await setup(2);
    const [a, b, c] = clients as [DocClient, DocClient, DocClient];
    const progress = (p: number) => ({ taskId: task.id, kind: 'progress', preview: { progress: p } });
    const shown = (client: DocClient, of: DocClient) => client.provider.awareness!.getStates().get(of.doc.clientID)?.activity?.preview?.progress;
    /** Counts the awareness messages a client's provider sends (their arguments name the clients they carry). */
    const awarenessSent = (client: DocClient) => {
      const counter = { n: 0 };
      const send = client.provider.send.bind(client.provider);
      client.provider.send = (message, args) => {
        if (args && typeof args === 'object' && 'clients' in args) counter.n += 1;
        return send(message, args);
      };
      return counter;
    };
    const fromB = awarenessSent(b);
    const fromC = awarenessSent(c);
    for (let i = 1; i <= 10; i++) a.provider.setAwarenessField('activity', progress(i));
    for (const other of [b, c]) await eventually(() => shown(other, a), (v) => v === 10);
    expect([fromB.n, fromC.n]).toEqual([0, 0]);
    b.provider.setAwarenessField('activity', progress(1));
    expect(fromB.n).toBe(1);

    // The server saying B left (an old socket of B's closing after B reconnected): B renews and sends its state.
    const awareness = b.provider.awareness!;
    const removal = encodeAwarenessUpdate([{ clientId: awareness.clientID, clock: awareness.meta.get(awareness.clientID)!.clock + 1, json: 'null' }]);
    applyAwarenessUpdate(awareness, removal, b.provider);
    expect(fromB.n).toBe(2);
    await eventually(() => shown(a, b), (v) => v === 1);
  });

  it('[doc-validation] a valid change and a refused one in the same transaction: the valid one stands', async () => {
    const { task, clients } = await setup(0);
    const a = clients[0]!;
    a.doc.transact(() => writeTask(a.doc, task.id, { progress: 55, name: '' }));
    await eventually(() => row(task.id), (r) => r.progress === 55);
    await eventually(() => readTask(a.doc, task.id)?.name, (n) => n === 'Hull');
  });

  it('[doc-create] a task made in the browser is stored with defaults and a created entry; one without a name is removed', async () => {
    const { members, project, clients } = await setup(0);
    const a = clients[0]!;
    const id = randomUUID();
    const broken = randomUUID();
    a.doc.transact(() => {
      writeTask(a.doc, id, { name: 'From the chart', startDate: '2026-12-01', endDate: '2026-12-03', status: 'in-progress' });
      writeTask(a.doc, broken, { startDate: '2026-12-01', endDate: '2026-12-03' });
    });
    const stored = await eventually(() => server.dataSource.query(`SELECT status, color, priority FROM tasks WHERE id = $1`, [id]), (r: unknown[]) => r.length === 1);
    expect(stored[0]).toEqual({ status: 'in_progress', color: '#3b82f6', priority: 'medium' });
    await eventually(() => readTask(a.doc, id)?.status, (s) => s === 'in_progress');
    await eventually(() => tasksMap(a.doc).has(broken), (has) => !has);
    const [created] = await server.dataSource.query(`SELECT field_name, changed_by FROM task_change_history WHERE task_id = $1`, [id]);
    expect(created).toEqual({ field_name: 'created', changed_by: members[0]!.user.id });
    expect((await server.dataSource.query(`SELECT 1 FROM tasks WHERE id = $1`, [broken])).length).toBe(0);
    expect((await members[0]!.client.get(`/api/projects/${project.id}/tasks`)).body).toHaveLength(2);
  });

  it('[doc-dependencies] a cycle drawn in the browser is taken back; a valid edge is stored', async () => {
    const { owner, project, task, clients } = await setup(0);
    const second = (await owner.client.post('/api/tasks', { projectId: project.id, name: 'Paint', startDate: '2026-11-28', endDate: '2026-11-30' })).body;
    const a = clients[0]!;
    await eventually(() => readTask(a.doc, second.id), (t) => !!t);
    a.doc.transact(() => addDependency(a.doc, second.id, task.id));
    await eventually(() => server.dataSource.query(`SELECT 1 FROM task_dependencies WHERE task_id = $1`, [second.id]), (r: unknown[]) => r.length === 1);
    a.doc.transact(() => addDependency(a.doc, task.id, second.id));
    await eventually(() => a.doc.getMap('dependencies').has(`${task.id}->${second.id}`), (has) => !has);
    expect((await server.dataSource.query(`SELECT 1 FROM task_dependencies WHERE task_id = $1`, [task.id])).length).toBe(0);
  });

  it('[doc-keep-loaded] a document stays loaded after its last browser leaves, and the next one gets it as it was', async () => {
    const { owner, team } = await teamWithOwner(server);
    // No REST edit here: those hold the document on their own.
    const project = (await owner.client.post('/api/projects', { name: 'Kept', teamId: team.id })).body as { id: string };
    const name = `project:${project.id}`;
    const first = openProjectDocument(server.url, owner.client.cookieHeader, project.id);
    open.push(first);
    await first.synced;
    const taskId = randomUUID();
    first.doc.transact(() => writeTask(first.doc, taskId, { name: 'Kept task', startDate: '2026-11-23', endDate: '2026-11-24' }));
    await eventually(() => row(taskId), (r) => r?.name === 'Kept task');
    first.close();
    await eventually(() => server.realtime.hocuspocus.documents.get(name)?.getConnections().length ?? -1, (n) => n === 0);
    await new Promise((r) => setTimeout(r, 300));
    const kept = server.realtime.hocuspocus.documents.get(name);
    expect(kept).toBeDefined();
    const second = openProjectDocument(server.url, owner.client.cookieHeader, project.id);
    open.push(second);
    await second.synced;
    expect(server.realtime.hocuspocus.documents.get(name)).toBe(kept);
    expect(readTask(second.doc, taskId)).toMatchObject({ name: 'Kept task' });
  });

  it('[doc-access] an outsider cannot open the document', async () => {
    const { project } = await setup(0);
    const outsider = await registeredClient(server);
    const client = openProjectDocument(server.url, outsider.client.cookieHeader, project.id);
    open.push(client);
    const failed = await new Promise<boolean>((resolve) => {
      client.provider.on('authenticationFailed', () => resolve(true));
      setTimeout(() => resolve(false), 2000);
    });
    expect(failed).toBe(true);
    expect(tasksMap(client.doc).size).toBe(0);
  });
});

describe('task events', () => {
  it('[task-events] created, updated and deleted reach the project room after they are stored, not outsiders', async () => {
    const { owner, team } = await teamWithOwner(server);
    const member = await joinedMember(server, owner.client, team.id);
    const project = (await owner.client.post('/api/projects', { name: 'Evented', teamId: team.id })).body;
    const listen = (cookie: string) => {
      const s = connectSocket(server.url, { path: SOCKET_IO_PATH, transports: ['websocket'], reconnection: false, extraHeaders: { cookie } });
      sockets.push(s);
      return new Promise<Socket>((resolve) => s.once('session:ready', () => resolve(s)));
    };
    const memberSocket = await listen(member.client.cookieHeader);
    const outsiderSocket = await listen((await registeredClient(server)).client.cookieHeader);
    const seen: { event: string; payload: any }[] = [];
    let outsiderHeard = 0;
    // The project's task events (the team chat's presence comes on the member's socket too).
    memberSocket.onAny((event, payload) => {
      if (event.startsWith('task')) seen.push({ event, payload });
    });
    outsiderSocket.onAny(() => (outsiderHeard += 1));

    const created = (await owner.client.post('/api/tasks', { projectId: project.id, name: 'Evented task', startDate: '2026-11-23', endDate: '2026-11-24' })).body;
    await owner.client.request('PATCH', `/api/tasks/${created.id}`, { progress: 70 });
    await owner.client.request('DELETE', `/api/tasks/${created.id}`);
    await eventually(() => seen.map((s) => s.event), (events) => events.includes('task:deleted'));
    expect(seen.map((s) => s.event)).toEqual(['task:created', 'task:updated', 'task:deleted']);
    expect(seen[0]!.payload.task).toMatchObject({ id: created.id, name: 'Evented task' });
    expect(seen[1]!.payload).toMatchObject({ task: { progress: 70 }, fields: ['progress'] });
    expect(seen[2]!.payload).toEqual({ projectId: project.id, taskId: created.id });
    expect(outsiderHeard).toBe(0);
  });

  it('[import-live] a change of more tasks than TASK_EVENTS_BULK_LIMIT is one tasks:reloaded, not an event per task', async () => {
    const { owner, team } = await teamWithOwner(server);
    const member = await joinedMember(server, owner.client, team.id);
    const project = (await owner.client.post('/api/projects', { name: 'Bulk', teamId: team.id })).body;
    const socket = connectSocket(server.url, { path: SOCKET_IO_PATH, transports: ['websocket'], reconnection: false, extraHeaders: { cookie: member.client.cookieHeader } });
    sockets.push(socket);
    await new Promise<void>((resolve) => socket.once('session:ready', () => resolve()));
    const seen: { event: string; payload: any }[] = [];
    // The project's task events (the team's chat presence comes on this socket too).
    socket.onAny((event, payload) => {
      if (event.startsWith('task')) seen.push({ event, payload });
    });

    // Past the event limit, and past the history rows a statement writes (project-rows.ts ROWS_PER_STATEMENT: 500).
    const count = Math.max(TASK_EVENTS_BULK_LIMIT, 2000) + 1;
    const rows = Array.from({ length: count }, (_, i) => `Task ${i + 1},2026-11-23,2026-11-24`);
    const imported = await fetch(`${server.url}/api/projects/${project.id}/import?format=csv&preview=false&fileName=bulk.csv`, {
      method: 'POST',
      headers: { cookie: owner.client.cookieHeader, 'content-type': 'text/csv' },
      body: ['Task Name,Start Date,Finish Date', ...rows].join('\n'),
    });
    expect(imported.status).toBe(200);
    await eventually(() => seen.map((s) => s.event), (events) => events.includes('tasks:reloaded'));
    // One small edit after it is still sent task by task, after the reload.
    const created = (await owner.client.post('/api/tasks', { projectId: project.id, name: 'After the import', startDate: '2026-11-23', endDate: '2026-11-24' })).body;
    await eventually(() => seen.map((s) => s.event), (events) => events.includes('task:created'));
    expect(seen.map((s) => s.event)).toEqual(['tasks:reloaded', 'task:created']);
    expect(seen[0]!.payload).toEqual({ projectId: project.id, tasks: count });
    expect(seen[1]!.payload.task).toMatchObject({ id: created.id });
    // Every imported task has its history row, written in the tasks' order across the statements.
    const history: { order: number }[] = await server.dataSource.query(
      `SELECT t."order" FROM task_change_history h JOIN tasks t ON t.id = h.task_id
        WHERE h.project_id = $1 AND h.field_name = 'created' AND h.change_reason = 'Imported from «bulk.csv»' ORDER BY h.seq`,
      [project.id],
    );
    expect(history).toHaveLength(count);
    expect(history.map((h) => h.order)).toEqual([...history.map((h) => h.order)].sort((a, b) => a - b));
  });
});
