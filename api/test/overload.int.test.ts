import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { CloseCode, COLLAB_PATH, projectDocumentName, SOCKET_IO_PATH } from '@planline/domain';
import { readTask, writeTask } from '@planline/document';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { socketHeartbeat } from '@planline/realtime';
import { eventually, openProjectDocument, type DocClient } from './collab-client.js';
import { joinedMember, startTestServer, teamWithOwner, type ClientUser } from './harness.js';
import { frames } from './security/collab-frames.js';

/**
 * [overload] Issue 34 item 9: at 100 editors and 400 viewers the server disconnected all 500 clients. Hocuspocus
 * closed every connection whose pong the event loop had not read by the next ping, so a loop running late past one
 * ping interval dropped everyone at once. Now an overloaded server keeps its clients (slower), tells new ones it is
 * busy (CloseCode.Busy) until it catches up, and still cuts a client that really answers nothing.
 *
 * The server runs in this process, so busy work here is the server's event loop running late. The ping interval is
 * shortened to PING_MS so that the stalls are seconds, not minutes (Socket.IO's too, its timeout kept in proportion).
 */
const PING_MS = 200;
const server = await startTestServer({}, { collabPingIntervalMs: PING_MS, socketPingIntervalMs: PING_MS });
const open: { close(): void }[] = [];
let members: ClientUser[];
let projectId: string;
let taskId: string;

beforeAll(async () => {
  const { owner, team } = await teamWithOwner(server);
  members = [owner];
  for (let i = 0; i < 4; i++) members.push(await joinedMember(server, owner.client, team.id));
  projectId = ((await owner.client.post('/api/projects', { name: 'Busy', teamId: team.id })).body as { id: string }).id;
  taskId = (
    (await owner.client.post('/api/tasks', { projectId, name: 'Hull', startDate: '2026-11-23', endDate: '2026-11-27' })).body as { id: string }
  ).id;
});
afterEach(async () => {
  open.splice(0).forEach((c) => c.close());
  await eventually(connectionsOf, (n) => n === 0, 5000);
});
afterAll(async () => {
  await server.stop();
});

/**
 * A browser-like client that records every close code its socket sees once it is in. (Connecting on a loaded
 * machine, it may itself be told 4503 first: that is admission doing its work, not a drop.)
 */
async function client(member: ClientUser): Promise<DocClient & { closes: number[] }> {
  const c = openProjectDocument(server.url, member.client.cookieHeader, projectId);
  open.push(c);
  const closes: number[] = [];
  await c.synced;
  c.provider.on('close', ({ event }: { event?: { code?: number } }) => closes.push(event?.code ?? 0));
  return Object.assign(c, { closes });
}

const blocker = new Int32Array(new SharedArrayBuffer(4));

/**
 * Holds the event loop for `totalMs` in slices of `sliceMs`, letting one turn of I/O run between slices (as a server
 * flooded with work does: each turn long, every turn taken). The thread waits rather than spins, so the test files
 * running beside this one keep their core.
 */
async function overload(totalMs: number, sliceMs: number): Promise<void> {
  const end = performance.now() + totalMs;
  while (performance.now() < end) {
    // The event loop is late for everything meanwhile.
    Atomics.wait(blocker, 0, 0, Math.min(sliceMs, end - performance.now()));
    await new Promise((r) => setImmediate(r));
  }
}

/** The project's /collab connections on the server (not its own direct ones). */
const connectionsOf = () => server.realtime.hocuspocus.documents.get(projectDocumentName(projectId))?.getConnections().length ?? 0;

describe('[overload] an overloaded server slows down and says so; it does not drop everyone', () => {
  it('[overload] turns of the event loop longer than the ping interval, for seconds: every client stays, and edits still arrive', async () => {
    const clients = await Promise.all(members.map(client));
    expect(connectionsOf()).toBe(clients.length);
    // Each turn takes 2.5 ping intervals, for 15 intervals: a ping is out during nearly every turn.
    await overload(15 * PING_MS, 2.5 * PING_MS);
    // A few calm intervals: anything the checks decided during the overload has happened by now.
    await new Promise((r) => setTimeout(r, 4 * PING_MS));
    expect(clients.map((c) => c.closes)).toEqual(clients.map(() => []));
    expect(connectionsOf()).toBe(clients.length);
    // Still live both ways: an edit made now reaches every other client and the database.
    const [writer, ...readers] = clients;
    writer!.doc.transact(() => writeTask(writer!.doc, taskId, { name: 'Hull, after the overload' }));
    for (const reader of readers) await eventually(() => readTask(reader.doc, taskId)?.name, (n) => n === 'Hull, after the overload', 5000);
    await eventually(
      async () => (await server.dataSource.query(`SELECT name FROM tasks WHERE id = $1`, [taskId]))[0].name as string,
      (n) => n === 'Hull, after the overload',
      5000,
    );
  });

  it(`[overload] while the event loop runs seconds late, a new client is told the server is busy (${CloseCode.Busy}) and comes in once it has caught up`, async () => {
    const [stays, ...rest] = await Promise.all(members.slice(0, 2).map(client));
    const late = members[2]!;
    // Turns of 1.2 s: the server knows it is late after the first one.
    const overloaded = overload(6000, 1200);
    await new Promise((r) => setTimeout(r, 10));
    const newcomer = openProjectDocument(server.url, late.client.cookieHeader, projectId);
    open.push(newcomer);
    const closes: number[] = [];
    newcomer.provider.on('close', ({ event }: { event?: { code?: number } }) => closes.push(event?.code ?? 0));
    await overloaded;
    await Promise.race([newcomer.synced, new Promise((_, reject) => setTimeout(() => reject(new Error(`not synced; closes ${closes}`)), 15_000))]);
    // Told, not silently dropped: every refusal said busy, and it came in by itself.
    expect(closes.length).toBeGreaterThan(0);
    expect(new Set(closes)).toEqual(new Set([CloseCode.Busy]));
    // The clients that were in stayed in.
    expect([stays!, ...rest].flatMap((c) => c.closes)).toEqual([]);
    expect(connectionsOf()).toBe(3);
  });

  it('[overload] a client that answers nothing (no pong, no message) is still cut, after two ping intervals of silence', async () => {
    const c = await client(members[3]!);
    // A socket that never answers a ping: a peer gone without closing.
    const silent = new WebSocket(server.url.replace(/^http/, 'ws') + COLLAB_PATH, { headers: { cookie: members[4]!.client.cookieHeader }, autoPong: false });
    open.push({ close: () => silent.terminate() });
    const closed = new Promise<number>((resolve) => silent.on('close', (code) => resolve(code)));
    await new Promise((resolve, reject) => (silent.on('open', resolve), silent.on('error', reject)));
    const name = projectDocumentName(projectId);
    silent.send(frames.auth(name));
    silent.send(frames.syncStep1(name));
    await eventually(connectionsOf, (n) => n === 2, 5000);
    const started = performance.now();
    // Cut without a close frame (a dead peer could not answer one).
    expect(await closed).toBe(1006);
    const cutAfterMs = performance.now() - started;
    expect(cutAfterMs).toBeGreaterThanOrEqual(PING_MS);
    expect(cutAfterMs).toBeLessThan(10 * PING_MS);
    await eventually(connectionsOf, (n) => n === 1, 5000);
    // The client that answers stays.
    expect(c.closes).toEqual([]);
  });
});

/** A Socket.IO client in a child process (socket-client-process.mjs), with what it has said so far. */
interface SocketClient {
  process: ChildProcess;
  lines: Record<string, unknown>[];
}

const children: ChildProcess[] = [];
afterAll(() => children.forEach((child) => child.kill('SIGKILL')));

async function socketClient(member: ClientUser): Promise<SocketClient> {
  const script = fileURLToPath(new URL('./socket-client-process.mjs', import.meta.url));
  const child = spawn(process.execPath, [script, server.url, SOCKET_IO_PATH, member.client.cookieHeader], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  const lines: Record<string, unknown>[] = [];
  createInterface({ input: child.stdout! }).on('line', (line) => lines.push(JSON.parse(line) as Record<string, unknown>));
  await eventually(() => lines, (l) => l.some((line) => 'ready' in line || 'error' in line || 'disconnect' in line), 15_000);
  // Ready, and no error or disconnect (events such as the team chat's presence may come as well).
  expect(lines.filter((line) => !('event' in line))).toEqual([{ ready: { userId: member.user.id } }]);
  return { process: child, lines };
}

const socketsOnServer = async () => (await server.realtime.io.fetchSockets()).length;

describe('[overload] Socket.IO keeps its clients through an overload, and still cuts one that is gone', () => {
  afterEach(async () => {
    children.splice(0).forEach((child) => child.kill('SIGKILL'));
    await eventually(socketsOnServer, (n) => n === 0, 5000);
  });

  it('[overload] turns of the event loop 1.2 ping intervals long, for seconds: no client is disconnected, and events still arrive', async () => {
    const clients = await Promise.all(members.slice(0, 3).map(socketClient));
    expect(await socketsOnServer()).toBe(3);
    // With engine.io's own proportion (a timeout of 0.8 intervals) each of these turns outlasts the pong's timeout
    // on the server and the ping's on the clients, and every socket is closed ("ping timeout").
    await overload(15 * PING_MS, 1.2 * PING_MS);
    await new Promise((r) => setTimeout(r, 4 * PING_MS));
    expect(clients.map((c) => c.lines.filter((line) => 'disconnect' in line))).toEqual(clients.map(() => []));
    expect(await socketsOnServer()).toBe(3);
    // Still live: a change made now reaches every client.
    expect((await members[0]!.client.request('PATCH', `/api/tasks/${taskId}`, { name: 'Hull, heard after the overload' })).status).toBe(200);
    for (const c of clients) await eventually(() => c.lines, (l) => l.some((line) => line.event === 'task:updated'), 5000);
  });

  it('[overload] a client that is gone (its process stopped, its connection left open) is cut after the ping timeout', async () => {
    const [gone, stays] = await Promise.all(members.slice(0, 2).map(socketClient));
    gone!.process.kill('SIGSTOP');
    const started = performance.now();
    await eventually(socketsOnServer, (n) => n === 1, 30 * PING_MS);
    const cutAfterMs = performance.now() - started;
    const { pingTimeout } = socketHeartbeat(PING_MS);
    expect(cutAfterMs).toBeGreaterThanOrEqual(pingTimeout);
    gone!.process.kill('SIGCONT');
    expect(stays!.lines.filter((line) => 'disconnect' in line)).toEqual([]);
  });
});
