import { onCleanup } from '../lib/cleanup.js';
import type { BenchContext } from '../lib/context.js';
import { memoryMb, resetPeakRss } from '../lib/proc-sampler.js';
import { BENCHMARK_TITLES, type Section } from '../lib/report.js';
import { startPlanlineServer } from '../lib/server.js';
import { projectWithTasks, type SeededProject } from '../lib/seed.js';
import { gridBenchmark, gridTables, GRID_METHOD } from './grid-bench.js';
import { buildProbe, servePeerPages } from './peer-pages.js';
import { buildSection, type AppResult, type SizePlan } from './timeline-report.js';
import { APPS, launch, measureDrops, measureLoad, measureReturnVisit, type LoadOptions } from './timeline-pages.js';

const DEFAULT_SIZES = [1000, 10_000, 100_000];
const SCROLL = { frames: 300, stepPx: 60 };
const QUICK_SCROLL = { frames: 60, stepPx: 60 };

/**
 * What each size is measured with. At 100,000 tasks one load of each kind (a load takes seconds, and the run must
 * stay within minutes), and a peer that has not drawn within 30 s is reported as not loading.
 */
function planFor(size: number, quick: boolean): SizePlan {
  const huge = size >= 100_000;
  return {
    size,
    loads: quick || huge ? 1 : 3,
    drops: quick || huge ? 3 : 10,
    scroll: quick ? QUICK_SCROLL : SCROLL,
    firstBarsTimeoutMs: huge ? 60_000 : 120_000,
    peerTimeoutMs: huge ? 30_000 : 120_000,
    readyTimeoutMs: huge ? 120_000 : 60_000,
  };
}

/** `BENCH_TIMELINE_SIZES=1000,100000` chooses the sizes (default 1,000, 10,000 and 100,000 tasks). */
function sizes(): number[] {
  const raw = process.env.BENCH_TIMELINE_SIZES;
  if (!raw) return DEFAULT_SIZES;
  const parsed = raw.split(',').map((s) => Number(s.trim().replace(/_/g, '')));
  if (!parsed.length || parsed.some((n) => !Number.isInteger(n) || n < 1)) throw new Error(`BENCH_TIMELINE_SIZES: not a list of task counts: ${raw}`);
  return parsed;
}

const firstLine = (err: unknown) => (err instanceof Error ? err.message.split('\n')[0]! : String(err));

export async function timelineBenchmark(ctx: BenchContext): Promise<Section> {
  const plans = sizes().map((size) => planFor(size, ctx.quick));
  const web = await ctx.webBuild();
  const server = await startPlanlineServer(ctx.db, ctx.sessionSecret, { WEB_DIST_DIR: web.outDir });
  try {
    const projects = new Map<number, SeededProject>();
    const tasksBySize = new Map<number, unknown>();
    for (const { size } of plans) {
      ctx.log(`timeline: seeding ${size} tasks…`);
      // One team and project per size, so the workspace opens it by itself (the first team's first project).
      const project = await projectWithTasks(server.url, ctx.db.pool, `Timeline ${size}`, size, 1);
      projects.set(size, project);
      const tasks = await project.owner.client.get<{ id: string; name: string; startDate: string; endDate: string; progress: number; dependencies: string[]; status: string }[]>(
        `/api/projects/${project.projectId}/tasks`,
      );
      tasksBySize.set(size, tasks.map((t) => ({ id: t.id, name: t.name, start: t.startDate, end: t.endDate, progress: t.progress, dependencies: t.dependencies, status: t.status })));
    }
    const peersUrl = await servePeerPages(tasksBySize);
    const probeScript = await buildProbe();
    const browser = await launch();
    onCleanup('chromium', () => browser.close());

    const results = new Map<string, AppResult>();
    const drops = new Map<number, number[] | string>();
    // BENCH_GRID_ONLY=1: only the grid's view changes and typing (grid-bench.ts), to profile them without the loads.
    const gridOnly = !!process.env.BENCH_GRID_ONLY;
    for (const plan of gridOnly ? [] : plans) {
      const { size } = plan;
      const project = projects.get(size)!;
      for (const app of APPS) {
        const ours = app.id === 'planline';
        const result: AppResult = { firstBars: [], editable: [], ready: [], frameGaps: [], heapMb: Number.NaN };
        results.set(`${app.id}:${size}`, result);
        const url = ours ? `${server.url}/` : `${peersUrl}/${app.id}.html?n=${size}`;
        const cookies = ours ? project.owner.client.browserCookies() : [];
        // The first rows' tasks (the bars a drag can reach at once) and their start dates on the server.
        const storedStarts = async () => {
          const { rows } = await ctx.db.pool.query<{ id: string; start: string }>(
            `SELECT id, start_date::text AS start FROM tasks WHERE project_id = $1 ORDER BY "order" LIMIT 200`,
            [project.projectId],
          );
          return new Map(rows.map((r) => [r.id, r.start]));
        };
        const options: LoadOptions = {
          firstBarsTimeoutMs: ours ? plan.firstBarsTimeoutMs : plan.peerTimeoutMs,
          readyTimeoutMs: plan.readyTimeoutMs,
          ...(ours ? { drag: { storedStarts } } : {}),
        };
        try {
          if (ours) {
            // The first open of the document: what the server holds for it is the growth of its resident memory.
            const before = memoryMb(server.pid).rssMb;
            const peakKnown = resetPeakRss(server.pid);
            let after = Number.NaN;
            ctx.log(`timeline: Planline, ${size} tasks, first load (document cold on the server)…`);
            const cold = await measureLoad(browser, probeScript, app, url, cookies, { ...options, onReady: () => void (after = memoryMb(server.pid).rssMb) });
            result.cold = { firstBars: cold.firstBars, editable: cold.editable?.at ?? Number.NaN, ready: cold.ready };
            result.serverRss = { beforeMb: before, afterMb: after, peakMb: peakKnown ? memoryMb(server.pid).hwmMb : Number.NaN };
          }
          for (let i = 0; i < plan.loads; i++) {
            ctx.log(`timeline: ${app.label}, ${size} tasks, load ${i + 1} of ${plan.loads}…`);
            const last = i === plan.loads - 1;
            const measured = await measureLoad(browser, probeScript, app, url, cookies, { ...options, scroll: last ? plan.scroll : undefined });
            result.firstBars.push(measured.firstBars);
            result.editable.push(measured.editable?.at ?? Number.NaN);
            result.ready.push(measured.ready);
            if (!Number.isFinite(measured.firstBars) && !ours) {
              result.error = `did not load in ${options.firstBarsTimeoutMs / 1000} s`;
              break;
            }
            if (last) Object.assign(result, { frameGaps: measured.gaps, heapMb: measured.heapMb, workerHeapMb: measured.workerHeapMb });
          }
          if (ours) {
            const visits: number[] = [];
            try {
              for (let i = 0; i < plan.loads; i++) {
                ctx.log(`timeline: Planline, ${size} tasks, return visit ${i + 1} of ${plan.loads}…`);
                visits.push(await measureReturnVisit(browser, probeScript, url, cookies, plan.firstBarsTimeoutMs));
              }
              result.returnFirstBars = visits;
            } catch (err) {
              result.returnFirstBars = firstLine(err);
            }
          }
        } catch (err) {
          result.error = firstLine(err);
          ctx.log(`timeline: ${app.label}, ${size} tasks failed: ${result.error}`);
        }
      }
      ctx.log(`timeline: drops between two browsers, ${size} tasks…`);
      try {
        drops.set(size, await measureDrops(browser, probeScript, `${server.url}/`, project, plan.drops, plan.readyTimeoutMs));
      } catch (err) {
        drops.set(size, firstLine(err));
      }
    }
    // Issue 39's grid benchmark, at the sizes of 10,000 tasks and more (grid-bench.ts).
    const section: Section = gridOnly ? { id: 'timeline', title: BENCHMARK_TITLES.timeline, tables: [], method: [], findings: [] } : buildSection(results, drops, plans);
    if (plans.some((p) => p.size >= 10_000)) {
      const grid = await gridBenchmark({ browser, probeScript, serverUrl: server.url, peersUrl, projects, plans, scroll: !gridOnly, log: (line) => ctx.log(line) });
      section.tables.push(...gridTables(grid));
      section.method.push(...GRID_METHOD);
    }
    return section;
  } finally {
    await server.close();
  }
}
