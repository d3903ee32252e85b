import type { BrowserContext, Page, WebSocketRoute } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dayFromToday, newContext, signUpByApi, teamWithTeammate, useAppAndBrowser } from './harness.js';

const env = useAppAndBrowser();

const OFFLINE = 'Offline — changes are saved on this device';
const barLabel = (page: Page, taskId: string) => page.locator(`[data-task-bar="${taskId}"]`).getAttribute('aria-label');
const rowOrder = (page: Page) => page.locator('[data-task-row]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-task-row')));
const copyName = (userId: string, projectId: string) => `planline-document:${userId}:${projectId}`;

async function userIdOf(page: Page): Promise<string> {
  return ((await (await page.request.get('/api/auth/user')).json()) as { id: string }).id;
}

/**
 * The /collab socket of every page of the context, through a switch: blocked, a socket is closed as soon as it
 * opens (the server never hears of it); open, it goes to the server. The rest of the server stays reachable, so
 * the page (which has no service worker) still loads.
 */
async function collabSwitch(context: BrowserContext) {
  let blocked = false;
  let reachedServer = 0;
  const live = new Set<WebSocketRoute>();
  await context.routeWebSocket(/\/collab/, (ws) => {
    if (blocked) return void ws.close({ code: 4000, reason: 'offline' });
    reachedServer += 1;
    live.add(ws);
    ws.onClose(() => live.delete(ws));
    ws.connectToServer();
  });
  return {
    /** Goes offline: the sockets now open are closed, and new ones are refused. */
    async block() {
      blocked = true;
      for (const ws of live) await ws.close({ code: 4000, reason: 'offline' });
      live.clear();
    },
    unblock() {
      blocked = false;
    },
    reachedServer: () => reachedServer,
  };
}

/**
 * A value the page's copy of the project keeps beside the document: 'scope' (what the server allowed at the last
 * sync) or 'snapshot' (the tasks as JSON, read out of its Blob). Only for a copy that exists: opening a missing database would create
 * it without its stores.
 */
function storedValue(page: Page, name: string, key: 'scope' | 'snapshot'): Promise<string | null> {
  return page.evaluate(
    ([name, key]) =>
      new Promise<string | null>((resolve) => {
        const request = indexedDB.open(name);
        request.onerror = () => resolve(null);
        request.onsuccess = () => {
          const db = request.result;
          if (!db.objectStoreNames.contains('custom')) return void (db.close(), resolve(null));
          const read = db.transaction('custom').objectStore('custom').get(key);
          // The snapshot is a Blob when made in slots, a string when made at once (device-copy.ts).
          read.onsuccess = () => {
            db.close();
            const value: unknown = read.result;
            if (value instanceof Blob) void value.text().then(resolve, () => resolve(null));
            else resolve(typeof value === 'string' ? value : null);
          };
          read.onerror = () => (db.close(), resolve(null));
        };
      }),
    [name, key] as const,
  );
}

const databaseNames = (page: Page) => page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name ?? ''));

/**
 * Opens the workspace, waits for the chart, then for its copy on this device to have the server's document and
 * the snapshot of its tasks (written 2 s after the document was last changed).
 */
async function firstVisit(page: Page, taskId: string, userId: string, projectId: string) {
  await page.goto('/');
  await page.locator(`[data-task-bar="${taskId}"]`).waitFor();
  const name = copyName(userId, projectId);
  await expect.poll(async () => (await databaseNames(page)).includes(name)).toBe(true);
  await expect.poll(() => storedValue(page, name, 'scope')).toBe('write');
  await expect.poll(async () => (await storedValue(page, name, 'snapshot'))?.includes(taskId), { timeout: 5000 }).toBe(true);
}

/** Drags a bar `steps` × 12 px to the right and lets go. */
async function dragBar(page: Page, taskId: string, steps: number) {
  const box = (await page.locator(`[data-task-bar="${taskId}"]`).boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width / 2, y);
  await page.mouse.down();
  for (let i = 1; i <= steps; i++) await page.mouse.move(box.x + box.width / 2 + i * 12, y);
  await page.mouse.up();
}

describe('a return visit and offline edits', () => {
  it('[offline-return] a return visit shows the bars before the socket may connect, then syncs without a jump', async () => {
    const context = await newContext(env.browser(), env.app().url);
    const page = await signUpByApi(context, 'Olga', 'Returning');
    const userId = await userIdOf(page);
    const team = await (await page.request.post('/api/teams', { data: { name: 'Harbour' } })).json();
    const project = await (await page.request.post('/api/projects', { data: { name: 'Pier', teamId: team.id } })).json();
    const tasks = [];
    for (const [i, name] of ['Drive piles', 'Lay deck', 'Fit rails'].entries()) {
      tasks.push(await (await page.request.post('/api/tasks', { data: { projectId: project.id, name, startDate: dayFromToday(i), endDate: dayFromToday(i + 4) } })).json());
    }
    const socket = await collabSwitch(context);
    // The task list paints a first visit; a return visit paints from the device and does not ask for it.
    const taskListPath = `/api/projects/${project.id}/tasks`;
    const askedForTaskList = (p: Page) => {
      let asked = 0;
      p.on('request', (request) => void (new URL(request.url()).pathname === taskListPath && (asked += 1)));
      return () => asked;
    };
    const firstAsked = askedForTaskList(page);
    await firstVisit(page, tasks[0].id, userId, project.id);
    expect(firstAsked()).toBe(1);
    const rows = await rowOrder(page);
    expect(rows).toEqual(tasks.map((t) => t.id));
    await page.close();

    // Meanwhile a teammate's change reaches the server (REST, as the details panel sends it).
    expect((await context.request.patch(`/api/tasks/${tasks[1].id}`, { data: { name: 'Lay deck boards' } })).status()).toBe(200);

    // Back, with /collab refused: the chart comes from this device, with its status said.
    await socket.block();
    const connectedBefore = socket.reachedServer();
    const again = await context.newPage();
    const againAsked = askedForTaskList(again);
    await again.goto('/');
    for (const task of tasks) await again.locator(`[data-task-bar="${task.id}"]`).waitFor();
    expect(await rowOrder(again)).toEqual(rows);
    await again.getByRole('status').getByText(OFFLINE).waitFor();
    expect(socket.reachedServer()).toBe(connectedBefore);
    await again.getByText('Lay deck', { exact: true }).first().waitFor();

    // The socket is let through: the sync lands, the same rows stay, the teammate's newer name just updates.
    socket.unblock();
    await again.getByText('Lay deck boards', { exact: true }).first().waitFor({ timeout: 30_000 });
    await expect.poll(() => again.getByRole('status').getByText(OFFLINE).count()).toBe(0);
    expect(await rowOrder(again)).toEqual(rows);
    expect(againAsked()).toBe(0);
    await context.close();
  });

  it('[offline-edit] an edit made offline survives a reload and reaches a teammate once the socket is back', async () => {
    const contextA = await newContext(env.browser(), env.app().url);
    const contextB = await newContext(env.browser(), env.app().url);
    const a = await signUpByApi(contextA, 'Ada', 'Offline');
    const b = await signUpByApi(contextB, 'Bea', 'Online');
    const { projectId } = await teamWithTeammate(a, b, 'Quarry', 'Crusher');
    const task = await (await a.request.post('/api/tasks', { data: { projectId, name: 'Move conveyor', startDate: dayFromToday(0), endDate: dayFromToday(5) } })).json();
    const socket = await collabSwitch(contextA);
    await firstVisit(a, task.id, await userIdOf(a), projectId);
    await b.goto('/');
    await b.locator(`[data-task-bar="${task.id}"]`).waitFor();
    const before = await barLabel(b, task.id);

    // Ada's socket drops; she moves the bar anyway.
    await socket.block();
    await a.getByRole('status').getByText(OFFLINE).waitFor();
    await dragBar(a, task.id, 10);
    await expect.poll(() => barLabel(a, task.id)).not.toBe(before);
    const moved = await barLabel(a, task.id);

    // A reload while still offline: the page loads (the server is reachable, its socket is not) and shows her edit.
    await a.reload();
    await a.locator(`[data-task-bar="${task.id}"]`).waitFor();
    expect(await barLabel(a, task.id)).toBe(moved);
    await a.getByRole('status').getByText(OFFLINE).waitFor();
    // Still offline, the kept document is in (an edit on the snapshot alone would wait for it).
    await a.locator('[data-connection="local"]').waitFor();
    await dragBar(a, task.id, 5);
    await expect.poll(() => barLabel(a, task.id)).not.toBe(moved);
    const movedAgain = await barLabel(a, task.id);
    // Nobody else has it yet.
    expect(await barLabel(b, task.id)).toBe(before);

    // Online again: the sync sends both edits, Bea sees them and the server keeps them.
    socket.unblock();
    await a.locator('[data-connection="synced"]').waitFor({ timeout: 30_000 });
    await expect.poll(() => barLabel(b, task.id), { timeout: 10_000 }).toBe(movedAgain);
    const stored = await (await b.request.get(`/api/projects/${projectId}/tasks`)).json();
    expect(stored[0].startDate).not.toBe(task.startDate);
    await contextA.close();
    await contextB.close();
  });

  it("[offline-sign-out] signing out deletes the person's copies: the next person on the browser finds none", async () => {
    const context = await newContext(env.browser(), env.app().url);
    const page = await signUpByApi(context, 'Una', 'Leaving');
    const userId = await userIdOf(page);
    const team = await (await page.request.post('/api/teams', { data: { name: 'Kiosk' } })).json();
    const project = await (await page.request.post('/api/projects', { data: { name: 'Counter', teamId: team.id } })).json();
    const task = await (await page.request.post('/api/tasks', { data: { projectId: project.id, name: 'Count till', startDate: dayFromToday(0), endDate: dayFromToday(2) } })).json();
    await firstVisit(page, task.id, userId, project.id);

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('banner').getByText('Sign In').waitFor();
    const leftBehind = (names: string[]) => names.filter((name) => name.includes(userId) || name.includes(project.id));
    expect(leftBehind(await databaseNames(page))).toEqual([]);

    // Someone else signs in on the same browser.
    const res = await page.request.post('/api/auth/register', {
      data: { firstName: 'Vic', lastName: 'Next', email: `vic.${Date.now()}@example.com`, password: 'long-enough-1' },
    });
    expect(res.status()).toBe(201);
    await page.goto('/');
    await page.getByText('Start Free Workspace').waitFor();
    expect(leftBehind(await databaseNames(page))).toEqual([]);
    await context.close();
  });
});
