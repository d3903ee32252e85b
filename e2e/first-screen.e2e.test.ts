import type { BrowserContext, Page } from 'playwright-core';
import { daysBetween, dayWidth, DEFAULT_WORK_CALENDAR, dragTaskOnCalendar } from '@planline/domain';
import { describe, expect, it } from 'vitest';
import { chartSynced, dayFromToday, holdApp, holdCollabSocket, newContext, signUpByApi, useAppAndBrowser } from './harness.js';

const env = useAppAndBrowser();

const KEY = 'planline.firstScreen';
const picturedBar = (page: Page, taskId: string) => page.locator(`#first-screen [data-pictured-bar="${taskId}"]`);
const liveBar = (page: Page, taskId: string) => page.locator(`#root [data-task-bar="${taskId}"]`);

/** Two boxes on the same pixels (a bar moved by a transform lands on fractions of one). */
function expectSameBox(box: { x: number; y: number; width: number; height: number }, other: typeof box) {
  for (const key of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(box[key] - other[key]), key).toBeLessThan(0.5);
}

/** Notes where the bar shows on every frame from now on: the picture's while it is there, then the live chart's. */
async function recordShownLeft(page: Page, taskId: string) {
  await page.evaluate((id) => {
    const shown: (number | null)[] = [];
    (window as unknown as { shownLeft: (number | null)[] }).shownLeft = shown;
    const frame = () => {
      const picture = document.getElementById('first-screen');
      const bar = picture ? picture.querySelector(`[data-pictured-bar="${id}"]`) : document.querySelector(`#root [data-task-bar="${id}"]`);
      const left = bar ? Math.round(bar.getBoundingClientRect().left) : null;
      if (shown.at(-1) !== left) shown.push(left);
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  }, taskId);
}

/** The bar's left on each frame since recordShownLeft, each change once. */
const shownLeft = (page: Page) => page.evaluate(() => (window as unknown as { shownLeft: (number | null)[] }).shownLeft);

/**
 * Lets the context's /collab WebSockets through with the server's word that the person may edit (the scope that
 * ends Hocuspocus' Authenticated message, a length and then "read-write") turned into "readonly": the pages are
 * those of a person who may only read the project.
 */
async function readOnlyCollab(context: BrowserContext) {
  const writable = Buffer.from('\x0aread-write', 'latin1');
  const readOnly = Buffer.from('\x08readonly', 'latin1');
  await context.routeWebSocket(/\/collab/, (ws) => {
    const server = ws.connectToServer();
    server.onMessage((message) => {
      const said = typeof message !== 'string' && message.subarray(-writable.length).equals(writable);
      ws.send(said ? Buffer.concat([message.subarray(0, -writable.length), readOnly]) : message);
    });
  });
}

async function projectWithTask(page: Page, taskName: string) {
  const team = await (await page.request.post('/api/teams', { data: { name: 'Foundry' } })).json();
  const project = await (await page.request.post('/api/projects', { data: { name: 'Casting', teamId: team.id } })).json();
  const task = await (await page.request.post('/api/tasks', { data: { projectId: project.id, name: taskName, startDate: dayFromToday(1), endDate: dayFromToday(6) } })).json();
  return { project, task };
}

describe('the first screen of a return visit', () => {
  it('[first-screen] paints the chart as it was left before the app has arrived, then the live chart takes its place without moving', async () => {
    const context = await newContext(env.browser(), env.app().url);
    const page = await signUpByApi(context, 'Rhea', 'Returning');
    const { task } = await projectWithTask(page, 'Pour the mould');
    await page.goto('/');
    await chartSynced(page);
    await liveBar(page, task.id).waitFor();
    const left = (await liveBar(page, task.id).boundingBox())!;

    // Leaving the page keeps the picture; the return visit paints it while the app's code is held back.
    const app = await holdApp(context);
    await page.goto('/', { waitUntil: 'commit' });
    await picturedBar(page, task.id).waitFor();
    expect(await page.locator('#root [data-task-bar]').count()).toBe(0);
    const pictured = (await picturedBar(page, task.id).boundingBox())!;
    expect(pictured).toEqual(left);
    // A picture: hidden from assistive technology, and nothing in it takes focus or clicks.
    expect(await page.locator('#first-screen').getAttribute('aria-hidden')).toBe('true');
    expect(await page.locator('#first-screen').evaluate((el) => (el as HTMLElement).inert)).toBe(true);
    expect(await page.locator('#first-screen [id]').count()).toBe(0);

    // The app arrives: its chart replaces the picture, the bar where the picture had it.
    await app.release();
    await liveBar(page, task.id).waitFor();
    await expect.poll(() => page.locator('#first-screen').count()).toBe(0);
    expect(await liveBar(page, task.id).boundingBox()).toEqual(left);
    await chartSynced(page);
    await context.close();
  });

  it('[first-screen-present] the picture is of what a new visit opens: no History panel, and no plan as it was at a past instant', async () => {
    const context = await newContext(env.browser(), env.app().url);
    const page = await signUpByApi(context, 'Ines', 'Historian');
    const { task } = await projectWithTask(page, 'Temper');
    await page.goto('/');
    await chartSynced(page);
    await liveBar(page, task.id).waitFor();
    const opened = (await liveBar(page, task.id).boundingBox())!;

    // Left with the History panel open: the picture leaves it out, so its bar is where the new page puts it.
    await page.getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('region', { name: 'Plan history' });
    await history.waitFor();
    const app = await holdApp(context);
    await page.goto('/', { waitUntil: 'commit' });
    await picturedBar(page, task.id).waitFor();
    expect(await page.locator('#first-screen').getByText('Plan history', { exact: false }).count()).toBe(0);
    expect(await picturedBar(page, task.id).boundingBox()).toEqual(opened);
    await app.release();
    await chartSynced(page);

    // Left while showing the plan as it was an hour ago (before the task existed): the copy kept before stays.
    await page.getByRole('button', { name: 'History' }).click();
    const hourAgo = await page.evaluate(() => {
      const d = new Date(Date.now() - 3600_000);
      const p = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
    });
    await history.getByLabel('Date and time').fill(hourAgo);
    await history.getByText('Viewing the plan as of').waitFor();
    await expect.poll(() => liveBar(page, task.id).count()).toBe(0);
    const before = await page.evaluate((key) => localStorage.getItem(key), KEY);
    expect(before).toContain(task.id);
    await page.goto('/profile');
    expect(await page.evaluate((key) => localStorage.getItem(key), KEY)).toBe(before);
    await context.close();
  });

  it("[first-screen-people] the picture is only ever its own person's: signing out deletes it, and nobody else's is painted", async () => {
    const context = await newContext(env.browser(), env.app().url);
    const page = await signUpByApi(context, 'Saul', 'Leaving');
    const { task } = await projectWithTask(page, 'Anneal');
    await page.goto('/');
    await chartSynced(page);
    await page.goto('/profile');
    const kept = await page.evaluate((key) => localStorage.getItem(key), KEY);
    expect(kept).toContain(task.id);

    await page.goto('/');
    await chartSynced(page);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('banner').getByText('Sign In').waitFor();
    expect(await page.evaluate((key) => localStorage.getItem(key), KEY)).toBeNull();

    // A copy left behind by a session that ended without a sign-out: the next person on the browser never sees it.
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [KEY, kept!] as const);
    const res = await page.request.post('/api/auth/register', {
      data: { firstName: 'Tess', lastName: 'Next', email: `tess.${Date.now()}@example.com`, password: 'long-enough-1' },
    });
    expect(res.status()).toBe(201);
    const app = await holdApp(context);
    await page.goto('/', { waitUntil: 'commit' });
    // The painter is in the page, after the root: it has run once the root is in and the next frames are drawn;
    // the app is still held.
    await page.locator('#root').waitFor({ state: 'attached' });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await page.locator('#first-screen').count()).toBe(0);
    await app.release();
    await page.getByText('Start Free Workspace').waitFor();
    // Signed in, the app deletes what another person left.
    await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), KEY)).toBeNull();
    await context.close();
  });

  it('[first-screen-other-tab] a workspace tab left open after a sign-out in another tab keeps no picture as it closes', async () => {
    const context = await newContext(env.browser(), env.app().url);
    const signingOut = await signUpByApi(context, 'Odile', 'Twotabs');
    await projectWithTask(signingOut, 'Quench');
    const leftOpen = await context.newPage();
    await leftOpen.goto('/');
    await chartSynced(leftOpen);
    await signingOut.goto('/');
    await chartSynced(signingOut);
    await signingOut.getByRole('button', { name: 'Logout' }).click();
    await signingOut.getByRole('banner').getByText('Sign In').waitFor();
    expect(await signingOut.evaluate((key) => localStorage.getItem(key), KEY)).toBeNull();
    // The other tab closes (its page is hidden and unloaded): it writes no picture back.
    await leftOpen.close({ runBeforeUnload: true });
    expect(await signingOut.evaluate((key) => localStorage.getItem(key), KEY)).toBeNull();
    await context.close();
  });

  it('[first-visit-snapshot] a first visit paints the task list at once, and a change made before the document syncs is what it then shows', async () => {
    const context = await newContext(env.browser(), env.app().url);
    const page = await signUpByApi(context, 'Ivo', 'Firsttime');
    const { task } = await projectWithTask(page, 'Cut the sprue');
    // The document's socket is held: the chart can only come from the page's task list.
    const socket = await holdCollabSocket(context);
    await page.goto('/');
    await liveBar(page, task.id).waitFor();
    await page.locator('[data-connection="preview"]').waitFor();
    expect(await liveBar(page, task.id).getAttribute('aria-label')).toContain('Cut the sprue');

    // A teammate's change lands between the list and the sync: once synced, the chart shows it.
    expect((await context.request.patch(`/api/tasks/${task.id}`, { data: { name: 'Cut the sprue and gates', progress: 40 } })).status()).toBe(200);
    socket.release();
    await chartSynced(page);
    await expect.poll(() => liveBar(page, task.id).getAttribute('aria-label')).toContain('Cut the sprue and gates');
    await page.getByText('Cut the sprue and gates', { exact: true }).first().waitFor();
    await context.close();
  });

  it('[first-visit-edit] a drag on the bars painted from the task list, before the document syncs, is kept, merges with a teammate\'s change and never jumps back', async () => {
    const context = await newContext(env.browser(), env.app().url);
    const page = await signUpByApi(context, 'Ines', 'Early');
    const { project, task } = await projectWithTask(page, 'Cut the runner');
    // The document's socket is held: the chart comes from the page's task list, and the document is not in.
    const socket = await holdCollabSocket(context);
    await page.goto('/');
    await liveBar(page, task.id).waitFor();
    await page.locator('[data-connection="preview"]').waitFor();
    const before = await liveBar(page, task.id).getAttribute('aria-label');
    // Every label the bar shows from now on (its element may be replaced as the document comes in).
    await page.evaluate((taskId) => {
      const seen: (string | null)[] = [];
      (window as unknown as { seenLabels: (string | null)[] }).seenLabels = seen;
      const read = () => {
        const label = document.querySelector(`#root [data-task-bar="${taskId}"]`)?.getAttribute('aria-label') ?? null;
        if (seen.at(-1) !== label) seen.push(label);
      };
      new MutationObserver(read).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-label'] });
    }, task.id);

    // Dragged at once, on the picture of the list: the bar moves.
    const box = (await liveBar(page, task.id).boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) await page.mouse.move(box.x + box.width / 2 + i * 12, box.y + box.height / 2);
    await page.mouse.up();
    await expect.poll(() => liveBar(page, task.id).getAttribute('aria-label')).not.toBe(before);
    const moved = (await liveBar(page, task.id).getAttribute('aria-label'))!;
    expect(await page.locator('[data-connection="preview"]').count()).toBe(1);

    // A teammate renames the task meanwhile; then the socket gets through.
    expect((await context.request.patch(`/api/tasks/${task.id}`, { data: { name: 'Cut the runner and vents' } })).status()).toBe(200);
    socket.release();
    await chartSynced(page);
    // Both changes stand, on the chart and on the server.
    await expect.poll(() => liveBar(page, task.id).getAttribute('aria-label')).toBe(moved.replace('Cut the runner', 'Cut the runner and vents'));
    const stored = async () => ((await (await context.request.get(`/api/projects/${project.id}/tasks`)).json()) as { name: string; startDate: string }[])[0];
    await expect.poll(async () => (await stored())?.name, { timeout: 10_000 }).toBe('Cut the runner and vents');
    await expect.poll(async () => (await stored())?.startDate, { timeout: 10_000 }).not.toBe(task.startDate);
    // From the drop on, the bar never showed its old dates.
    const seen = await page.evaluate(() => (window as unknown as { seenLabels: (string | null)[] }).seenLabels);
    expect(seen).toContain(moved);
    for (const label of seen.slice(seen.indexOf(moved))) expect([before, null]).not.toContain(label);
    await context.close();
  });

  it('[server-first-screen] a first visit paints the chart the server drew, before the app has arrived, and the live chart takes its place without moving', async () => {
    const context = await newContext(env.browser(), env.app().url);
    const page = await signUpByApi(context, 'Uma', 'Newcomer');
    const { project, task } = await projectWithTask(page, 'Anneal');
    const app = await holdApp(context);
    // The app's code is asked for by its entry once the picture is on screen, not by the page's head, whose
    // requests would hold up the picture's first paint.
    const codeAskedEarly: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/assets/') && !/^\/assets\/index-[^/]*\.js$/.test(path)) codeAskedEarly.push(path);
    });
    await page.goto('/', { waitUntil: 'commit' });
    // Drawn for this window (1280 px wide, the server's guess for a browser that never said its size).
    await picturedBar(page, task.id).waitFor();
    expect(codeAskedEarly).toEqual([]);
    expect(await page.locator('#first-screen').getAttribute('data-picture-project')).toBe(project.id);
    expect(await page.locator('#root [data-task-bar]').count()).toBe(0);
    expect(await page.locator('#first-screen').evaluate((el) => (el as HTMLElement).inert)).toBe(true);
    expect(await page.locator('#first-screen [id]').count()).toBe(0);
    const pictured = (await picturedBar(page, task.id).boundingBox())!;

    await app.release();
    await liveBar(page, task.id).waitFor();
    await expect.poll(() => page.locator('#first-screen').count()).toBe(0);
    expect(await liveBar(page, task.id).boundingBox()).toEqual(pictured);
    await chartSynced(page);
    await context.close();
  });

  it("[first-screen-drag] a bar of the server's picture takes a drag before the app has arrived: it moves at once, never jumps, and is stored once the document syncs", async () => {
    const context = await newContext(env.browser(), env.app().url);
    const page = await signUpByApi(context, 'Rhea', 'Early');
    const { project, task } = await projectWithTask(page, 'Pour the mould');
    const app = await holdApp(context);
    const socket = await holdCollabSocket(context);
    await page.goto('/', { waitUntil: 'commit' });
    await picturedBar(page, task.id).waitFor();
    await recordShownLeft(page, task.id);
    const zoom = Number(await page.locator('#first-screen [data-pictured-scroll]').first().getAttribute('data-zoom'));
    const dw = dayWidth(zoom);
    expect(dw).toBeGreaterThan(0);
    // Four days on: where the chart's own drag lands (the next working day, keeping the task's working days).
    const days = 4;
    const landing = dragTaskOnCalendar(task, days, DEFAULT_WORK_CALENDAR).startDate;

    // The app's code has not arrived: the picture takes the drag, a day at a time.
    const box = (await picturedBar(page, task.id).boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width / 2, y);
    await page.mouse.down();
    for (let i = 1; i <= 8; i++) await page.mouse.move(box.x + box.width / 2 + (i * days * dw) / 8, y);
    await page.mouse.up();
    const moved = (await picturedBar(page, task.id).boundingBox())!;
    expect(moved.x).toBeCloseTo(box.x + daysBetween(task.startDate, landing) * dw, 0);
    expect(await page.locator('#root [data-task-bar]').count()).toBe(0);

    // A teammate renames the task meanwhile; then the app arrives (the document still held), then the socket.
    expect((await context.request.patch(`/api/tasks/${task.id}`, { data: { name: 'Pour the mould again' } })).status()).toBe(200);
    await app.release();
    await liveBar(page, task.id).waitFor();
    await expect.poll(() => page.locator('#first-screen').count()).toBe(0);
    expectSameBox((await liveBar(page, task.id).boundingBox())!, moved);
    socket.release();
    await chartSynced(page);
    await expect.poll(() => liveBar(page, task.id).getAttribute('aria-label')).toContain('Pour the mould again');
    expectSameBox((await liveBar(page, task.id).boundingBox())!, moved);
    // Stored, with the teammate's change.
    const stored = async () => ((await (await context.request.get(`/api/projects/${project.id}/tasks`)).json()) as { name: string; startDate: string }[])[0];
    await expect.poll(async () => (await stored())?.startDate, { timeout: 10_000 }).toBe(landing);
    expect((await stored())?.name).toBe('Pour the mould again');
    // From the drop on, every frame showed the bar where it was dropped.
    const shown = await shownLeft(page);
    const from = shown.indexOf(Math.round(moved.x));
    expect(from).toBeGreaterThan(0);
    expect(shown.slice(from)).toEqual([Math.round(moved.x)]);
    await context.close();
  });

  it("[first-screen-drag] a read-only person's picture takes no drag: the pictured bar does not move, and nothing is stored", async () => {
    const context = await newContext(env.browser(), env.app().url);
    const page = await signUpByApi(context, 'Vera', 'Viewer');
    const { project, task } = await projectWithTask(page, 'Inspect the cast');
    await readOnlyCollab(context);
    await page.goto('/');
    await chartSynced(page);
    await liveBar(page, task.id).waitFor();
    // Their chart takes no edit: its scroll area is not marked editable.
    expect(await page.locator('#root [data-timeline-scroll]').getAttribute('data-editable')).toBeNull();
    const left = (await liveBar(page, task.id).boundingBox())!;

    // Their return visit paints the picture this device kept as they left, while the app's code is held back.
    const app = await holdApp(context);
    await page.goto('/', { waitUntil: 'commit' });
    await picturedBar(page, task.id).waitFor();
    expect(await page.locator('#first-screen [data-pictured-scroll]').first().getAttribute('data-editable')).toBeNull();
    await recordShownLeft(page, task.id);
    const dw = dayWidth(Number(await page.locator('#first-screen [data-pictured-scroll]').first().getAttribute('data-zoom')));
    expect(dw).toBeGreaterThan(0);

    // A drag of four days on the pictured bar: the picture does not take it.
    const box = (await picturedBar(page, task.id).boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width / 2, y);
    await page.mouse.down();
    for (let i = 1; i <= 8; i++) await page.mouse.move(box.x + box.width / 2 + (i * 4 * dw) / 8, y);
    await page.mouse.up();
    expect(await page.evaluate(() => (globalThis as Record<symbol, unknown[] | undefined>)[Symbol.for('planline.earlyDrops')]?.length ?? 0)).toBe(0);

    await app.release();
    await liveBar(page, task.id).waitFor();
    await chartSynced(page);
    expectSameBox((await liveBar(page, task.id).boundingBox())!, left);
    // On no frame was the bar anywhere else (between the picture and the live chart, none is shown).
    expect([...new Set((await shownLeft(page)).filter((x) => x !== null))]).toEqual([Math.round(box.x)]);
    const stored = ((await (await context.request.get(`/api/projects/${project.id}/tasks`)).json()) as { startDate: string }[])[0];
    expect(stored?.startDate).toBe(task.startDate);
    await context.close();
  });

  it('[server-first-screen-width] a window of another width shows no picture drawn for the wrong one, and tells the server its own for the next', async () => {
    const context = await newContext(env.browser(), env.app().url, { viewport: { width: 1440, height: 900 } });
    const page = await signUpByApi(context, 'Wes', 'Widescreen');
    const { task } = await projectWithTask(page, 'Quench');
    const app = await holdApp(context);
    await page.goto('/', { waitUntil: 'commit' });
    // The server drew for 1280 px: the page does not show it.
    await page.locator('#root').waitFor({ state: 'attached' });
    expect(await picturedBar(page, task.id).isVisible()).toBe(false);
    await app.release();
    await chartSynced(page);
    const screen = (await context.cookies()).find((c) => c.name === 'planline_screen')?.value;
    expect(screen).toMatch(/^1440x900x\d+$/);

    // The next first visit on this browser (nothing kept on it: the picture this page keeps as it goes is
    // forgotten) is drawn for this window.
    await page.close();
    const next = await context.newPage();
    await next.goto('/api/health');
    await next.evaluate(() => localStorage.clear());
    await context.clearCookies({ name: 'planline_pictured' });
    const again = await holdApp(context);
    // The document is held too: the live chart's first bars are those of the list (a synced chart's title row
    // no longer says "Syncing…", and may wrap otherwise).
    const socket = await holdCollabSocket(context);
    await next.goto('/', { waitUntil: 'commit' });
    await picturedBar(next, task.id).waitFor();
    expect(await next.locator('#first-screen').getAttribute('data-picture-chart-width')).toBe(screen!.split('x')[2]);
    const pictured = (await picturedBar(next, task.id).boundingBox())!;
    // The live chart's first bars are where the picture had them.
    await again.release();
    await liveBar(next, task.id).waitFor();
    expect(await liveBar(next, task.id).boundingBox()).toEqual(pictured);
    socket.release();
    await chartSynced(next);
    await context.close();
  });
});
