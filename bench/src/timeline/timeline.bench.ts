import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { assertRunning, onCleanup } from '../lib/cleanup.js';
import type { BenchContext } from '../lib/context.js';
import { CHROMIUM_PATH } from '../lib/paths.js';
import { atMost, BENCHMARK_TITLES, fmt, type Row, type Section, type Verdict } from '../lib/report.js';
import { startPlanlineServer } from '../lib/server.js';
import { projectWithTasks, type SeededProject } from '../lib/seed.js';
import { median, percentile } from '../lib/stats.js';
import { buildProbe, PEERS, servePeerPages, type PeerId } from './peer-pages.js';

interface TimelineWorkload {
  sizes: number[];
  /** Measured page loads per app and size (each in a fresh browser context: nothing cached). */
  loads: number;
  scrollFrames: number;
  scrollStepPx: number;
  drops: number;
}

const FULL: TimelineWorkload = { sizes: [1000, 10_000], loads: 3, scrollFrames: 300, scrollStepPx: 60, drops: 10 };
const QUICK: TimelineWorkload = { sizes: [1000, 10_000], loads: 1, scrollFrames: 60, scrollStepPx: 60, drops: 3 };

const FIRST_BARS_LIMIT_MS = 1000;
/** Issue 18: a return visit at 10,000 tasks shows its first bars within this. */
const RETURN_VISIT_LIMIT_MS = 300;
/** How long a first visit may take to keep its snapshot on the device (written 2 s after the document is quiet). */
const SNAPSHOT_KEPT_TIMEOUT_MS = 30_000;
const FRAME_LIMIT_MS = 16.7;
const FIRST_BARS_TIMEOUT_MS = 120_000;
const VIEWPORT = { width: 1280, height: 800 };
// A return visit paints the chart as it was left (web/src/first-screen.ts) before the app runs: its bars are `data-pictured-bar`.
const OURS = { id: 'planline', label: 'Planline', barSelector: '[data-task-bar], [data-pictured-bar]', scrollSelector: '[data-timeline-scroll]' } as const;

type AppId = 'planline' | PeerId;
const APPS: readonly { id: AppId; label: string; barSelector: string; scrollSelector?: string }[] = [OURS, ...PEERS];

interface AppResult {
  /** Time to first bars of each measured load, ms (NaN: no bars within the timeout). */
  firstBars: number[];
  /** Planline only: the first load, with the project's document not yet loaded on the server. */
  coldFirstBars?: number;
  /** Planline only: first bars of loads in a context that opened the project before (its copy kept on the device). */
  returnFirstBars?: number[] | string;
  frameGaps: number[];
  error?: string;
}

const PROBE_TIMEOUT_MS = 60_000;

/**
 * Calls a probe function in the page (bench/browser/probe.ts; the page side has the DOM types, not this file),
 * failing after `timeoutMs` rather than waiting forever on a page that never answers.
 */
function probe<T>(page: Page, method: string, ...args: unknown[]): Promise<T> {
  return probeWithin<T>(PROBE_TIMEOUT_MS, page, method, ...args);
}

function probeWithin<T>(timeoutMs: number, page: Page, method: string, ...args: unknown[]): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    page.evaluate(([name, params]) => (globalThis as any).__bench[name](...params), [method, args] as const) as Promise<T>,
    new Promise<T>((_, reject) => (timer = setTimeout(() => reject(new Error(`${method}: no answer within ${timeoutMs} ms`)), timeoutMs))),
  ]).finally(() => clearTimeout(timer));
}

function launch(): Promise<Browser> {
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

async function openPage(browser: Browser, probeScript: string, app: (typeof APPS)[number], cookies: { name: string; value: string; url: string }[] = []) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  context.setDefaultTimeout(30_000);
  if (cookies.length) await context.addCookies(cookies);
  const config = { barSelector: app.barSelector, scrollSelector: 'scrollSelector' in app ? app.scrollSelector : undefined };
  await context.addInitScript({ content: `window.__benchConfig = ${JSON.stringify(config)};\n${probeScript}` });
  if (process.env.BENCH_WATERFALL) {
    await context.addInitScript({
      content: `window.__longTasks = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__longTasks.push([Math.round(e.startTime), Math.round(e.duration)]); }).observe({ type: 'longtask', buffered: true });`,
    });
  }
  const page = await context.newPage();
  return { context, page };
}

/** One load: navigation start → first bars painted; optionally then the scroll run. */
async function measureLoad(browser: Browser, probeScript: string, app: (typeof APPS)[number], url: string, cookies: { name: string; value: string; url: string }[], scroll: TimelineWorkload | null) {
  const { context, page } = await openPage(browser, probeScript, app, cookies);
  try {
    await page.goto(url, { waitUntil: 'commit' });
    const firstBars = await probeWithin<number>(FIRST_BARS_TIMEOUT_MS, page, 'firstBars').catch(() => Number.NaN);
    // BENCH_WATERFALL=1: what the load waited on (requests and main-thread tasks over 50 ms), for profiling.
    if (process.env.BENCH_WATERFALL) {
      const waterfall = await page.evaluate(() => ({
        requests: performance.getEntriesByType('resource').map((e) => `${Math.round(e.startTime)}→${Math.round((e as PerformanceResourceTiming).responseEnd)} ${e.name.replace(location.origin, '')}`),
        longTasks: (window as unknown as { __longTasks: number[][] }).__longTasks.map(([at, ms]) => `${at}+${ms}`),
      }));
      console.log(`[waterfall] ${app.label} first bars ${Math.round(firstBars)} ms\n  ${waterfall.requests.join('\n  ')}\n  long tasks: ${waterfall.longTasks.join(', ')}`);
    }
    let gaps: number[] = [];
    if (scroll && Number.isFinite(firstBars)) {
      // Let the page settle (late work after first paint) before scrolling.
      await page.waitForTimeout(1500);
      gaps = await probe<number[]>(page, 'scroll', scroll.scrollFrames, scroll.scrollStepPx);
    }
    return { firstBars, gaps };
  } finally {
    await context.close();
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
        read.onsuccess = () => (db.close(), resolve(typeof read.result === 'string'));
        read.onerror = () => (db.close(), resolve(false));
      };
    });
  });
}

/**
 * A return visit (issue 18): one unmeasured load that keeps the project on the device, then the measured one in the
 * same browser context (its IndexedDB and HTTP cache), navigation start → first bars.
 */
async function measureReturnVisit(browser: Browser, probeScript: string, url: string, cookies: { name: string; value: string; url: string }[]): Promise<number> {
  const { context, page } = await openPage(browser, probeScript, OURS, cookies);
  try {
    await page.goto(url, { waitUntil: 'commit' });
    await probeWithin<number>(FIRST_BARS_TIMEOUT_MS, page, 'firstBars');
    const deadline = Date.now() + SNAPSHOT_KEPT_TIMEOUT_MS;
    while (!(await page.evaluate(snapshotKept))) {
      if (Date.now() > deadline) throw new Error(`the project was not kept on the device within ${SNAPSHOT_KEPT_TIMEOUT_MS / 1000} s`);
      await page.waitForTimeout(250);
    }
    await page.goto(url, { waitUntil: 'commit' });
    return await probeWithin<number>(FIRST_BARS_TIMEOUT_MS, page, 'firstBars');
  } finally {
    await context.close();
  }
}

/** Planline in two browsers: A drags a bar; how long until B has painted it in its new place. */
async function measureDrops(browser: Browser, probeScript: string, url: string, project: SeededProject, drops: number): Promise<number[]> {
  // A plain edit's way to a teammate: every fifth task follows the one before, and with auto-scheduling a drag
  // to the left may land where the link puts it back (no change to see). The cascade has its own benchmark.
  await project.owner.client.request('PATCH', `/api/projects/${project.projectId}`, { autoSchedule: false });
  const a = await openPage(browser, probeScript, OURS, project.owner.client.browserCookies());
  const b = await openPage(browser, probeScript, OURS, project.members[0]!.client.browserCookies());
  try {
    await Promise.all([a.page.goto(url), b.page.goto(url)]);
    await Promise.all([probe(a.page, 'firstBars'), probe(b.page, 'firstBars')]);
    // First bars may be the server's snapshot (read-only): a drag needs the document, synced.
    await Promise.all([a.page, b.page].map((p) => p.locator('[data-connection="synced"]').waitFor({ timeout: 60_000 })));
    const bar = a.page.locator('[data-task-bar]:not([data-partial])').first();
    const taskId = (await bar.getAttribute('data-task-bar'))!;
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
      for (let step = 1; step <= 10; step++) await a.page.mouse.move(x + direction * step * 12, y);
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

const p95 = (gaps: number[]) => percentile(gaps, 95);
const msText = (ms: number) => (Number.isFinite(ms) ? fmt(ms, ms < 100 ? 1 : 0, 'ms') : `> ${FIRST_BARS_TIMEOUT_MS / 1000} s`);

export async function timelineBenchmark(ctx: BenchContext): Promise<Section> {
  const load = ctx.quick ? QUICK : FULL;
  const web = await ctx.webBuild();
  const server = await startPlanlineServer(ctx.db, ctx.sessionSecret, { WEB_DIST_DIR: web.outDir });
  try {
    const projects = new Map<number, SeededProject>();
    const tasksBySize = new Map<number, unknown>();
    for (const size of load.sizes) {
      // One team and project per size, so the workspace opens it by itself (the first team's first project).
      const project = await projectWithTasks(server.url, ctx.db.pool, `Timeline ${size}`, size, 1);
      projects.set(size, project);
      const tasks = await project.owner.client.get<{ id: string; name: string; startDate: string; endDate: string; progress: number; dependencies: string[] }[]>(
        `/api/projects/${project.projectId}/tasks`,
      );
      tasksBySize.set(size, tasks.map((t) => ({ id: t.id, name: t.name, start: t.startDate, end: t.endDate, progress: t.progress, dependencies: t.dependencies })));
    }
    const peersUrl = await servePeerPages(tasksBySize);
    const probeScript = await buildProbe();
    const browser = await launch();
    onCleanup('chromium', () => browser.close());

    const results = new Map<string, AppResult>();
    const drops = new Map<number, number[] | string>();
    for (const size of load.sizes) {
      const project = projects.get(size)!;
      for (const app of APPS) {
        const result: AppResult = { firstBars: [], frameGaps: [] };
        results.set(`${app.id}:${size}`, result);
        const url = app.id === 'planline' ? `${server.url}/` : `${peersUrl}/${app.id}.html?n=${size}`;
        const cookies = app.id === 'planline' ? project.owner.client.browserCookies() : [];
        try {
          if (app.id === 'planline') result.coldFirstBars = (await measureLoad(browser, probeScript, app, url, cookies, null)).firstBars;
          for (let i = 0; i < load.loads; i++) {
            ctx.log(`timeline: ${app.label}, ${size} tasks, load ${i + 1} of ${load.loads}…`);
            const last = i === load.loads - 1;
            const measured = await measureLoad(browser, probeScript, app, url, cookies, last ? load : null);
            result.firstBars.push(measured.firstBars);
            if (last) result.frameGaps = measured.gaps;
          }
          if (app.id === 'planline') {
            const visits: number[] = [];
            try {
              for (let i = 0; i < load.loads; i++) {
                ctx.log(`timeline: Planline, ${size} tasks, return visit ${i + 1} of ${load.loads}…`);
                visits.push(await measureReturnVisit(browser, probeScript, url, cookies));
              }
              result.returnFirstBars = visits;
            } catch (err) {
              result.returnFirstBars = err instanceof Error ? err.message.split('\n')[0]! : String(err);
            }
          }
        } catch (err) {
          result.error = err instanceof Error ? err.message.split('\n')[0] : String(err);
          ctx.log(`timeline: ${app.label}, ${size} tasks failed: ${result.error}`);
        }
      }
      ctx.log(`timeline: drops between two browsers, ${size} tasks…`);
      try {
        drops.set(size, await measureDrops(browser, probeScript, `${server.url}/`, project, load.drops));
      } catch (err) {
        drops.set(size, err instanceof Error ? err.message.split('\n')[0]! : String(err));
      }
    }
    return buildSection(results, drops, load);
  } finally {
    await server.close();
  }
}

function buildSection(results: Map<string, AppResult>, drops: Map<number, number[] | string>, load: TimelineWorkload): Section {
  const get = (app: AppId, size: number) => results.get(`${app}:${size}`)!;
  const firstBars = (app: AppId, size: number) => median(get(app, size).firstBars.map((v) => (Number.isFinite(v) ? v : Infinity)));
  const scrollP95 = (app: AppId, size: number) => (get(app, size).frameGaps.length ? p95(get(app, size).frameGaps) : Number.NaN);
  const ahead = (ours: number, peers: number[]): Verdict => (Number.isFinite(ours) ? (peers.every((p) => ours < p || Number.isNaN(p)) ? 'pass' : 'miss') : '');

  const rows: Row[] = [];
  for (const size of load.sizes) {
    const n = size.toLocaleString('en-US');
    const bars = firstBars('planline', size);
    const peerBars = PEERS.map((p) => firstBars(p.id, size));
    const scroll = scrollP95('planline', size);
    const peerScroll = PEERS.map((p) => scrollP95(p.id, size));
    if (size === 10_000) rows.push({ metric: `${n} tasks: time to first bars`, value: msText(bars), target: `≤ ${FIRST_BARS_LIMIT_MS} ms`, verdict: atMost(bars, FIRST_BARS_LIMIT_MS) });
    const returning = get('planline', size).returnFirstBars;
    const returnBars = Array.isArray(returning) ? median(returning.map((v) => (Number.isFinite(v) ? v : Infinity))) : Number.NaN;
    if (size === 10_000) {
      rows.push({
        metric: `${n} tasks: a return visit, time to first bars`,
        value: typeof returning === 'string' ? `failed: ${returning}` : msText(returnBars),
        target: `≤ ${RETURN_VISIT_LIMIT_MS} ms`,
        verdict: atMost(returnBars, RETURN_VISIT_LIMIT_MS),
      });
    }
    rows.push({ metric: `${n} tasks: first bars ahead of every peer (fastest peer ${msText(Math.min(...peerBars))})`, value: msText(bars), target: 'ahead', verdict: ahead(bars, peerBars) });
    rows.push({ metric: `${n} tasks: scroll frame time p95`, value: fmt(scroll, 1, 'ms'), target: `≤ ${FRAME_LIMIT_MS} ms`, verdict: atMost(scroll, FRAME_LIMIT_MS) });
    rows.push({ metric: `${n} tasks: scroll ahead of or level with every peer (best peer p95 ${fmt(Math.min(...peerScroll.filter(Number.isFinite)), 1, 'ms')})`, value: fmt(scroll, 1, 'ms'), target: 'ahead', verdict: ahead(scroll, peerScroll.map((p) => p + 1e-9)) });
  }

  const grid: string[][] = [];
  for (const size of load.sizes) {
    for (const app of APPS) {
      const r = get(app.id, size);
      const over = r.frameGaps.filter((g) => g > FRAME_LIMIT_MS).length;
      grid.push([
        `${app.label}, ${size.toLocaleString('en-US')} tasks`,
        r.error ? `failed: ${r.error}` : `${msText(firstBars(app.id, size))} (${r.firstBars.map((v) => (Number.isFinite(v) ? fmt(v, 0) : '—')).join(', ')})`,
        r.coldFirstBars !== undefined ? msText(r.coldFirstBars) : '',
        typeof r.returnFirstBars === 'string'
          ? `failed: ${r.returnFirstBars}`
          : r.returnFirstBars
            ? `${msText(median(r.returnFirstBars.map((v) => (Number.isFinite(v) ? v : Infinity))))} (${r.returnFirstBars.map((v) => (Number.isFinite(v) ? fmt(v, 0) : '—')).join(', ')})`
            : '',
        r.frameGaps.length ? `${fmt(median(r.frameGaps), 1)} / ${fmt(p95(r.frameGaps), 1)} / ${fmt(Math.max(...r.frameGaps), 1)}` : '—',
        r.frameGaps.length ? `${over} of ${r.frameGaps.length}` : '—',
      ]);
    }
  }
  const dropGrid = load.sizes.map((size) => {
    const d = drops.get(size)!;
    return typeof d === 'string'
      ? [`${size.toLocaleString('en-US')} tasks`, `failed: ${d}`, '', '']
      : [`${size.toLocaleString('en-US')} tasks`, fmt(median(d), 0, 'ms'), fmt(Math.max(...d), 0, 'ms'), d.map((v) => fmt(v, 0)).join(', ')];
  });

  return {
    id: 'timeline',
    title: BENCHMARK_TITLES.timeline,
    tables: [
      { rows },
      { caption: 'Loads and scrolling', header: ['', 'first bars, median (each load, ms)', 'first load, document cold on the server', 'a return visit, median (each, ms)', 'frame time median / p95 / max (ms)', 'frames over 16.7 ms'], grid },
      { caption: 'Drop in one browser → the other browser shows the move', header: ['', 'median', 'max', 'each drop (ms)'], grid: dropGrid },
    ],
    method: [
      `Headless Chromium (playwright-core, ${CHROMIUM_PATH}, the e2e flags; ${VIEWPORT.width}×${VIEWPORT.height}) and the production web build served by a server`,
      `process. Projects of ${load.sizes.map((s) => s.toLocaleString('en-US')).join(' and ')} tasks (bulk SQL insert, every fifth task depends on the one before), each`,
      'the only project of its team, so the workspace opens it at "/". Time to first bars: navigation start until the frame',
      'with the first task bar is painted (a probe injected before the page scripts: MutationObserver, then rAF and a task),',
      `${load.loads} load${load.loads > 1 ? 's' : ''} per app and size, each in a fresh browser context (empty cache), median; for Planline after one unmeasured load`,
      `that opens the project document on the server (shown separately). A return visit: in a fresh context, one load that keeps the`,
      `project on the device (IndexedDB: the document and a snapshot of its tasks), then a second navigation in the same context, measured`,
      `the same way (${load.loads} such pairs, median). Scrolling: after the last load, the rows are scrolled by`,
      `${load.scrollStepPx} px every animation frame for ${load.scrollFrames} frames; frame time is the gap between rAF timestamps (16.7 ms at 60 Hz).`,
      'Peers: frappe-gantt, dhtmlx-gantt and @svar-ui/react-gantt, each in a minimal page bundled for the bench by esbuild',
      '(production, minified; bench/browser/peers), chart 1248×560 px like ours, day scale, drawing the same tasks and dependencies',
      'read once from our API and served as JSON beside the page. Drop: two browser contexts (owner and a member) on the project;',
      `A drags a bar ~120 px and lets go; from A's pointerup to B's painted frame with the bar at its new dates and A's hand gone from it`,
      `(B sees the drag live as a preview: the move is shown once the stored edit and the end of the drag have arrived), wall clock, ${load.drops} drops.`,
    ],
    findings: [],
  };
}
