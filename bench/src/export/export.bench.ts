import type { BenchContext } from '../lib/context.js';
import { memoryMb, resetPeakRss } from '../lib/proc-sampler.js';
import { atMost, BENCHMARK_TITLES, fmt, type Row, type Section } from '../lib/report.js';
import { startPlanlineServer } from '../lib/server.js';
import { projectWithTasks } from '../lib/seed.js';
import { median } from '../lib/stats.js';

const TASKS = 10_000;
const FORMATS = [
  { format: 'excel', label: 'xlsx', timeLimitS: 3 },
  { format: 'pdf', label: 'pdf', timeLimitS: 5 },
] as const;
const PEAK_RSS_LIMIT_MB = 300;

interface ExportRun {
  seconds: number;
  peakRssMb: number;
  baselineRssMb: number;
  bytes: number;
}

async function measureFormat(ctx: BenchContext, format: string, label: string, projectId: string, cookie: string, runs: number): Promise<ExportRun[]> {
  // A fresh server per format: nothing an earlier export left in the heap is reused, and "RSS before" is an idle server.
  const server = await startPlanlineServer(ctx.db, ctx.sessionSecret);
  try {
    if (!resetPeakRss(server.pid)) throw new Error('the kernel refused to reset the peak RSS (/proc/<pid>/clear_refs)');
    const list: ExportRun[] = [];
    for (let i = 0; i < runs; i++) {
      ctx.log(`export: ${label} of ${TASKS} tasks, run ${i + 1} of ${runs}…`);
      // The peak counts from here: what the server held before plus what this export added.
      resetPeakRss(server.pid);
      const baselineRssMb = memoryMb(server.pid).rssMb;
      const started = performance.now();
      const res = await fetch(`${server.url}/api/export/${format}/${projectId}`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: '{}',
      });
      const body = await res.arrayBuffer();
      const seconds = (performance.now() - started) / 1000;
      if (!res.ok) throw new Error(`export ${format} answered ${res.status}: ${Buffer.from(body).toString('utf8').slice(0, 300)}`);
      list.push({ seconds, peakRssMb: memoryMb(server.pid).hwmMb, baselineRssMb, bytes: body.byteLength });
    }
    return list;
  } finally {
    await server.close();
  }
}

export async function exportBenchmark(ctx: BenchContext): Promise<Section> {
  const runs = ctx.quick ? 1 : 3;
  const seeder = await startPlanlineServer(ctx.db, ctx.sessionSecret);
  let project: Awaited<ReturnType<typeof projectWithTasks>>;
  try {
    project = await projectWithTasks(seeder.url, ctx.db.pool, 'Export bench', TASKS);
  } finally {
    await seeder.close();
  }
  const cookie = project.owner.client.cookieHeader;
  const results = new Map<string, ExportRun[]>();
  for (const { format, label } of FORMATS) results.set(format, await measureFormat(ctx, format, label, project.projectId, cookie, runs));

  const rows: Row[] = [];
  const grid: string[][] = [];
  for (const { format, label, timeLimitS } of FORMATS) {
    const list = results.get(format)!;
    const time = median(list.map((r) => r.seconds));
    const peak = Math.max(...list.map((r) => r.peakRssMb));
    rows.push({ metric: `${label}, ${TASKS.toLocaleString('en-US')} tasks: time (median of ${runs})`, value: fmt(time, 2, 's'), target: `≤ ${timeLimitS} s`, verdict: atMost(time, timeLimitS) });
    rows.push({ metric: `${label}: peak RSS of the server process`, value: fmt(peak, 0, 'MB'), target: `< ${PEAK_RSS_LIMIT_MB} MB`, verdict: atMost(peak, PEAK_RSS_LIMIT_MB - 1e-9) });
    grid.push([
      label,
      list.map((r) => fmt(r.seconds, 2)).join(', '),
      fmt(Math.min(...list.map((r) => r.baselineRssMb)), 0, 'MB'),
      fmt(peak, 0, 'MB'),
      fmt(peak - Math.min(...list.map((r) => r.baselineRssMb)), 0, 'MB'),
      fmt(list[0]!.bytes / 2 ** 20, 1, 'MB'),
    ]);
  }
  return {
    id: 'export',
    title: BENCHMARK_TITLES.export,
    tables: [{ rows }, { caption: 'Details', header: ['', 'each run (s)', 'RSS before', 'peak RSS', 'added by the export', 'file'], grid }],
    method: [
      `The real endpoints (POST /api/export/{excel|pdf}/{projectId}, all three options on) of a fresh server process per format, on a`,
      `project of ${TASKS.toLocaleString('en-US')} tasks (bulk SQL insert; 5 assignees, every fifth task depends on the one before), ${runs} run${runs > 1 ? 's' : ''} per format in`,
      'sequence. Time is from the request until the whole file has arrived. Peak memory is the server process\'s VmHWM (peak',
      'resident set) from /proc/<pid>/status, reset to the current RSS before each export (/proc/<pid>/clear_refs), so it is the',
      'highest the whole server process reached during that export.',
    ],
    findings: [],
  };
}
