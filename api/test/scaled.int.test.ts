import { SOCKET_IO_PATH } from '@planline/domain';
import { fieldValue, readTask, writeTask } from '@planline/document';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, openProjectDocument, type DocClient } from './collab-client.js';
import { ApiClient, newAccount } from './harness.js';
import { scaledTopologyAvailable, startScaledTopology, type ScaledTopology } from './topology.js';

// Scaled mode (issue 8): one api process, two realtime processes, nginx, PostgreSQL and a Redis of the test's
// own, all as plain processes — the docker-compose topology. Runs when DATABASE_URL and REDIS_URL are set
// (the second pass of .ci/run) and redis-server and nginx are installed.
const available = scaledTopologyAvailable();

let topology: ScaledTopology;
const docs: DocClient[] = [];
const sockets: Socket[] = [];
beforeAll(async () => {
  if (available) topology = await startScaledTopology(2);
}, 120_000);
afterAll(async () => {
  docs.forEach((d) => d.close());
  sockets.forEach((s) => s.disconnect());
  await topology?.stop();
});

function openDoc(baseUrl: string, client: ApiClient, projectId: string): DocClient {
  const doc = openProjectDocument(baseUrl, client.cookieHeader, projectId);
  docs.push(doc);
  return doc;
}

async function liveSocket(baseUrl: string, client: ApiClient): Promise<Socket> {
  const socket = connectSocket(baseUrl, { path: SOCKET_IO_PATH, transports: ['websocket'], reconnection: false, extraHeaders: { cookie: client.cookieHeader } });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('session:ready', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

function next<T = any>(socket: Socket, event: string, timeoutMs = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

async function signedIn(): Promise<ApiClient> {
  const client = new ApiClient(topology.url);
  const res = await client.post('/api/auth/register', newAccount());
  if (res.status !== 201) throw new Error(`register failed: ${res.status}`);
  return client;
}

async function projectWithTasks(owner: ApiClient, count: number) {
  const team = (await owner.post('/api/teams', { name: 'Scaled team' })).body as { id: string; teamCode: string };
  const project = (await owner.post('/api/projects', { name: 'Across processes', teamId: team.id })).body as { id: string };
  const tasks: { id: string }[] = [];
  for (let i = 0; i < count; i++) {
    tasks.push((await owner.post('/api/tasks', { projectId: project.id, name: `T${i}`, startDate: '2026-11-23', endDate: '2026-11-30' })).body);
  }
  return { team, project, tasks };
}

type Row = { id: string; name: string; progress: number };
const rowsOf = async (client: ApiClient, projectId: string): Promise<Row[]> => (await client.get(`/api/projects/${projectId}/tasks`)).body;

/** Every document shows every row exactly as stored. */
async function allAgree(client: ApiClient, projectId: string, clients: DocClient[], timeoutMs = 20_000) {
  await eventually(
    async () => {
      const rows = await rowsOf(client, projectId);
      return clients.every((c) => rows.every((r) => readTask(c.doc, r.id)?.name === r.name && fieldValue('progress', readTask(c.doc, r.id)?.progress) === r.progress));
    },
    (ok) => ok,
    timeoutMs,
  );
}

describe.runIf(available)('scaled mode: api, two realtime processes, nginx, PostgreSQL, Redis', () => {
  it('[scaled-converge] editors on different realtime processes converge, and the rows equal their documents', async () => {
    const owner = await signedIn();
    const { project, tasks } = await projectWithTasks(owner, 6);
    const [one, two] = topology.realtime;
    const a = openDoc(one!.url, owner, project.id);
    const b = openDoc(two!.url, owner, project.id);
    await Promise.all([a.synced, b.synced]);

    for (let i = 0; i < 6; i++) {
      const editor = i % 2 ? a : b;
      editor.doc.transact(() => writeTask(editor.doc, tasks[i]!.id, { name: `Edited ${i}`, progress: i * 10 }));
    }
    // Both edit the same task at once: the documents agree on one winner, and so do the rows.
    a.doc.transact(() => writeTask(a.doc, tasks[0]!.id, { progress: 33 }));
    b.doc.transact(() => writeTask(b.doc, tasks[0]!.id, { progress: 77 }));

    await eventually(
      () => tasks.map((t) => JSON.stringify(readTask(a.doc, t.id)) === JSON.stringify(readTask(b.doc, t.id))),
      (same) => same.every(Boolean),
      10_000,
    );
    expect(readTask(a.doc, tasks[3]!.id)?.name).toBe('Edited 3');
    await allAgree(owner, project.id, [a, b]);
    const rows = await rowsOf(owner, project.id);
    expect(rows.find((r) => r.id === tasks[5]!.id)).toMatchObject({ name: 'Edited 5', progress: 50 });
    expect([33, 77]).toContain(rows.find((r) => r.id === tasks[0]!.id)!.progress);

    // History credits each edit once, to its author, wherever it was made.
    const history: { fieldName: string; newValue: string }[] = (await owner.get(`/api/tasks/${tasks[3]!.id}/history`)).body;
    expect(history.filter((h) => h.fieldName === 'name' && h.newValue === 'Edited 3')).toHaveLength(1);
  }, 60_000);

  it('[scaled-rest] a REST edit through the api process reaches document clients on both realtime processes', async () => {
    const owner = await signedIn();
    const { project, tasks } = await projectWithTasks(owner, 2);
    const [one, two] = topology.realtime;
    const a = openDoc(one!.url, owner, project.id);
    const b = openDoc(two!.url, owner, project.id);
    await Promise.all([a.synced, b.synced]);
    const socketOnTwo = await liveSocket(two!.url, owner);
    const event = next(socketOnTwo, 'task:updated', 10_000);

    const res = await owner.request('PATCH', `/api/tasks/${tasks[1]!.id}`, { name: 'From REST', changeReason: 'scaled' });
    expect(res.status).toBe(200);
    await eventually(() => [readTask(a.doc, tasks[1]!.id)?.name, readTask(b.doc, tasks[1]!.id)?.name], (n) => n.every((x) => x === 'From REST'), 10_000);
    expect(await event).toMatchObject({ task: { id: tasks[1]!.id } });
  }, 60_000);

  it('[scaled-leveling] leveling applied through the api process keeps each move’s reason in the history', async () => {
    const owner = await signedIn();
    const team = (await owner.post('/api/teams', { name: 'Levelled team' })).body as { id: string };
    const myId = ((await owner.get('/api/auth/user')).body as { id: string }).id;
    const project = (await owner.post('/api/projects', { name: 'Levelled', teamId: team.id })).body as { id: string };
    // A browser on a realtime process opens the document first: that process owns and stores it, and the api
    // process relays its edits (the tasks below, and the leveling).
    const browser = openDoc(topology.realtime[0]!.url, owner, project.id);
    await browser.synced;
    const make = async (body: Record<string, unknown>) => ((await owner.post('/api/tasks', { projectId: project.id, ...body })).body as { id: string }).id;
    const hull = await make({ name: 'Hull', startDate: '2026-12-07', endDate: '2026-12-11', assigneeIds: [myId], priority: 'high' });
    const sails = await make({ name: 'Sails', startDate: '2026-12-07', endDate: '2026-12-09', assigneeIds: [myId], priority: 'low' });
    const rigging = await make({ name: 'Rigging', startDate: '2026-12-10', endDate: '2026-12-10' });
    expect((await owner.post(`/api/tasks/${rigging}/dependencies`, { dependsOnTaskId: sails })).status).toBe(201);
    const res = await owner.post(`/api/projects/${project.id}/level`, { preview: false });
    expect(res.status).toBe(200);
    expect(res.body.moves.map((m: { taskId: string }) => m.taskId)).toEqual([hull]);
    await eventually(
      async () => ((await owner.get(`/api/tasks/${hull}/history`)).body as { fieldName: string; changeReason: string | null }[]).find((h) => h.fieldName === 'startDate'),
      (h) => h?.changeReason?.startsWith('Levelled: ') === true,
      10_000,
    );
  }, 60_000);

  it('[scaled-events] a join request raised through the api reaches the owner on either realtime process', async () => {
    const owner = await signedIn();
    const team = (await owner.post('/api/teams', { name: 'Hiring' })).body as { id: string; teamCode: string };
    const [one, two] = topology.realtime;
    const ownerOnOne = await liveSocket(one!.url, owner);
    const ownerOnTwo = await liveSocket(two!.url, owner);
    const created = [next(ownerOnOne, 'joinRequest:created'), next(ownerOnTwo, 'joinRequest:created')];

    const asker = await signedIn();
    const askerOnOne = await liveSocket(one!.url, asker);
    const ask = await asker.post('/api/teams/request-join', { teamCode: team.teamCode });
    expect(ask.status).toBe(201);
    for (const payload of await Promise.all(created)) expect(payload).toMatchObject({ teamId: team.id, request: { id: ask.body.id } });

    // Approval moves the asker's socket (held by a realtime process, not the api) into the team's room.
    const access = next(askerOnOne, 'access:changed');
    await owner.post(`/api/teams/join-requests/${ask.body.id}/respond`, { response: 'approved' });
    await access;
    const projectSeen = next(askerOnOne, 'project:created');
    const project = (await owner.post('/api/projects', { name: 'Seen by the new member', teamId: team.id })).body as { id: string };
    expect(await projectSeen).toMatchObject({ project: { id: project.id } });
  }, 60_000);

  it('[scaled-chat] chat messages and who is online cross realtime processes; the api reads presence from both', async () => {
    const owner = await signedIn();
    const team = (await owner.post('/api/teams', { name: 'Chat across' })).body as { id: string };
    const link = await owner.get(`/api/teams/${team.id}/invite-link?role=member`);
    const member = await signedIn();
    expect((await member.post('/api/teams/join', { token: new URL(link.body.inviteLink).searchParams.get('token') })).status).toBe(200);
    const ownerId = (await owner.get('/api/auth/user')).body.id as string;
    const memberId = (await member.get('/api/auth/user')).body.id as string;
    const [one, two] = topology.realtime;
    const ownerOnOne = await liveSocket(one!.url, owner);
    const told: { online: string[] }[] = [];
    ownerOnOne.on('chat:presence', (p: { online: string[] }) => told.push(p));
    const memberOnTwo = await liveSocket(two!.url, member);
    const both = [ownerId, memberId].sort();
    // Told by the process where the member joined, to the owner's socket on the other.
    await eventually(() => told.at(-1)?.online, (online) => JSON.stringify(online) === JSON.stringify(both), 10_000);
    expect((await owner.get(`/api/teams/${team.id}/chat/presence`)).body.online).toEqual(both);

    const received = next(ownerOnOne, 'chat:message');
    const posted = await member.post(`/api/teams/${team.id}/chat`, { message: 'from process two' });
    expect(posted.status).toBe(201);
    expect(await received).toMatchObject({ teamId: team.id, message: { id: posted.body.id, message: 'from process two' } });

    memberOnTwo.disconnect();
    await eventually(() => told.at(-1)?.online, (online) => JSON.stringify(online) === JSON.stringify([ownerId]), 10_000);
    expect((await owner.get(`/api/teams/${team.id}/chat/presence`)).body.online).toEqual([ownerId]);
  }, 60_000);

  it('[scaled-failover] killing a realtime process moves its clients to the other, with nothing lost', async () => {
    const owner = await signedIn();
    const { project, tasks } = await projectWithTasks(owner, 8);
    // Through the proxy, as browsers connect: round robin spreads them over both processes.
    const clients = [0, 1, 2, 3].map(() => openDoc(topology.url, owner, project.id));
    await Promise.all(clients.map((c) => c.synced));

    let stop = false;
    const written = new Map<string, string>();
    const editing = (async () => {
      for (let n = 0; !stop; n++) {
        const client = clients[n % clients.length]!;
        const task = tasks[n % tasks.length]!;
        const name = `round ${n}`;
        client.doc.transact(() => writeTask(client.doc, task.id, { name }));
        written.set(task.id, name);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    await new Promise((r) => setTimeout(r, 500));
    await topology.realtime[0]!.kill();
    await new Promise((r) => setTimeout(r, 1500));
    stop = true;
    await editing;

    // Everyone converges on the same document, and it is what is stored.
    await eventually(
      () => tasks.map((t) => new Set(clients.map((c) => readTask(c.doc, t.id)?.name)).size),
      (sizes) => sizes.every((s) => s === 1),
      20_000,
    );
    await allAgree(owner, project.id, clients, 20_000);
    // Each task is always written by the same client (task n % 8, client n % 4), one write after another, so
    // its last write must win everywhere: an edit lost in the dead process would leave an older name.
    const rows = await rowsOf(owner, project.id);
    for (const task of tasks) expect(rows.find((r) => r.id === task.id)!.name).toBe(written.get(task.id));
    // Later tests need both realtime processes again.
    await topology.restartRealtime(0);
  }, 90_000);

  it('[scaled-redis-restart] Redis going away and coming back loses no edit', async () => {
    const owner = await signedIn();
    const { project, tasks } = await projectWithTasks(owner, 4);
    const survivor = topology.realtime.find((r) => r !== topology.realtime[0]) ?? topology.realtime[1]!;
    const a = openDoc(survivor.url, owner, project.id);
    await a.synced;

    await topology.redis.kill();
    // Work on one process goes on: the document edit is accepted and persisted without Redis.
    a.doc.transact(() => writeTask(a.doc, tasks[0]!.id, { name: 'While Redis was down' }));
    // A REST edit made meanwhile completes once Redis is back.
    const rest = owner.request('PATCH', `/api/tasks/${tasks[1]!.id}`, { progress: 42, changeReason: 'redis down' });
    await new Promise((r) => setTimeout(r, 1500));
    await topology.redis.start();
    expect((await rest).status).toBe(200);

    await eventually(() => readTask(a.doc, tasks[1]!.id)?.progress, (p) => p === 42, 20_000);
    await allAgree(owner, project.id, [a], 20_000);
    const rows = await rowsOf(owner, project.id);
    expect(rows.find((r) => r.id === tasks[0]!.id)?.name).toBe('While Redis was down');
    expect(rows.find((r) => r.id === tasks[1]!.id)?.progress).toBe(42);
  }, 90_000);
  it('[scaled-removal] a removed member loses an open document on whichever realtime process holds it', async () => {
    const owner = await signedIn();
    const { team, project, tasks } = await projectWithTasks(owner, 1);
    const link = await owner.get(`/api/teams/${team.id}/invite-link?role=member`);
    const member = await signedIn();
    expect((await member.post('/api/teams/join', { token: new URL(link.body.inviteLink).searchParams.get('token') })).status).toBe(200);
    const [one, two] = topology.realtime;
    const memberDoc = openDoc(one!.url, member, project.id);
    const ownerDoc = openDoc(two!.url, owner, project.id);
    await Promise.all([memberDoc.synced, ownerDoc.synced]);
    const userId = (await member.get('/api/auth/user')).body.id as string;

    expect((await owner.request('DELETE', `/api/teams/${team.id}/members/${userId}`)).status).toBeLessThan(300);
    // The api process holds no sockets: the close travels to the realtime process that has the connection.
    await eventually(() => memberDoc.provider.isSynced, (synced) => !synced, 10_000);
    memberDoc.doc.transact(() => writeTask(memberDoc.doc, tasks[0]!.id, { name: 'Written after removal' }));
    ownerDoc.doc.transact(() => writeTask(ownerDoc.doc, tasks[0]!.id, { progress: 5 }));
    await eventually(async () => (await rowsOf(owner, project.id))[0]?.progress, (p) => p === 5, 10_000);
    expect((await rowsOf(owner, project.id))[0]?.name).toBe('T0');
    expect(readTask(ownerDoc.doc, tasks[0]!.id)?.name).toBe('T0');
  }, 60_000);
});
