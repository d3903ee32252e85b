import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import {
  CloseCode,
  EDITS_BURST,
  projectDocumentName,
  TASKS_ADDED_BURST,
  TASKS_ADDED_PER_SECOND,
  TOO_MANY_CHANGES_MESSAGE,
} from '@planline/domain';
import { tasksMap, writeTask } from '@planline/document';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { eventually } from '../collab-client.js';
import { startTestServer } from '../harness.js';
import { frames, openAuthenticated, type RawCollab, sleep } from './collab-frames.js';
import { writeFigures } from './figures.js';
import { buildWorld, type World } from './world.js';

/**
 * [write-budgets] Issue 34 items 1 and 8: budgets per person (and per project for new tasks) over all their
 * connections and write paths. Two document connections of one guest renaming tasks as fast as they could made
 * `GET /api/health` take 27 s on the embedded database; one person with 25 connections added 5,000 tasks in 4.5 s.
 * The floods here are bounded (a few seconds, a few thousand messages, 127.0.0.1 only) and measured: health and
 * another project's REST edit are timed during and after them.
 */
const BYSTANDER_LIMIT_MS = 200;
/** What health and another project's edit may take once a flood has been closed. */
const AFTER_FLOOD_LIMIT_MS = 1000;
/** Renames each flooding connection sends: over the burst of one person's budget, together. */
const RENAMES_PER_CONNECTION = 400;
const server = await startTestServer();
let world: World;
const opened: { close(): void }[] = [];
const figures: Record<string, unknown> = {};

beforeAll(async () => {
  world = await buildWorld(server);
});
afterAll(async () => {
  opened.forEach((c) => c.close());
  writeFigures('write-budgets', figures);
  await server.stop();
});

/** Its copy holds the server's document (sync step 2), so its edits build on it. */
const openRaw = (cookie: string, projectId: string) =>
  openAuthenticated(server.url, cookie, projectId, opened, { timeoutMs: 15_000, untilTasks: true });

/** Sends each of the connection's own edits as an update message, as a client would. */
function sendEdits(raw: RawCollab, projectId: string): void {
  const name = projectDocumentName(projectId);
  raw.doc.on('update', (update: Uint8Array, origin: unknown) => {
    if (origin === 'local') raw.send(frames.update(name, update));
  });
}

const serverDoc = (projectId: string) => server.realtime.hocuspocus.documents.get(projectDocumentName(projectId))!;

interface Timing {
  health: number;
  otherEdit: number;
}
/** A phase's samples: the worst and the median of each (the median shows the wait behind the flood, not load spikes). */
interface Phase {
  samples: number;
  worst: Timing;
  median: Timing;
}

function phase(samples: Timing[]): Phase {
  const of = (pick: (s: Timing) => number) => samples.map(pick).sort((a, b) => a - b);
  const median = (values: number[]) => Math.round(values[Math.floor(values.length / 2)]!);
  return {
    samples: samples.length,
    worst: { health: Math.round(Math.max(...of((s) => s.health))), otherEdit: Math.round(Math.max(...of((s) => s.otherEdit))) },
    median: { health: median(of((s) => s.health)), otherEdit: median(of((s) => s.otherEdit)) },
  };
}

/** Times health and another project's REST edit every 50 ms while `flood` runs, and ten times after (`all`: both). */
async function bystanders(flood: Promise<unknown>): Promise<{ during: Phase; after: Phase; all: Phase }> {
  const other = world.other;
  let round = 0;
  const once = async (): Promise<Timing> => {
    let started = performance.now();
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    const health = performance.now() - started;
    started = performance.now();
    const res = await other.owner.client.request('PATCH', `/api/tasks/${other.task.id}`, { progress: ++round % 100 });
    expect(res.status).toBe(200);
    return { health, otherEdit: performance.now() - started };
  };
  let done = false;
  void flood.finally(() => (done = true));
  const during: Timing[] = [];
  while (!done || during.length < 3) {
    during.push(await once());
    await sleep(50);
  }
  await flood;
  const after: Timing[] = [];
  for (let i = 0; i < 10; i++) {
    after.push(await once());
    await sleep(50);
  }
  return { during: phase(during), after: phase(after), all: phase([...during, ...after]) };
}

describe('[write-budgets] one person\'s budget, whatever the number of connections', { timeout: 120_000 }, () => {
  it(`[task-budget] one person with 10 connections adding 100 tasks per update: at most ${TASKS_ADDED_BURST} at once, then closed (${CloseCode.RateLimited})`, async () => {
    const projectId = world.own.project.id;
    const connections = await Promise.all(Array.from({ length: 10 }, () => openRaw(world.users.member.client.cookieHeader, projectId)));
    const before = tasksMap(serverDoc(projectId)).size;
    const started = performance.now();
    for (const raw of connections) {
      sendEdits(raw, projectId);
      for (let update = 0; update < 2; update++) {
        raw.doc.transact(() => {
          for (let i = 0; i < 100; i++) writeTask(raw.doc, randomUUID(), { name: `Added ${update}.${i}`, startDate: '2026-07-01', endDate: '2026-07-02' });
        }, 'local');
      }
    }
    const closes = await Promise.all(connections.map((raw) => Promise.race([raw.closed, sleep(10_000).then(() => null)])));
    const added = tasksMap(serverDoc(projectId)).size - before;
    const seconds = (performance.now() - started) / 1000;
    figures.taskFlood = { connections: 10, sent: 2000, added, seconds: Number(seconds.toFixed(2)) };
    expect(added).toBeLessThanOrEqual(TASKS_ADDED_BURST + Math.ceil(seconds * TASKS_ADDED_PER_SECOND) + 100);
    expect(closes.filter((c) => c?.code === CloseCode.RateLimited).length).toBeGreaterThan(0);
  });

  it(`[edit-budget] a guest's three connections sending 400 renames each at once: closed (${CloseCode.TooManyChanges}) past ${EDITS_BURST} edits, the server keeps answering, every applied edit is stored`, async () => {
    const projectId = world.own.project.id;
    const taskId = world.own.task.id;
    const connections = await Promise.all(Array.from({ length: 3 }, () => openRaw(world.users.guest.client.cookieHeader, projectId)));
    const baseline = await bystanders(sleep(1000));
    // Each connection's renames, made beforehand (each builds on the one before), then sent as fast as the socket goes.
    const floods = connections.map((raw, c) => {
      const updates: Uint8Array[] = [];
      raw.doc.on('update', (update: Uint8Array, origin: unknown) => origin === 'local' && updates.push(update));
      for (let i = 1; i <= RENAMES_PER_CONNECTION; i++) raw.doc.transact(() => writeTask(raw.doc, taskId, { name: `Flood ${c}.${i}` }), 'local');
      return updates.map((update) => frames.update(projectDocumentName(projectId), update));
    });
    const started = performance.now();
    const flood = Promise.all(
      connections.map(async (raw, c) => {
        for (const message of floods[c]!) raw.send(message);
        return Promise.race([raw.closed, sleep(10_000).then(() => null)]);
      }),
    );
    const timings = await bystanders(flood);
    const closes = await flood;
    const seconds = (performance.now() - started) / 1000;
    const applied = Number(String(tasksMap(serverDoc(projectId)).get(taskId)!.get('name')).split('.')[1] ?? 0);
    figures.renameFlood = { connections: 3, sent: 3 * RENAMES_PER_CONNECTION, seconds: Number(seconds.toFixed(2)), baseline, ...timings, loadAverage: loadavg()[0] };
    expect(closes.map((c) => c?.code)).toEqual([CloseCode.TooManyChanges, CloseCode.TooManyChanges, CloseCode.TooManyChanges]);
    expect(closes[0]!.reason).toBe('too many changes');
    expect(applied).toBeLessThan(RENAMES_PER_CONNECTION);
    // Measured, not only refused: on this shared 2-core machine the bounds are loose (the report had 27 s during and
    // 32 s after); docs/security.md has the figures of a quiet run.
    expect(timings.during.worst.health).toBeLessThan(Math.max(BYSTANDER_LIMIT_MS, 10 * baseline.during.worst.health, 5000));
    // Fairness (issue 34): another project's edit waits behind at most one of the flood's turns at a time. On PGlite a
    // turn of 20 renames was 65 statements in a row and the edit's median during the flood 2.1-2.2 times its median
    // before it (load 13-20); a turn is 6 statements now (0.9-1.3 times). Against the same run's baseline, as the
    // load of this shared machine moves every figure, and loose (a median of a few samples): it catches a flood's
    // turns holding the database again, not the last fraction; [turn-statements] (project-store) counts a turn.
    expect(timings.during.median.otherEdit).toBeLessThan(Math.max(BYSTANDER_LIMIT_MS, 2.5 * baseline.all.median.otherEdit));
    // After it, a second at most (the report had 32 s).
    expect(timings.after.worst.health).toBeLessThan(Math.max(AFTER_FLOOD_LIMIT_MS, 5 * baseline.during.worst.health));
    expect(timings.after.worst.otherEdit).toBeLessThan(Math.max(AFTER_FLOOD_LIMIT_MS, 5 * baseline.during.worst.otherEdit));
    // Nothing the server applied is lost: the name it holds is the one stored.
    const inDocument = tasksMap(serverDoc(projectId)).get(taskId)!.get('name');
    await eventually(async () => (await server.dataSource.query('SELECT name FROM tasks WHERE id = $1', [taskId]))[0].name, (name) => name === inDocument, 10_000);
  });

  it(`[edit-budget] REST task writes take from the same budget: once a person's budget is spent, a PATCH is a 429 "${TOO_MANY_CHANGES_MESSAGE}"`, async () => {
    const projectId = world.own.project.id;
    const task = await world.newTask('own', 'Patched');
    const admin = world.users.admin;
    expect((await admin.client.request('PATCH', `/api/tasks/${task.id}`, { progress: 10 })).status).toBe(200);
    // The admin's budget spent, as their document connections spend it (the guard takes from these same buckets;
    // the test above shows a connection closed for it). Held at empty: it refills 30 a second, faster than
    // requests come through on a loaded machine.
    const budgets = server.realtime.budgets;
    const edit = budgets.edit.bind(budgets);
    const spent = vi.spyOn(budgets, 'edit').mockImplementation((userId) => {
      if (userId !== admin.user.id) return edit(userId);
      while (edit(userId));
      return false;
    });
    const refused = await admin.client.request('PATCH', `/api/tasks/${task.id}`, { name: 'Over the budget' });
    expect(refused.status).toBe(429);
    expect(JSON.stringify(refused.body)).toContain(TOO_MANY_CHANGES_MESSAGE);
    const created = await admin.client.post('/api/tasks', { projectId, name: 'Over the budget', startDate: '2026-07-01', endDate: '2026-07-02' });
    expect(created.status).toBe(429);
    // The task creator's create and a restore are writes too (every write path takes from the one budget).
    expect((await admin.client.post('/api/tasks/ai-create', { projectId, prompt: 'Draft the sitemap by Friday' })).status).toBe(429);
    expect((await admin.client.post(`/api/projects/${projectId}/restore`, { at: new Date(Date.now() - 60_000).toISOString() })).status).toBe(429);
    // Another person is not held by it.
    expect((await world.users.member.client.request('PATCH', `/api/tasks/${task.id}`, { name: 'Someone else' })).status).toBe(200);
    spent.mockRestore();
    await sleep(100);
    expect((await admin.client.request('PATCH', `/api/tasks/${task.id}`, { name: 'A second later' })).status).toBe(200);
  });

  it('[edit-budget] ordinary editing (two tabs, 5 edits a second each, for 3 s) is never limited', async () => {
    const projectId = world.own.project.id;
    const tabs = await Promise.all([openRaw(world.users.owner.client.cookieHeader, projectId), openRaw(world.users.owner.client.cookieHeader, projectId)]);
    tabs.forEach((raw) => sendEdits(raw, projectId));
    for (let i = 0; i < 15; i++) {
      tabs.forEach((raw, t) => raw.doc.transact(() => writeTask(raw.doc, world.own.task.id, { progress: (i * 2 + t) % 100 }), 'local'));
      await sleep(200);
    }
    await sleep(100);
    expect(tabs.map((raw) => raw.ws.readyState)).toEqual([tabs[0]!.ws.OPEN, tabs[0]!.ws.OPEN]);
  });
});
