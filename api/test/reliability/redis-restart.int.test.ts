import { randomUUID } from 'node:crypto';
import { SOCKET_IO_PATH } from '@planline/domain';
import { fieldValue, readTask, writeTask } from '@planline/document';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { eventually, openProjectDocument, type DocClient } from '../collab-client.js';
import { ApiClient, newAccount } from '../harness.js';
import { scaledTopologyAvailable, startScaledTopology, type ScaledTopology } from '../topology.js';
import { recordFigures, soakCount } from './soak.js';

// Issue 9, Redis stopped and restarted under continuous load in scaled mode (the docker-compose topology as
// plain processes, with a Redis of the test's own). Four document clients, two on the realtime process that
// owns the project's document and two on the other, and a REST writer through nginx, edit without pause.
// While Redis is down, the owner's clients are still stored (single-instance work goes on); once it is back,
// fan-out resumes (documents across processes, Socket.IO events), and in the end every client, and the rows,
// hold each writer's last edit. Runs when DATABASE_URL and REDIS_URL are set and redis-server and nginx exist.
const available = scaledTopologyAvailable();
const RESTARTS = soakCount('SOAK_REDIS_RESTARTS', 1, 5);
const EDIT_PAUSE_MS = 40;

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

type Row = { id: string; name: string; progress: number };

/** n of 'client k edit n' (-1 for anything else). */
const editNumber = (name: unknown) => (typeof name === 'string' && /^client \d+ edit \d+$/.test(name) ? Number(name.split(' ').at(-1)) : -1);

describe.runIf(available)('Redis restarted under load (scaled mode)', () => {
  it(`[redis-restart] ${RESTARTS} Redis restart(s) under load: the owner's clients are stored meanwhile, fan-out resumes, nothing is lost`, { timeout: 120_000 + RESTARTS * 60_000 }, async () => {
    onTestFailed(() => {
      for (const p of [topology.api, ...topology.realtime]) console.log(`process ${p.port}:\n${p.output().slice(-6000)}`);
    });
    const owner = new ApiClient(topology.url);
    expect((await owner.post('/api/auth/register', newAccount())).status).toBe(201);
    const team = (await owner.post('/api/teams', { name: 'Redis outage' })).body as { id: string };
    const project = (await owner.post('/api/projects', { name: 'Fan-out', teamId: team.id })).body as { id: string };
    const rows = async (): Promise<Row[]> => (await owner.get(`/api/projects/${project.id}/tasks`)).body;
    const [ownerProcess, otherProcess] = topology.realtime;

    // The first client opens the document on realtime 1, which takes the lock and owns it for the whole test;
    // the tasks are made in the document, so the api process does not load (and own) it first.
    const open = (url: string) => {
      const doc = openProjectDocument(url, owner.cookieHeader, project.id);
      docs.push(doc);
      return doc;
    };
    const first = open(ownerProcess!.url);
    await first.synced;
    const taskIds = Array.from({ length: 10 }, () => randomUUID());
    first.doc.transact(() => taskIds.forEach((id, i) => writeTask(first.doc, id, { name: `T${i}`, startDate: '2026-11-23', endDate: '2026-11-30' })));
    await eventually(async () => (await rows()).length, (n) => n === 10, 20_000);
    const clients = [first, open(ownerProcess!.url), open(otherProcess!.url), open(otherProcess!.url)];
    await Promise.all(clients.map((c) => c.synced));
    const socket = connectSocket(otherProcess!.url, { path: SOCKET_IO_PATH, transports: ['websocket'], extraHeaders: { cookie: owner.cookieHeader } });
    sockets.push(socket);
    let events = 0;
    socket.on('task:updated', () => (events += 1));
    await new Promise<void>((resolve, reject) => {
      socket.once('session:ready', () => resolve());
      socket.once('connect_error', reject);
    });

    // Continuous load. Client k writes only tasks 2k and 2k+1, one write after another, so its last write must
    // win everywhere; the REST writer owns tasks 8 and 9 and records what was acknowledged.
    let stop = false;
    const lastWritten = new Map<string, string>();
    const restSent = new Map<string, number[]>();
    const restAcked = new Map<string, number>();
    const figures = { restarts: 0, documentEdits: 0, restEdits: 0, restAcknowledged: 0, restFailures: 0, fivexx: 0, storedDuringOutage: 0, socketEventsAfterRestart: 0 };
    const restFailures: string[] = [];
    const documentLoad = clients.map(async (client, k) => {
      for (let n = 0; !stop; n++) {
        const taskId = taskIds[2 * k + (n % 2)]!;
        const name = `client ${k} edit ${n}`;
        client.doc.transact(() => writeTask(client.doc, taskId, { name }));
        lastWritten.set(taskId, name);
        figures.documentEdits += 1;
        await new Promise((r) => setTimeout(r, EDIT_PAUSE_MS));
      }
    });
    const restLoad = (async () => {
      for (let n = 1; !stop; n++) {
        const taskId = taskIds[8 + (n % 2)]!;
        const progress = n % 101;
        restSent.set(taskId, [...(restSent.get(taskId) ?? []), progress]);
        figures.restEdits += 1;
        const res = await owner.request('PATCH', `/api/tasks/${taskId}`, { progress, changeReason: `load ${n}` });
        if (res.status === 200) {
          restAcked.set(taskId, restSent.get(taskId)!.length);
          figures.restAcknowledged += 1;
        } else {
          restFailures.push(`${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
          figures.restFailures += 1;
          if (res.status >= 500) figures.fivexx += 1;
        }
      }
    })();

    const nameOf = (all: Row[], id: string) => all.find((r) => r.id === id)?.name;
    try {
      for (let round = 1; round <= RESTARTS; round++) {
        // Load is flowing: the other process's clients reach the rows (through Redis and the owner).
        const before = lastWritten.get(taskIds[4]!);
        await eventually(async () => nameOf(await rows(), taskIds[4]!), (name) => !!name && name !== 'T4' && name !== before, 20_000);

        await topology.redis.kill();
        // Single-instance work goes on: edits made on the owner's process after the kill are stored.
        const mark = editNumber(lastWritten.get(taskIds[0]!));
        await eventually(async () => nameOf(await rows(), taskIds[0]!), (name) => editNumber(name) > mark + 5, 20_000);
        figures.storedDuringOutage += 1;

        await topology.redis.start();
        figures.restarts += 1;
        // Fan-out resumes: an edit on either process shows up in the other's documents, and Socket.IO events
        // sent by the owner reach the socket held by the other process.
        const eventsAtRestart = events;
        const writtenOnOther = editNumber(lastWritten.get(taskIds[4]!));
        await eventually(() => readTask(clients[0]!.doc, taskIds[4]!), (task) => editNumber(task?.name) > writtenOnOther + 5, 30_000);
        const writtenOnOwner = editNumber(lastWritten.get(taskIds[0]!));
        await eventually(() => readTask(clients[3]!.doc, taskIds[0]!), (task) => editNumber(task?.name) > writtenOnOwner + 5, 30_000);
        await eventually(() => events, (n) => n > eventsAtRestart + 5, 30_000);
        figures.socketEventsAfterRestart += events - eventsAtRestart;
      }
    } finally {
      stop = true;
      await Promise.all([...documentLoad, restLoad]);
    }

    // Everyone converges on the same document, it is what is stored, and each writer's last edit won.
    await eventually(
      async () => {
        const stored = await rows();
        return clients.every((c) => stored.every((r) => readTask(c.doc, r.id)?.name === r.name && fieldValue('progress', readTask(c.doc, r.id)?.progress) === r.progress));
      },
      Boolean,
      30_000,
    );
    const stored = await rows();
    const lost: string[] = [];
    for (const id of taskIds.slice(0, 8)) {
      if (nameOf(stored, id) !== lastWritten.get(id)) lost.push(`${id}: stored ${nameOf(stored, id)}, last written ${lastWritten.get(id)}`);
    }
    for (const [id, acked] of restAcked) {
      const progress = stored.find((r) => r.id === id)!.progress;
      if (!restSent.get(id)!.slice(acked - 1).includes(progress)) lost.push(`${id}: stored progress ${progress}, sent ${restSent.get(id)!.join(',')}, ${acked} acknowledged`);
    }
    recordFigures('redis-restart', { ...figures, lost: lost.length, restFailureAnswers: restFailures.slice(0, 5) });
    expect(lost).toEqual([]);
    expect(figures.fivexx).toBe(0);
    expect(figures.restAcknowledged).toBeGreaterThan(0);
  });
});
