import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { ViewAction } from '../../browser/probe.js';
import { atMost, fmt, type Row, type Table } from '../lib/report.js';
import type { SeededProject } from '../lib/seed.js';
import { median } from '../lib/stats.js';
import { PEERS } from './peer-pages.js';
import type { SizePlan } from './timeline-report.js';
import { DROPPED_FRAME_GAP_MS, droppedFrames, measureLoad, OURS, openPage, probeWithin, type App } from './timeline-pages.js';

/**
 * Issue 39's benchmark of the task grid, a part of the timeline bench run after its loads (at the sizes of 10,000
 * tasks and more): scrolling with eight columns shown, ours against the peers' grids; sorting, filtering and
 * grouping 10,000 tasks through the view controls; typing in a cell at 100,000 tasks.
 */

/** The eight columns, as the page's URL carries a view (domain encodeGridView; web grid-view-persistence). */
export const EIGHT_COLUMNS = 'name,wbs,start,finish,duration,predecessors,progress,status';
/** The peers with a task grid (`?grid=8`: bench/browser/peers/common.ts wantsGrid); frappe-gantt has none. */
const GRID_PEERS: readonly App[] = PEERS.filter((p) => p.id === 'dhtmlx' || p.id === 'svar');
/** Issue 39's targets. */
const VIEW_CHANGE_LIMIT_MS = 50;
const VIEW_CHANGE_SIZE = 10_000;
const TYPING_SIZE = 100_000;
/** Each view change is timed this many times (the median is reported). */
const VIEW_CHANGE_REPEATS = 7;
const VIEW_CHANGE_TIMEOUT_MS = 10_000;
/** Typed into a name cell, one key every TYPE_DELAY_MS, in each of TYPING_RUNS edits. */
const TYPED = ' renamed while the plan scrolls';
const TYPE_DELAY_MS = 50;
const TYPING_RUNS = 3;

const SORT_PANEL = '[role="dialog"][aria-label="Sort tasks"]';
const FILTER_PANEL = '[role="dialog"][aria-label="Filter tasks"]';
const GROUP_SELECT = '[role="group"][aria-label="Task view"] > select';

/**
 * The view changes timed: the action, the one that undoes it (timed as well, to know it applied, not reported),
 * and the toolbar button that opens its panel (a person opens it first; the opening is not timed).
 */
const VIEW_CHANGES: { id: string; label: string; panel?: RegExp; action: ViewAction; undo: ViewAction }[] = [
  {
    id: 'sort',
    label: 'sort by name (Sort: a column chosen)',
    panel: /^Sort/,
    action: { kind: 'select', selector: `${SORT_PANEL} select`, value: 'name' },
    undo: { kind: 'select', selector: `${SORT_PANEL} select`, value: '' },
  },
  {
    id: 'filter-text',
    label: 'filter by a word (Filter: "Review" put in its text)',
    panel: /^Filter/,
    action: { kind: 'text', selector: `${FILTER_PANEL} input[type="search"]`, value: 'Review' },
    undo: { kind: 'text', selector: `${FILTER_PANEL} input[type="search"]`, value: '' },
  },
  {
    id: 'filter-status',
    label: 'filter by status (Filter: Completed ticked)',
    panel: /^Filter/,
    action: { kind: 'check', selector: `${FILTER_PANEL} label`, text: 'Completed' },
    undo: { kind: 'check', selector: `${FILTER_PANEL} label`, text: 'Completed' },
  },
  {
    id: 'group',
    label: 'group by status (Group by chosen)',
    action: { kind: 'select', selector: GROUP_SELECT, value: 'status' },
    undo: { kind: 'select', selector: GROUP_SELECT, value: 'none' },
  },
];

export interface GridBenchResults {
  /** `${app}:${size}` → the rAF gaps of the 300-frame scroll with eight columns, or why it failed. */
  scroll: Map<string, number[] | string>;
  /** Sizes scrolled. */
  sizes: number[];
  /** View change id → ms of each (at 10,000 tasks), or why it failed; empty when 10,000 was not run. */
  viewChanges: Map<string, number[] | string>;
  /** The rAF gaps of each typing run at 100,000 tasks, or why it failed; null when 100,000 was not run. */
  typing: number[][] | string | null;
}

export interface GridBenchInput {
  browser: Browser;
  probeScript: string;
  serverUrl: string;
  peersUrl: string;
  projects: ReadonlyMap<number, SeededProject>;
  plans: readonly SizePlan[];
  /** Measure the scroll with eight columns (not with BENCH_GRID_ONLY). */
  scroll: boolean;
  log: (line: string) => void;
}

const firstLine = (err: unknown) => (err instanceof Error ? err.message.split('\n')[0]! : String(err));
const cookiesOf = (input: GridBenchInput, size: number) => input.projects.get(size)!.owner.client.browserCookies();
const oursUrl = (serverUrl: string) => `${serverUrl}/?cols=${EIGHT_COLUMNS}`;

export async function gridBenchmark(input: GridBenchInput): Promise<GridBenchResults> {
  const { browser, probeScript, serverUrl, peersUrl, log } = input;
  const plans = input.plans.filter((p) => p.size >= VIEW_CHANGE_SIZE);
  const results: GridBenchResults = { scroll: new Map(), sizes: input.scroll ? plans.map((p) => p.size) : [], viewChanges: new Map(), typing: null };
  for (const plan of plans) {
    const { size } = plan;
    const cookies = cookiesOf(input, size);
    for (const app of input.scroll ? [OURS, ...GRID_PEERS] : []) {
      const ours = app.id === OURS.id;
      log(`timeline grid: ${app.label}, ${size} tasks, scroll with eight columns…`);
      try {
        const url = ours ? oursUrl(serverUrl) : `${peersUrl}/${app.id}.html?n=${size}&grid=8`;
        const measured = await measureLoad(browser, probeScript, app, url, ours ? cookies : [], {
          firstBarsTimeoutMs: ours ? plan.firstBarsTimeoutMs : plan.peerTimeoutMs,
          readyTimeoutMs: plan.readyTimeoutMs,
          scroll: plan.scroll,
        });
        results.scroll.set(`${app.id}:${size}`, Number.isFinite(measured.firstBars) ? measured.gaps : `did not load in ${(ours ? plan.firstBarsTimeoutMs : plan.peerTimeoutMs) / 1000} s`);
      } catch (err) {
        results.scroll.set(`${app.id}:${size}`, firstLine(err));
      }
    }
    if (size === VIEW_CHANGE_SIZE) {
      log(`timeline grid: Planline, ${size} tasks, sort, filter and group…`);
      await onSyncedPage(input, size, plan.readyTimeoutMs, async (page) => {
        for (const change of VIEW_CHANGES) {
          try {
            results.viewChanges.set(change.id, await timeViewChange(page, change));
          } catch (err) {
            results.viewChanges.set(change.id, firstLine(err));
          }
        }
      }).catch((err) => {
        for (const change of VIEW_CHANGES) if (!results.viewChanges.has(change.id)) results.viewChanges.set(change.id, firstLine(err));
      });
    }
    if (size === TYPING_SIZE) {
      log(`timeline grid: Planline, ${size} tasks, typing in a cell…`);
      results.typing = await onSyncedPage(input, size, plan.readyTimeoutMs, timeTyping).catch(firstLine);
    }
  }
  return results;
}

/** Opens Planline with eight columns at `size` tasks, waits for it to be synced and settled, then runs `use`. */
async function onSyncedPage<T>(input: GridBenchInput, size: number, readyTimeoutMs: number, use: (page: Page) => Promise<T>): Promise<T> {
  const { context, page } = await openPage(input.browser, input.probeScript, OURS, cookiesOf(input, size));
  try {
    await page.goto(oursUrl(input.serverUrl), { waitUntil: 'commit' });
    await probeWithin<number>(readyTimeoutMs, page, 'ready');
    // Late work after the sync (as before the load's scroll) is not the action's.
    await page.waitForTimeout(1500);
    return await use(page);
  } finally {
    await context.close();
  }
}

/**
 * BENCH_GRID_PROFILE=<dir>: `run` under the page's CPU profiler, written as <dir>/<name>.cpuprofile; with BENCH_GRID_TRACE=1
 * a Chromium trace instead (<name>.trace.json: style, layout, paint and the compositor). Otherwise just `run`.
 */
async function profiled<T>(page: Page, name: string, run: () => Promise<T>): Promise<T> {
  const dir = process.env.BENCH_GRID_PROFILE;
  if (!dir) return run();
  if (process.env.BENCH_GRID_TRACE) {
    await mkdir(dir, { recursive: true });
    const browser = page.context().browser()!;
    await browser.startTracing(page, { path: join(dir, `${name}.trace.json`), categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'cc', 'gpu', 'viz'] });
    try {
      return await run();
    } finally {
      await browser.stopTracing();
    }
  }
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    const result = await run();
    const { profile } = await cdp.send('Profiler.stop');
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
    return result;
  } finally {
    await cdp.detach();
  }
}

/** The change done and undone VIEW_CHANGE_REPEATS times: ms from each doing to the painted frame with it applied. */
async function timeViewChange(page: Page, change: (typeof VIEW_CHANGES)[number]): Promise<number[]> {
  if (change.panel) await page.getByRole('button', { name: change.panel }).click();
  const times: number[] = [];
  for (let i = 0; i < VIEW_CHANGE_REPEATS; i++) {
    times.push(await probeWithin<number>(VIEW_CHANGE_TIMEOUT_MS + 5000, page, 'viewChange', change.action, VIEW_CHANGE_TIMEOUT_MS));
    await page.waitForTimeout(300);
    await probeWithin<number>(VIEW_CHANGE_TIMEOUT_MS + 5000, page, 'viewChange', change.undo, VIEW_CHANGE_TIMEOUT_MS);
    await page.waitForTimeout(300);
  }
  // BENCH_GRID_PROFILE=<dir>: one more, under the page's CPU profiler.
  if (process.env.BENCH_GRID_PROFILE) {
    await profiled(page, change.id, () => probeWithin<number>(VIEW_CHANGE_TIMEOUT_MS + 5000, page, 'viewChange', change.action, VIEW_CHANGE_TIMEOUT_MS));
    await probeWithin<number>(VIEW_CHANGE_TIMEOUT_MS + 5000, page, 'viewChange', change.undo, VIEW_CHANGE_TIMEOUT_MS);
  }
  if (change.panel) await page.keyboard.press('Escape');
  return times;
}

/**
 * The cursor put on a name cell (its row's WBS cell clicked, then Left), F2 to edit it, TYPED typed a key every TYPE_DELAY_MS (real key
 * events) while the page records its frames; Escape then leaves the task as it was. TYPING_RUNS runs, on the
 * first rows' names in turn.
 */
async function timeTyping(page: Page): Promise<number[][]> {
  const runs: number[][] = [];
  for (let run = 0; run < TYPING_RUNS; run++) {
    try {
      // The name itself is a button that opens the task: the cursor comes to the name cell from its WBS cell.
      await page.locator('#root [data-grid-cell$="|wbs"]').nth(run).click();
      await page.keyboard.press('ArrowLeft');
      await page.locator('#root [data-grid-cell$="|name"][data-cursor]').waitFor({ timeout: 10_000 });
      await page.keyboard.press('F2');
      const editor = page.locator('#root input[data-grid-editor="name"]:focus');
      await editor.waitFor({ state: 'visible', timeout: 10_000 });
      const before = await editor.inputValue({ timeout: 5000 });
      const gaps = await profiled(page, `typing-${run + 1}`, async () => {
        await probeWithin(5000, page, 'startFrames');
        await page.keyboard.type(TYPED, { delay: TYPE_DELAY_MS });
        // The last key's frame, then the gaps.
        await page.waitForTimeout(100);
        return probeWithin<number[]>(5000, page, 'stopFrames');
      });
      const typed = await editor.inputValue({ timeout: 5000 });
      if (typed !== before + TYPED) throw new Error(`the cell's editor holds "${typed}", not "${before + TYPED}"`);
      await page.keyboard.press('Escape');
      runs.push(gaps);
      await page.waitForTimeout(300);
    } catch (err) {
      throw new Error(`typing run ${run + 1}: ${firstLine(err)}`);
    }
  }
  return runs;
}

const n = (size: number) => size.toLocaleString('en-US');
const msText = (ms: number) => (Number.isFinite(ms) ? fmt(ms, ms < 100 ? 1 : 0, 'ms') : '—');

/** The grid's rows of the timeline section, with targets and verdicts, and the figures behind them. */
export function gridTables(results: GridBenchResults): Table[] {
  const rows: Row[] = [];
  const detail: string[][] = [];
  const dropped = (id: string, size: number) => {
    const gaps = results.scroll.get(`${id}:${size}`);
    return Array.isArray(gaps) && gaps.length ? droppedFrames(gaps) : Number.NaN;
  };
  for (const size of results.sizes) {
    const ours = dropped(OURS.id, size);
    const peers = GRID_PEERS.map((p) => dropped(p.id, size)).filter(Number.isFinite);
    const best = peers.length ? Math.min(...peers) : Number.NaN;
    const failed = results.scroll.get(`${OURS.id}:${size}`);
    rows.push({
      metric: `${n(size)} tasks, eight columns: scroll, dropped frames no more than the best peer's grid (${Number.isFinite(best) ? fmt(best, 0) : 'no peer scrolled'})`,
      value: typeof failed === 'string' ? `failed: ${failed}` : fmt(ours, 0),
      target: 'level or ahead',
      verdict: Number.isFinite(best) && Number.isFinite(ours) ? atMost(ours, best) : typeof failed === 'string' ? 'miss' : '',
    });
    for (const app of [OURS, ...GRID_PEERS]) {
      const gaps = results.scroll.get(`${app.id}:${size}`);
      detail.push([
        `${app.label}, ${n(size)} tasks, eight columns: scroll`,
        typeof gaps === 'string' ? `failed: ${gaps}` : gaps?.length ? `${droppedFrames(gaps)} of ${gaps.length} dropped; frame time median ${fmt(median(gaps), 1)} ms, max ${fmt(Math.max(...gaps), 1)} ms` : '—',
      ]);
    }
  }
  for (const change of VIEW_CHANGES) {
    const times = results.viewChanges.get(change.id);
    if (!times) continue;
    const value = typeof times === 'string' ? Number.NaN : median(times);
    rows.push({
      metric: `${n(VIEW_CHANGE_SIZE)} tasks, eight columns: ${change.label}, until the rows are painted (median of ${VIEW_CHANGE_REPEATS})`,
      value: typeof times === 'string' ? `failed: ${times}` : msText(value),
      target: `≤ ${VIEW_CHANGE_LIMIT_MS} ms`,
      verdict: typeof times === 'string' ? 'miss' : atMost(value, VIEW_CHANGE_LIMIT_MS),
    });
    detail.push([`Planline, ${n(VIEW_CHANGE_SIZE)} tasks: ${change.label}`, typeof times === 'string' ? `failed: ${times}` : `each (ms): ${times.map((t) => fmt(t, 0)).join(', ')}`]);
  }
  if (results.typing !== null) {
    const runs = results.typing;
    const total = typeof runs === 'string' ? Number.NaN : runs.reduce((sum, gaps) => sum + droppedFrames(gaps), 0);
    rows.push({
      metric: `${n(TYPING_SIZE)} tasks: typing ${TYPED.length} characters in a name cell (a key every ${TYPE_DELAY_MS} ms, ${TYPING_RUNS} times), dropped frames (gap > ${DROPPED_FRAME_GAP_MS} ms)`,
      value: typeof runs === 'string' ? `failed: ${runs}` : fmt(total, 0),
      target: '0',
      verdict: typeof runs === 'string' ? 'miss' : atMost(total, 0),
    });
    if (typeof runs !== 'string') {
      detail.push([
        `Planline, ${n(TYPING_SIZE)} tasks: typing in a name cell`,
        runs.map((gaps) => `${droppedFrames(gaps)} of ${gaps.length} dropped (max ${fmt(Math.max(...gaps), 1)} ms)`).join('; '),
      ]);
    }
  }
  if (!rows.length) return [];
  return [
    { caption: 'The task grid (issue 39)', rows },
    { caption: 'The task grid: each measurement', header: ['', ''], grid: detail },
  ];
}

/** How the grid's figures are taken, for the section's method. */
export const GRID_METHOD = [
  `The task grid (issue 39), at 10,000 tasks and more: Planline opened with eight columns in its URL (\`?cols=${EIGHT_COLUMNS}\`), dhtmlx-gantt and SVAR`,
  "with `?grid=8` (their task grids with eight columns; frappe-gantt has none): a load each, then the scroll above, compared with the best peer's.",
  `At ${n(VIEW_CHANGE_SIZE)} tasks, on Planline synced and settled: each view change done through its control (its panel opened first, as a person`,
  "would; the select's or input's value set and its change or input event dispatched, or the checkbox clicked, in the page) and timed from",
  `just before it to the painted frame (rAF, then a task) in which the task list's first row had changed; undone between, ${VIEW_CHANGE_REPEATS} times each, median.`,
  `At ${n(TYPING_SIZE)} tasks: the cursor put on a name cell (its WBS cell clicked, then Left), F2, then ${TYPED.length} characters typed with real key events a key every ${TYPE_DELAY_MS} ms while the page records its`,
  `rAF gaps (then Escape), ${TYPING_RUNS} times on the first rows' names; a dropped frame is a gap over ${DROPPED_FRAME_GAP_MS} ms.`,
];
