/**
 * A probe, not a benchmark (issue 35, "100,000 tasks must open, sync and take edits"): seeds one project of
 * [tasks] (default 100,000), opens it in BIG_LOADS pages one after the other (default 2: cold, then warm on the
 * server) and logs, per page, its connection state as it changes, the /collab frames and what the page and the
 * server print (LOG_LEVEL info: requests with their times, the event loop's late turns, closed connections).
 *
 *     TZ=UTC node --import tsx bench/src/timeline/big-sync-probe.ts [tasks]
 *
 * BIG_WEB_DIR: a web build to use (else one is made). BIG_PROFILE_LOAD=<n>: CPU profiles of that load's page and
 * workers, and BIG_SERVER_PROF=<dir>: of the server's main thread (cpu-profile-hook.mjs), written to BIG_PROFILE_DIR
 * (default the system's temporary directory). The frame times are those the page's main thread saw them at (CDP
 * reports a frame when the renderer hands it on), not when they reached the machine.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { buildProbe } from './peer-pages.js';
import { cleanupAll, installSignalHandlers, onCleanup } from '../lib/cleanup.js';
import { createBenchDatabase } from '../lib/database.js';
import { startPlanlineServer } from '../lib/server.js';
import { projectWithTasks } from '../lib/seed.js';
import { buildWeb } from '../lib/web-build.js';
import { launch, OURS } from './timeline-pages.js';

/** Starts the V8 profiler in the page and its workers; the function returned stops it and writes the profiles. */
async function profileAll(page: Page): Promise<(prefix: string) => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  const sessions: string[] = [];
  const replies = new Map<number, (result: unknown) => void>();
  let lastId = 0;
  const ask = (sessionId: string, method: string, params: object = {}) =>
    new Promise<unknown>((resolve) => {
      const id = ++lastId;
      replies.set(id, resolve);
      void cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) });
    });
  cdp.on('Target.attachedToTarget', (event) => {
    if (event.targetInfo.type !== 'worker') return;
    sessions.push(event.sessionId);
    log(`profiling worker ${event.targetInfo.url}`);
    void ask(event.sessionId, 'Profiler.enable').then(() => ask(event.sessionId, 'Profiler.setSamplingInterval', { interval: 1000 })).then(() => ask(event.sessionId, 'Profiler.start')).then(() => ask(event.sessionId, 'Runtime.runIfWaitingForDebugger'));
  });
  cdp.on('Target.receivedMessageFromTarget', (event) => {
    const reply = JSON.parse(event.message) as { id?: number; result?: unknown };
    if (reply.id !== undefined) replies.get(reply.id)?.(reply.result);
  });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 1000 });
  await cdp.send('Profiler.start');
  log(`page profiler started at wall ${Date.now()}`);
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: false });
  return async (prefix) => {
    mkdirSync(dirname(prefix), { recursive: true });
    const main = await cdp.send('Profiler.stop');
    writeFileSync(`${prefix}-page.cpuprofile`, JSON.stringify(main.profile));
    let i = 0;
    for (const sessionId of sessions) {
      const result = (await ask(sessionId, 'Profiler.stop')) as { profile?: unknown };
      if (result?.profile) writeFileSync(`${prefix}-worker${i++}.cpuprofile`, JSON.stringify(result.profile));
    }
    log(`profiles written: ${prefix}-*`);
  };
}

const size = Number(process.argv[2] ?? 100_000);
const waitMs = Number(process.env.BIG_WAIT_MS ?? 180_000);
const t0 = Date.now();
const log = (m: string) => console.log(`[${((Date.now() - t0) / 1000).toFixed(1)}s] ${m}`);

async function main() {
  installSignalHandlers();
  const db = await createBenchDatabase();
  const outDir = process.env.BIG_WEB_DIR && existsSync(process.env.BIG_WEB_DIR) ? process.env.BIG_WEB_DIR : (await buildWeb(log)).outDir;
  log(`web ${outDir}`);
  const server = await startPlanlineServer(db, randomBytes(32).toString('base64url'), { WEB_DIST_DIR: outDir, LOG_LEVEL: process.env.BIG_LOG_LEVEL ?? 'info', ...(process.env.BIG_SERVER_PROF ? { NODE_OPTIONS: `--import ${fileURLToPath(new URL('../lib/cpu-profile-hook.mjs', import.meta.url))}`, PLANLINE_CPU_PROFILE_DIR: process.env.BIG_SERVER_PROF } : {}) });
  log(`server ${server.url} pid ${server.pid}`);
  const project = await projectWithTasks(server.url, db.pool, `Big ${size}`, size, 1);
  log(`seeded ${size}`);
  const probeScript = await buildProbe();
  const browser = await launch();
  onCleanup('chromium', () => browser.close());
  const loads = Number(process.env.BIG_LOADS ?? 2);
  for (let load = 0; load < loads; load++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addCookies(project.owner.client.browserCookies());
    const config = { barSelector: OURS.barSelector, scrollSelector: OURS.scrollSelector, readySelector: OURS.readySelector, readyAttribute: OURS.readyAttribute, liveOnly: false };
    await context.addInitScript({ content: `window.__benchConfig = ${JSON.stringify(config)};\n${probeScript}` });
    const page = await context.newPage();
    const profiling = process.env.BIG_PROFILE_LOAD !== undefined && Number(process.env.BIG_PROFILE_LOAD) === load ? await profileAll(page) : null;
    const start = Date.now();
    log(`load ${load} goto at wall ${start}`);
    const at = () => `${((Date.now() - start) / 1000).toFixed(2)}s`;
    page.on('console', (m) => log(`load ${load} ${at()} console.${m.type()}: ${m.text().slice(0, 300)}`));
    page.on('pageerror', (e) => log(`load ${load} ${at()} pageerror: ${e.message}`));
    page.on('worker', (w) => log(`load ${load} ${at()} worker ${w.url()}`));
    page.on('websocket', (ws) => {
      log(`load ${load} ${at()} ws open ${ws.url()} wall ${Date.now()}`);
      ws.on('framesent', (f) => log(`load ${load} ${at()} ws sent ${typeof f.payload === 'string' ? f.payload.length : f.payload.byteLength} B`));
      ws.on('framereceived', (f) => {
        const n = typeof f.payload === 'string' ? f.payload.length : f.payload.byteLength;
        log(`load ${load} ${at()} ws received ${n} B`);
      });
      ws.on('close', () => log(`load ${load} ${at()} ws closed`));
      ws.on('socketerror', (e) => log(`load ${load} ${at()} ws error ${e}`));
    });
    await page.goto(`${server.url}/`, { waitUntil: 'commit', timeout: waitMs });
    let last = '';
    const deadline = Date.now() + waitMs;
    while (Date.now() < deadline) {
      const state = await page
        .evaluate(() => document.querySelector('[data-connection]')?.getAttribute('data-connection') ?? 'none')
        .catch((e: Error) => `eval failed ${e.message}`);
      if (state !== last) log(`load ${load} ${at()} data-connection=${state}`);
      last = state;
      if (state === 'synced') break;
      await new Promise((r) => setTimeout(r, 250));
    }
    log(`load ${load} done: ${last} at ${at()}`);
    if (profiling) await profiling(join(process.env.BIG_PROFILE_DIR ?? tmpdir(), `load${load}`));
    await context.close();
  }
  await server.close();
  const out = server.output();
  log(`server output (${out.length} chars), last 20000:\n${out.slice(-20000)}`);
}

main()
  .catch((err) => console.error(err))
  .finally(async () => {
    await cleanupAll();
    process.exit(0);
  });
