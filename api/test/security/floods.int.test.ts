import { randomBytes, randomUUID } from 'node:crypto';
import { CloseCode, MAX_MESSAGE_BYTES, projectDocumentName, SOCKET_IO_PATH } from '@planline/domain';
import { tasksMap, writeTask } from '@planline/document';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { eventually, openProjectDocument, type DocClient } from '../collab-client.js';
import { startTestServer } from '../harness.js';
import { frames, MessageType, openAuthenticated, rawCollab, sleep } from './collab-frames.js';
import { writeFigures } from './figures.js';
import { buildWorld, type World } from './world.js';

/**
 * [realtime-limits] Issue #9 / ARCHITECTURE §4: oversized frames, malformed Yjs messages and an awareness flood
 * close the offending connection only. The process stays up, the abuser's other connections and everyone
 * else's keep working, and another project's edits still make the round trip within 200 ms (a stated
 * requirement; measured here while the abuse runs).
 */
const ROUND_TRIP_LIMIT_MS = 200;
const server = await startTestServer();
let world: World;
/** Two owners' views of the other team's project: the bystanders whose round trip is measured. */
let sender: DocClient;
let receiver: DocClient;
const figures: Record<string, unknown> = { roundTripLimitMs: ROUND_TRIP_LIMIT_MS };
const opened: { close(): void }[] = [];

beforeAll(async () => {
  world = await buildWorld(server);
  sender = openProjectDocument(server.url, world.other.owner.client.cookieHeader, world.other.project.id);
  receiver = openProjectDocument(server.url, world.other.owner.client.cookieHeader, world.other.project.id);
  opened.push(sender, receiver);
  await Promise.all([sender.synced, receiver.synced]);
});
afterAll(async () => {
  opened.forEach((c) => c.close());
  writeFigures('realtime-limits', figures);
  await server.stop();
});

let progress = 0;
/** One edit in the other project, from one client's document until the other client's shows it. */
async function roundTrip(): Promise<number> {
  progress = (progress % 99) + 1;
  const value = progress;
  const taskId = world.other.task.id;
  const seen = new Promise<void>((resolve) => {
    const check = () => {
      if (tasksMap(receiver.doc).get(taskId)?.get('progress') === value) {
        tasksMap(receiver.doc).unobserveDeep(check);
        resolve();
      }
    };
    tasksMap(receiver.doc).observeDeep(check);
  });
  const started = performance.now();
  sender.doc.transact(() => writeTask(sender.doc, taskId, { progress: value }));
  await Promise.race([seen, sleep(2000)]);
  return performance.now() - started;
}

/** REST read of the other project, for the same requirement on the HTTP side. */
async function restRoundTrip(): Promise<number> {
  const started = performance.now();
  const res = await world.other.owner.client.get(`/api/projects/${world.other.project.id}/tasks`);
  expect(res.status).toBe(200);
  return performance.now() - started;
}

/** Samples both round trips while `abuse` runs; returns the slowest of each. */
async function bystandersDuring(abuse: Promise<unknown>, samples = 6): Promise<{ document: number; rest: number }> {
  const docs: number[] = [];
  const rests: number[] = [];
  let done = false;
  void abuse.finally(() => (done = true));
  for (let i = 0; i < samples || !done; i++) {
    docs.push(await roundTrip());
    rests.push(await restRoundTrip());
    if (i > 50) break;
    await sleep(20);
  }
  await abuse;
  return { document: Math.max(...docs), rest: Math.max(...rests) };
}

const openRaw = (cookie: string, projectId: string) => openAuthenticated(server.url, cookie, projectId, opened);

function memberSocket(): Promise<Socket> {
  const socket = connectSocket(server.url, {
    path: SOCKET_IO_PATH,
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: { cookie: world.users.member.client.cookieHeader },
  });
  opened.push({ close: () => socket.disconnect() });
  return new Promise((resolve, reject) => {
    socket.once('session:ready', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

async function processAnswers() {
  expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
}

describe('realtime limits: the abuser is closed, nobody else notices', () => {
  it('[realtime-limits] baseline: the other project\'s round trip is well inside 200 ms', async () => {
    const before = { document: Math.max(await roundTrip(), await roundTrip(), await roundTrip()), rest: await restRoundTrip() };
    figures.baselineMs = before;
    expect(before.document).toBeLessThan(ROUND_TRIP_LIMIT_MS);
    expect(before.rest).toBeLessThan(ROUND_TRIP_LIMIT_MS);
  });

  it('[realtime-limits] an oversized /collab frame (2 MB) closes that WebSocket with 1009; the user\'s other one stays', async () => {
    const bystander = await openRaw(world.users.member.client.cookieHeader, world.own.project.id);
    const abuser = await openRaw(world.users.member.client.cookieHeader, world.own.project.id);
    const name = projectDocumentName(world.own.project.id);
    const worst = await bystandersDuring(
      (async () => {
        abuser.ws.send(frames.raw(name, MessageType.Sync, randomBytes(2 * MAX_MESSAGE_BYTES)));
        return abuser.closed;
      })(),
    );
    expect((await abuser.closed).code).toBe(CloseCode.MessageTooBig);
    figures.oversizedCollabFrame = worst;
    expect(worst.document).toBeLessThan(ROUND_TRIP_LIMIT_MS);
    expect(worst.rest).toBeLessThan(ROUND_TRIP_LIMIT_MS);
    expect(bystander.ws.readyState).toBe(bystander.ws.OPEN);
    await processAnswers();
  });

  it('[realtime-limits] an oversized Socket.IO message (2 MB) disconnects that socket only', async () => {
    const abuser = await memberSocket();
    const bystander = await memberSocket();
    const gone = new Promise<string>((resolve) => abuser.once('disconnect', (reason) => resolve(reason)));
    const worst = await bystandersDuring(
      (async () => {
        abuser.emit('anything', 'x'.repeat(2 * MAX_MESSAGE_BYTES));
        return gone;
      })(),
    );
    expect(await gone).toMatch(/transport (close|error)/);
    figures.oversizedSocketIoMessage = worst;
    expect(worst.document).toBeLessThan(ROUND_TRIP_LIMIT_MS);
    expect(bystander.connected).toBe(true);
    await processAnswers();
  });

  /** A leading varint of 120 entries: each takes at least 2 bytes, more than the 64 that follow can hold. */
  const UNFILLABLE_COUNT = 120;
  const malformed: [string, (name: string) => Uint8Array][] = [
    // Random bytes after a count they cannot fill: bare random bytes are now and then a valid (tiny) update or state
    // vector, which is rightly accepted, and the test would wait for a close that never comes.
    ['a Yjs update of random bytes', (name) => frames.update(name, Uint8Array.from([UNFILLABLE_COUNT, ...randomBytes(63)]))],
    ['a truncated Yjs update', (name) => {
      const doc = new Y.Doc();
      writeTask(doc, randomUUID(), { name: 'Cut short', startDate: '2026-07-01', endDate: '2026-07-02' });
      const update = Y.encodeStateAsUpdate(doc);
      return frames.update(name, update.subarray(0, update.length - 5));
    }],
    ['a state vector of random bytes', (name) => frames.syncStep1(name, Uint8Array.from([UNFILLABLE_COUNT, ...randomBytes(31)]))],
    ['a frame whose header does not parse', () => Uint8Array.from([0xff, 0xff, 0xff, 0xff, 0xff, 0xff])],
    ['a length prefix past the end of the frame', (name) => Uint8Array.from([...frames.raw(name, MessageType.Sync, new Uint8Array()), 2, 0xff, 0xff, 0x7f])],
  ];
  for (const [what, make] of malformed) {
    it(`[realtime-limits] ${what} closes that connection (${CloseCode.BadMessage}) and changes nothing`, async () => {
      const errors = vi.spyOn(console, 'error');
      const abuser = await openRaw(world.users.member.client.cookieHeader, world.own.project.id);
      const bystander = await openRaw(world.users.admin.client.cookieHeader, world.own.project.id);
      const name = projectDocumentName(world.own.project.id);
      const before = Y.encodeStateVector(server.realtime.hocuspocus.documents.get(name)!);
      abuser.ws.send(make(name));
      const closed = await abuser.closed;
      expect(closed).toEqual({ code: CloseCode.BadMessage, reason: 'malformed message' });
      expect(Y.encodeStateVector(server.realtime.hocuspocus.documents.get(name)!)).toEqual(before);
      expect(bystander.ws.readyState).toBe(bystander.ws.OPEN);
      // The server is not held up: the best of three round trips (one can meet another test file's work on a
      // busy runner; a server stuck on the frame would make all three slow).
      expect(Math.min(await roundTrip(), await roundTrip(), await roundTrip())).toBeLessThan(ROUND_TRIP_LIMIT_MS);
      // Refused before Hocuspocus reads it: nothing of it on stderr.
      expect(errors).not.toHaveBeenCalled();
      errors.mockRestore();
      await processAnswers();
    });
  }

  it('[awareness-rate-limit] a flood of 1,000 awareness messages a second is closed (4429) within a second; the rest carry on', async () => {
    const abuser = await openRaw(world.users.member.client.cookieHeader, world.own.project.id);
    const bystander = await openRaw(world.users.admin.client.cookieHeader, world.own.project.id);
    const name = projectDocumentName(world.own.project.id);
    const clientId = Math.floor(Math.random() * 2 ** 30);
    let sent = 0;
    const started = performance.now();
    const flood = (async () => {
      // 10 messages every 10 ms, for at most 3 seconds or until the server closes us.
      while (abuser.ws.readyState === abuser.ws.OPEN && performance.now() - started < 3000) {
        for (let i = 0; i < 10; i++) {
          sent += 1;
          abuser.send(frames.awareness(name, clientId, sent, { user: { id: randomUUID(), name: `flood ${sent}`, color: '#123456' } }));
        }
        await sleep(10);
      }
      return abuser.closed;
    })();
    const worst = await bystandersDuring(flood);
    const closed = await abuser.closed;
    const closedAfterMs = performance.now() - started;
    figures.awarenessFlood = { ...worst, sentBeforeClose: sent, closedAfterMs: Math.round(closedAfterMs) };
    expect(closed).toEqual({ code: CloseCode.RateLimited, reason: 'awareness rate limit exceeded' });
    expect(sent).toBeLessThan(1000);
    expect(worst.document).toBeLessThan(ROUND_TRIP_LIMIT_MS);
    expect(worst.rest).toBeLessThan(ROUND_TRIP_LIMIT_MS);
    expect(bystander.ws.readyState).toBe(bystander.ws.OPEN);
    await processAnswers();
  });

  it('[awareness-rate-limit] a real drag (20 awareness updates a second, with bursts) is never limited', async () => {
    const dragger = await openRaw(world.users.member.client.cookieHeader, world.own.project.id);
    const name = projectDocumentName(world.own.project.id);
    const clientId = Math.floor(Math.random() * 2 ** 30);
    // A burst of 40 (a tab coming back), then three seconds of a drag at the web's 50 ms throttle.
    for (let clock = 1; clock <= 40; clock++) dragger.send(frames.awareness(name, clientId, clock, { user: { id: randomUUID(), name: 'drag', color: '#123456' } }));
    for (let clock = 41; clock < 101; clock++) {
      dragger.send(frames.awareness(name, clientId, clock, { user: { id: randomUUID(), name: 'drag', color: '#123456' } }));
      await sleep(50);
    }
    await sleep(100);
    expect(dragger.ws.readyState).toBe(dragger.ws.OPEN);
  });

  it('[socket-rate-limit] a Socket.IO client flooding events (1,000 a second) is disconnected within a second; the rest carry on', async () => {
    const abuser = await memberSocket();
    const bystander = await memberSocket();
    const gone = new Promise<number>((resolve) => abuser.once('disconnect', () => resolve(performance.now())));
    let sent = 0;
    const started = performance.now();
    const flood = (async () => {
      // 10 events every 10 ms (clients send nothing over Socket.IO), for at most 3 seconds or until cut off.
      while (abuser.connected && performance.now() - started < 3000) {
        for (let i = 0; i < 10; i++) abuser.emit('flood', ++sent);
        await sleep(10);
      }
      return Promise.race([gone, sleep(1000).then(() => null)]);
    })();
    const worst = await bystandersDuring(flood);
    const closedAt = await flood;
    expect(closedAt, 'the flooding socket was never disconnected').not.toBeNull();
    const closedAfterMs = closedAt! - started;
    figures.socketIoFlood = { ...worst, sentBeforeClose: sent, closedAfterMs: Math.round(closedAfterMs) };
    expect(abuser.connected).toBe(false);
    expect(closedAfterMs).toBeLessThan(1000);
    expect(worst.document).toBeLessThan(ROUND_TRIP_LIMIT_MS);
    expect(worst.rest).toBeLessThan(ROUND_TRIP_LIMIT_MS);
    // The bystander (same user, another socket) is still connected and still hears the server.
    expect(bystander.connected).toBe(true);
    const heard = new Promise<void>((resolve) => bystander.once('project:updated', () => resolve()));
    const sentAt = performance.now();
    await world.own.owner.client.request('PATCH', `/api/projects/${world.own.project.id}`, { description: `after the flood ${sent}` });
    await heard;
    expect(performance.now() - sentAt).toBeLessThan(ROUND_TRIP_LIMIT_MS);
    await processAnswers();
  });

  it('[socket-rate-limit] a few stray events (a burst of 20, then 5 a second) do not disconnect', async () => {
    const socket = await memberSocket();
    for (let i = 0; i < 20; i++) socket.emit('join', `project:${world.other.project.id}`);
    for (let i = 0; i < 10; i++) {
      await sleep(200);
      socket.emit('hello', i);
    }
    await sleep(100);
    expect(socket.connected).toBe(true);
  });

  it('[realtime-limits] messages for a refused document are not queued without end: the connection is closed (4400)', async () => {
    const outsider = rawCollab(server.url, world.users.outsider.client.cookieHeader);
    opened.push(outsider);
    await outsider.opened;
    const name = projectDocumentName(world.own.project.id);
    outsider.send(frames.auth(name));
    await eventually(() => outsider.auth.get(name), (a) => a === 'denied');
    // Well-formed updates of 64 KB each: Hocuspocus would hold every one in memory, waiting for an auth that
    // has already been refused.
    const doc = new Y.Doc();
    writeTask(doc, randomUUID(), { name: 'Queued', description: 'q'.repeat(64 * 1024), startDate: '2026-07-01', endDate: '2026-07-02' });
    const update = frames.update(name, Y.encodeStateAsUpdate(doc));
    for (let i = 0; i < 200 && outsider.ws.readyState === outsider.ws.OPEN; i++) outsider.send(update);
    expect(await outsider.closed).toEqual({ code: CloseCode.BadMessage, reason: 'too many messages for a document that is not open' });
    await processAnswers();
  });
});
