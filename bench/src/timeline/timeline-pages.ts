import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import type { BarToDrag } from '../../browser/probe.js';
import { assertRunning } from '../lib/cleanup.js';
import { CHROMIUM_PATH } from '../lib/paths.js';
import type { SeededProject } from '../lib/seed.js';
import { PEERS } from './peer-pages.js';

/** What the timeline benchmark drives in the browser: pages of ours and the peers', loads, return visits, drops. */

/** How long a first visit may take to keep its snapshot on the device (written 2 s after the document is quiet). */
const SNAPSHOT_KEPT_TIMEOUT_MS = 60_000;
const PROBE_TIMEOUT_MS = 60_000;
/** A gap between two animation frames over this is a dropped frame (one missed vsync at 60 Hz, with jitter). */
export const DROPPED_FRAME_GAP_MS = 25;
export const VIEWPORT = { width: 1280, height: 800 };
export const OURS = {
  id: 'planline',
  label: 'Planline',
  // A return visit paints the chart as it was left (web/src/first-screen.ts) before the app runs: a bar of that
  // picture is a painted bar too (`data-pictured-bar`).
  barSelector: '[data-task-bar], [data-pictured-bar]',
  scrollSelector: '[data-timeline-scroll]',
  // The document synced with the server (e2e/harness.ts waits on the same). The chart is editable before: see
  // `dragUntilAccepted`.
  readySelector: '[data-connection="synced"]',
  readyAttribute: 'data-connection',
} as const;

export type App = { id: string; label: string; barSelector: string; scrollSelector?: string; readySelector?: string; readyAttribute?: string };
export const APPS: readonly App[] = [OURS, ...PEERS];
export type Cookies = { name: string; value: string; url: string }[];

export const droppedFrames = (gaps: readonly number[]) => gaps.filter((g) => g > DROPPED_FRAME_GAP_MS).length;

/**
 * Calls a probe function in the page (bench/browser/probe.ts; the page side has the DOM types, not this file),
 * failing after `timeoutMs` rather than waiting forever on a page that never answers.
 */
export function probeWithin<T>(timeoutMs: number, page: Page, method: string, ...args: unknown[]): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    page.evaluate(([name, params]) => (globalThis as any).__bench[name](...params), [method, args] as const) as Promise<T>,
    new Promise<T>((_, reject) => (timer = setTimeout(() => reject(new Error(`${method}: no answer within ${timeoutMs} ms`)), timeoutMs))),
  ]).finally(() => clearTimeout(timer));
}

const probe = <T>(page: Page, method: string, ...args: unknown[]) => probeWithin<T>(PROBE_TIMEOUT_MS, page, method, ...args);

export function launch(): Promise<Browser> {
  assertRunning();
  // The flags of the e2e harness (ARCHITECTURE §9): the system Chromium, never a downloaded one.
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync',
      // Nothing leaves the machine: pages that fetch web fonts from a CDN (SVAR, dhtmlx) fail those requests at once.
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
    ],
  });
}

export async function openPage(browser: Browser, probeScript: string, app: App, cookies: Cookies = []) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  context.setDefaultTimeout(30_000);
  if (cookies.length) await context.addCookies(cookies);
  // BENCH_DRAG_LIVE_ONLY=1: the drag waits for the live chart, as before the picture took one (an A/B of issue 35).
  const liveOnly = !!process.env.BENCH_DRAG_LIVE_ONLY;
  const config = { barSelector: app.barSelector, scrollSelector: app.scrollSelector, readySelector: app.readySelector, readyAttribute: app.readyAttribute, liveOnly };
  await context.addInitScript({ content: `window.__benchConfig = ${JSON.stringify(config)};\n${probeScript}` });
  if (process.env.BENCH_WATERFALL) {
    await context.addInitScript({
      content: `window.__longTasks = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__longTasks.push([Math.round(e.startTime), Math.round(e.duration)]); }).observe({ type: 'longtask', buffered: true });`,
    });
  }
  const page = await context.newPage();
  return { context, page };
}

/** The page's JavaScript heap after a full collection, MB (CDP: what DevTools' Performance monitor shows). */
async function jsHeapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('Performance.enable');
    const { metrics } = await cdp.send('Performance.getMetrics');
    const used = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value;
    return used === undefined ? Number.NaN : used / 1024 / 1024;
  } finally {
    await cdp.detach();
  }
}

/**
 * The heaps of the page's dedicated workers after a collection of each, MB (Planline's document lives in one).
 * Read after the scroll: a forced collection of a worker's few hundred MB leaves its sweeping to background
 * threads, which would take the cores the scroll is measured on.
 */
async function workersHeapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  try {
    return await heapOfWorkers(cdp);
  } finally {
    await cdp.detach();
  }
}

/** The page's dedicated workers' heaps after a collection, MB, through CDP sessions attached to them (not flattened). */
async function heapOfWorkers(cdp: CDPSession): Promise<number> {
  const sessions: string[] = [];
  const replies = new Map<number, (result: unknown) => void>();
  let lastId = 0;
  cdp.on('Target.attachedToTarget', (event) => {
    if (event.targetInfo.type === 'worker') sessions.push(event.sessionId);
  });
  cdp.on('Target.receivedMessageFromTarget', (event) => {
    const reply = JSON.parse(event.message) as { id?: number; result?: unknown };
    if (reply.id !== undefined) replies.get(reply.id)?.(reply.result);
  });
  // Workers already running are announced right after auto-attach is set.
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
  await new Promise((resolve) => setTimeout(resolve, 300));
  const ask = (sessionId: string, method: string) =>
    new Promise<unknown>((resolve) => {
      const id = ++lastId;
      replies.set(id, resolve);
      void cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params: {} }) });
    });
  let bytes = 0;
  for (const sessionId of sessions) {
    await ask(sessionId, 'HeapProfiler.collectGarbage');
    bytes += ((await ask(sessionId, 'Runtime.getHeapUsage')) as { usedSize?: number } | undefined)?.usedSize ?? 0;
  }
  return bytes / 1024 / 1024;
}

/** The drag of the time to editable: as the drop benchmark's, to the right (later: no link holds it back). */
export const DRAG_STEPS = 10;
export const DRAG_STEP_PX = 12;

export interface Editable {
  /** ms from navigation start to the painted frame where the bar of the first drag the page took moved. */
  at: number;
  taskId: string;
  /** The dates the bar showed before and after that drag (its label's). */
  before: string;
  after: string;
  /** Drags it took (the ones before did not move the bar). */
  attempts: number;
  /** ms from navigation start: when a live bar was first on screen to grab, and when the page had that drag's pointerdown. */
  barAt: number;
  downAt: number;
  /** The drag was taken by the first screen's picture, before the live chart was there. */
  onPicture: boolean;
}

/**
 * The time to editable, as a person finds it: as soon as a bar is on screen (the live chart's, or the first
 * screen's picture's, which takes a drag), drag it with the mouse (real input events, through the browser, not a call into the page); if the bar did not move, try again.
 * The time is that of the painted frame where the bar first moved under the pointer in a drag whose drop kept it
 * at its new dates.
 */
async function dragUntilAccepted(page: Page, timeoutMs: number, firstLook: Promise<BarToDrag | null>): Promise<Editable> {
  const deadline = Date.now() + timeoutMs;
  const left = () => Math.max(1, deadline - Date.now());
  let barAt = Number.NaN;
  for (let attempts = 1; ; attempts++) {
    // Looked for every animation frame in the page (bench/browser/probe.ts): a bar on screen, where the mouse can take it.
    const found = attempts === 1 ? await firstLook : await probeWithin<BarToDrag | null>(left(), page, 'barToDragSoon', left());
    if (!found) throw new Error(`no bar to drag came on screen within ${timeoutMs} ms`);
    const { taskId, x, y, at: foundAt, before, pictured } = found;
    if (Number.isNaN(barAt)) barAt = foundAt;
    if (before) {
      await page.mouse.move(x, y);
      await page.mouse.down();
      for (let step = 1; step <= DRAG_STEPS; step++) await page.mouse.move(x + step * DRAG_STEP_PX, y);
      await page.mouse.up();
      const { movedAt: at, downAt } = await probeWithin<{ movedAt: number; downAt: number }>(left(), page, 'movedAt');
      // A drop on the first screen's picture shows on the live chart once it is there: its dates are read then.
      const after = Number.isFinite(at) ? await liveDatesOtherThan(page, taskId, before, left()) : null;
      if (Number.isFinite(at) && after) return { at, taskId, before, after, attempts, barAt, downAt, onPicture: pictured };
    }
    // A press that did not become a drag is a click: it may have opened the task's details.
    if (await page.locator('[role="dialog"]').count()) await page.keyboard.press('Escape');
    if (Date.now() >= deadline) throw new Error(`no drag of a bar was taken within ${timeoutMs} ms (${attempts} tried)`);
  }
}

/** The dates the live chart's bar of `taskId` shows once they are not `before` (null: not within `timeoutMs`). */
async function liveDatesOtherThan(page: Page, taskId: string, before: string, timeoutMs: number): Promise<string | null> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const shown = await probeWithin<string | null>(Math.max(1, deadline - Date.now()), page, 'barDates', taskId);
    if (shown && shown !== before) return shown;
    if (Date.now() >= deadline) return null;
    await page.waitForTimeout(50);
  }
}

/** The project's start dates on the server (the first tasks, by id), to check that a drag's edit reached it. */
export type StoredStarts = () => Promise<Map<string, string>>;

export interface LoadOptions {
  /** Scroll this many frames by `stepPx` after the load (and measure the heap before it). */
  scroll?: { frames: number; stepPx: number };
  firstBarsTimeoutMs: number;
  /** Also wait for the page's document to be synced (Planline) this long. */
  readyTimeoutMs?: number;
  /**
   * Planline: time the first drag the page takes (`dragUntilAccepted`), then check that its edit reaches the
   * server (by then synced) within `readyTimeoutMs`: the load fails otherwise.
   */
  drag?: { storedStarts: StoredStarts };
  /** Runs once the page is synced (or has its first bars): the server's memory is read here. */
  onReady?: () => void | Promise<void>;
}

export interface LoadResult {
  /** ms from navigation start; NaN when it did not happen within the timeout. */
  firstBars: number;
  /** The first drag the page took (Planline). */
  editable: Editable | null;
  /** The document synced (Planline). */
  ready: number;
  gaps: number[];
  heapMb: number;
  /** The heaps of the page's workers (Planline's document), MB. */
  workerHeapMb: number;
}

/** One load in a fresh browser context: navigation start → first bars painted (→ editable); optionally the scroll run. */
export async function measureLoad(browser: Browser, probeScript: string, app: App, url: string, cookies: Cookies, options: LoadOptions): Promise<LoadResult> {
  const { context, page } = await openPage(browser, probeScript, app, cookies);
  try {
    const startsBefore = await options.drag?.storedStarts();
    await page.goto(url, { waitUntil: 'commit' });
    // The bar to drag is looked for in the page from now on, as the first bars are: the drag starts one round trip
    // after a bar is on screen, not two (the first bars reported to the bench, then a bar asked for).
    const timeToDrag = options.drag ? options.readyTimeoutMs : undefined;
    const firstLook = timeToDrag ? probeWithin<BarToDrag | null>(timeToDrag, page, 'barToDragSoon', timeToDrag) : null;
    firstLook?.catch(() => {});
    const firstBars = await probeWithin<number>(options.firstBarsTimeoutMs, page, 'firstBars').catch(() => Number.NaN);
    const editable = firstLook && timeToDrag && Number.isFinite(firstBars) ? await dragUntilAccepted(page, timeToDrag, firstLook) : null;
    const ready =
      app.readySelector && options.readyTimeoutMs && Number.isFinite(firstBars)
        ? await probeWithin<number>(options.readyTimeoutMs, page, 'ready').catch(() => Number.NaN)
        : Number.NaN;
    if (editable && options.drag && startsBefore) await dragKept(page, editable, startsBefore, options.drag.storedStarts, options.readyTimeoutMs!);
    // BENCH_WATERFALL=1: what the load waited on (requests and main-thread tasks over 50 ms), for profiling.
    // (Not from a page that never drew: it may not answer at all.)
    if (process.env.BENCH_WATERFALL && Number.isFinite(firstBars)) {
      const waterfall = await page.evaluate(() => ({
        requests: performance.getEntriesByType('resource').map((e) => `${Math.round(e.startTime)}→${Math.round((e as PerformanceResourceTiming).responseEnd)} ${e.name.replace(location.origin, '')}`),
        longTasks: (window as unknown as { __longTasks: number[][] }).__longTasks.map(([at, ms]) => `${at}+${ms}`),
      }));
      const drag = editable ? ` (a bar to grab at ${Math.round(editable.barAt)}, drag ${editable.attempts}'s pointerdown at ${Math.round(editable.downAt)}${editable.onPicture ? ', on the picture' : ''})` : '';
      console.log(`[waterfall] ${app.label} first bars ${Math.round(firstBars)} ms, editable ${Math.round(editable?.at ?? Number.NaN)} ms${drag}, synced ${Math.round(ready)} ms\n  ${waterfall.requests.join('\n  ')}\n  long tasks: ${waterfall.longTasks.join(', ')}`);
    }
    await options.onReady?.();
    let gaps: number[] = [];
    let heapMb = Number.NaN;
    let workerHeapMb = Number.NaN;
    if (options.scroll && Number.isFinite(firstBars)) {
      // Let the page settle (late work after first paint) before measuring its heap and scrolling.
      await page.waitForTimeout(1500);
      heapMb = await jsHeapMb(page).catch(() => Number.NaN);
      gaps = await probe<number[]>(page, 'scroll', options.scroll.frames, options.scroll.stepPx);
      workerHeapMb = await workersHeapMb(page).catch(() => Number.NaN);
    }
    return { firstBars, editable, ready, gaps, heapMb, workerHeapMb };
  } finally {
    await context.close();
  }
}

/**
 * The drag timed as editable was an edit, not only a picture of one: once the page is synced its bar still shows the
 * dates it was dropped at, and the server has the task at another start date than before the load.
 */
async function dragKept(page: Page, editable: Editable, startsBefore: Map<string, string>, storedStarts: StoredStarts, timeoutMs: number) {
  const { taskId } = editable;
  const before = startsBefore.get(taskId);
  if (before === undefined) throw new Error(`the dragged task ${taskId} is not among the first tasks read from the server`);
  const deadline = Date.now() + timeoutMs;
  // The synced chart's tasks may reach the page a moment after it says so.
  for (let shown = await probe<string | null>(page, 'barDates', taskId); shown !== editable.after; shown = await probe<string | null>(page, 'barDates', taskId)) {
    if (Date.now() > deadline) throw new Error(`the dragged bar shows ${shown} once synced, not ${editable.after} where it was dropped`);
    await page.waitForTimeout(100);
  }
  while ((await storedStarts()).get(taskId) === before) {
    if (Date.now() > deadline) throw new Error(`the drag of ${taskId} (${editable.before} → ${editable.after}) did not reach the server within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Whether the page's origin keeps a project document with its snapshot (web/src/features/gantt/connection/device-copy.ts). */
function snapshotKept(): Promise<boolean> {
  return indexedDB.databases().then((list) => {
    const name = list.find((d) => d.name?.startsWith('planline-document:'))?.name;
    if (!name) return false;
    return new Promise<boolean>((resolve) => {
      const open = indexedDB.open(name);
      open.onerror = () => resolve(false);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('custom')) return void (db.close(), resolve(false));
        const read = db.transaction('custom').objectStore('custom').get('snapshot');
        read.onsuccess = () => (db.close(), resolve(typeof read.result === 'string' || read.result instanceof Blob));
        read.onerror = () => (db.close(), resolve(false));
      };
    });
  });
}

/**
 * A return visit (issue 18): one unmeasured load that keeps the project on the device, then the measured one in the
 * same browser context (its IndexedDB and HTTP cache), navigation start → first bars.
 */
export async function measureReturnVisit(browser: Browser, probeScript: string, url: string, cookies: Cookies, timeoutMs: number): Promise<number> {
  const { context, page } = await openPage(browser, probeScript, OURS, cookies);
  try {
    await page.goto(url, { waitUntil: 'commit' });
    await probeWithin<number>(timeoutMs, page, 'firstBars');
    const deadline = Date.now() + SNAPSHOT_KEPT_TIMEOUT_MS + timeoutMs;
    while (!(await page.evaluate(snapshotKept))) {
      if (Date.now() > deadline) throw new Error(`the project was not kept on the device within ${(SNAPSHOT_KEPT_TIMEOUT_MS + timeoutMs) / 1000} s`);
      await page.waitForTimeout(250);
    }
    await page.goto(url, { waitUntil: 'commit' });
    return await probeWithin<number>(timeoutMs, page, 'firstBars');
  } finally {
    await context.close();
  }
}

/** How far a drop drags its bar, px (about six days at the chart's first zoom). */
const DRAG_REACH_PX = 120;

/**
 * The id of the first whole bar (not cut by the chart's edge) that a pointer can grab and drag `reach` px either
 * way without leaving the chart's visible area: the page's first bar in the DOM may sit below the window (the chart
 * opens at today, so which rows show a whole bar depends on the day of the week), where the mouse grabs nothing.
 * Runs in the page.
 */
function barInReach(reach: number): string | null {
  for (const bar of document.querySelectorAll<HTMLElement>('[data-task-bar]:not([data-partial])')) {
    const scroller = bar.closest('[data-timeline-scroll]')?.getBoundingClientRect();
    if (!scroller) continue;
    const top = Math.max(scroller.top, 0);
    const bottom = Math.min(scroller.bottom, window.innerHeight);
    const left = Math.max(scroller.left, 0);
    const right = Math.min(scroller.right, window.innerWidth);
    const box = bar.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    if (box.top < top || box.bottom > bottom || x - reach < left || x + reach > right) continue;
    // Nothing drawn over its middle (a sticky header, a popover): the pointer lands on the bar itself.
    if (bar.contains(document.elementFromPoint(x, y))) return bar.getAttribute('data-task-bar');
  }
  return null;
}

/** Planline in two browsers: A drags a bar; how long until B has painted it in its new place. */
export async function measureDrops(browser: Browser, probeScript: string, url: string, project: SeededProject, drops: number, syncTimeoutMs: number): Promise<number[]> {
  // A plain edit's way to a teammate: every fifth task follows the one before, and with auto-scheduling a drag
  // to the left may land where the link puts it back (no change to see). The cascade has its own benchmark.
  await project.owner.client.request('PATCH', `/api/projects/${project.projectId}`, { autoSchedule: false });
  const a = await openPage(browser, probeScript, OURS, project.owner.client.browserCookies());
  const b = await openPage(browser, probeScript, OURS, project.members[0]!.client.browserCookies());
  try {
    await Promise.all([a.page.goto(url), b.page.goto(url)]);
    await Promise.all([probe(a.page, 'firstBars'), probe(b.page, 'firstBars')]);
    // First bars may be the server's snapshot (read-only): a drag needs the document, synced.
    await Promise.all([a.page, b.page].map((p) => p.locator(OURS.readySelector).waitFor({ timeout: syncTimeoutMs })));
    // The chart opens at today: when no whole bar shows there, the first one is scrolled to the middle of A's chart.
    const taskId =
      (await a.page.evaluate(barInReach, DRAG_REACH_PX)) ??
      (await a.page.locator('[data-task-bar]:not([data-partial])').first().evaluate((bar) => bar.scrollIntoView({ block: 'center', inline: 'center' })),
      await a.page.waitForTimeout(500),
      await a.page.evaluate(barInReach, DRAG_REACH_PX));
    if (!taskId) throw new Error(`no task bar lies in the chart's visible area with ${DRAG_REACH_PX} px to either side`);
    const selector = `[data-task-bar="${taskId}"]`;
    await b.page.locator(selector).waitFor({ state: 'visible' });
    const latencies: number[] = [];
    for (let i = 0; i < drops; i++) {
      const direction = i % 2 === 0 ? 1 : -1;
      await probe(b.page, 'armChange', selector, 'aria-label', '[data-holder]', 10_000);
      await probe(a.page, 'armPointerUp');
      const box = (await a.page.locator(selector).boundingBox())!;
      const y = box.y + box.height / 2;
      const x = box.x + box.width / 2;
      await a.page.mouse.move(x, y);
      await a.page.mouse.down();
      for (let step = 1; step <= 10; step++) await a.page.mouse.move(x + direction * step * (DRAG_REACH_PX / 10), y);
      await a.page.mouse.up();
      const shownAt = await probe<number>(b.page, 'changed');
      latencies.push(shownAt - (await probe<number>(a.page, 'pointerUpAt')));
      await a.page.waitForTimeout(300);
    }
    return latencies;
  } finally {
    await a.context.close();
    await b.context.close();
  }
}
