/**
 * [workload-overloads-cache] Issue 35's probe of the chart's over-allocation read at 100,000 tasks, and of the
 * first-screen renderer's load:
 *
 *     TZ=UTC node --import tsx bench/src/workload/overloads-probe.ts [tasks]
 *
 * Seeds one team's 100,000-task project (PostgreSQL, as the bench does), then times GET …/workload?only=overloads
 * (the chart's read over the months it shows) cold, repeated, and after one task is moved (PATCH), while a second
 * client asks GET /api/health every 20 ms: the slowest of those answers is how long the read held the server's
 * event loop. Then loads web/dist's first-screen renderer in a fresh process, the cost a fresh server's first page
 * paid before it was loaded at start-up. Prints one JSON object; the machine's load average with it.
 */
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { cleanupAll, installSignalHandlers } from '../lib/cleanup.js';
import { createBenchDatabase } from '../lib/database.js';
import { projectWithTasks, todayUtc } from '../lib/seed.js';
import { startPlanlineServer } from '../lib/server.js';

const TASKS = Number(process.argv[2] ?? 100_000);
const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Runs `read` while health is asked every 20 ms; the read's time and the slowest health answer meanwhile. */
async function timed(baseUrl: string, read: () => Promise<unknown>): Promise<{ ms: number; slowestHealthMs: number }> {
  let slowest = 0;
  let done = false;
  const probe = (async () => {
    while (!done) {
      const t = performance.now();
      await fetch(`${baseUrl}/api/health`);
      slowest = Math.max(slowest, performance.now() - t);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const started = performance.now();
  await read();
  const ms = performance.now() - started;
  done = true;
  await probe;
  return { ms: Math.round(ms), slowestHealthMs: Math.round(slowest) };
}

async function main() {
  installSignalHandlers();
  const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');
  const out: Record<string, unknown> = { tasks: TASKS, loadAtStart: load() };
  const db = await createBenchDatabase();
  const server = await startPlanlineServer(db, randomBytes(32).toString('base64url'));
  try {
    const seeded = await projectWithTasks(server.url, db.pool, 'Overloads', TASKS);
    const today = Date.parse(`${todayUtc()}T00:00:00Z`);
    const path = `/api/teams/${seeded.teamId}/workload?from=${isoDay(today - 62 * DAY_MS)}&to=${isoDay(today + 300 * DAY_MS)}&scale=month&only=overloads`;
    const read = () => seeded.owner.client.get(path);
    out.first = await timed(server.url, read);
    out.repeat = await timed(server.url, read);
    out.repeatAgain = await timed(server.url, read);
    await seeded.owner.client.request('PATCH', `/api/tasks/${seeded.taskIds[7]}`, { startDate: isoDay(today + 3 * DAY_MS), endDate: isoDay(today + 9 * DAY_MS) });
    out.afterOneEdit = await timed(server.url, read);
    out.repeatAfterEdit = await timed(server.url, read);
  } finally {
    await server.close();
  }
  const renderer = fileURLToPath(new URL('../../../web/dist/.server/entry-server.js', import.meta.url));
  if (existsSync(renderer)) {
    // A fresh process's import of the renderer and its `ready`: what the first page waited for.
    const script = `const t = performance.now(); const m = await import(${JSON.stringify(renderer)}); await m.ready; console.log(Math.round(performance.now() - t));`;
    out.rendererLoadMs = Number(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }).trim().split('\n').pop());
  }
  out.loadAtEnd = load();
  console.log(JSON.stringify(out, null, 1));
}

main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => cleanupAll());
