/**
 * `npm run bench [-- <benchmark>… ] [--quick]`: the benchmarks of issue #8, in sequence, on a fresh PostgreSQL
 * database; results (with machine, date and commit) go to docs/benchmarks.md.
 */
import { randomBytes } from 'node:crypto';
import { apiBenchmark } from './api/api.bench.js';
import { conversationBenchmark } from './conversation/conversation.bench.js';
import { portfolioBenchmark } from './portfolio/portfolio.bench.js';
import { firstRouteBenchmark } from './bundle/first-route.bench.js';
import { historyBenchmark } from './history/history.bench.js';
import { interchangeBenchmark } from './interchange/interchange.bench.js';
import { exportBenchmark } from './export/export.bench.js';
import { cleanupAll, installSignalHandlers, wasInterrupted } from './lib/cleanup.js';
import type { BenchContext } from './lib/context.js';
import { createBenchDatabase } from './lib/database.js';
import { describeMachine, describeRun } from './lib/machine.js';
import { CHROMIUM_PATH } from './lib/paths.js';
import { BENCHMARK_IDS, BENCHMARK_TITLES, renderSection, writeReport, type BenchmarkId, type Section } from './lib/report.js';
import { buildWeb, type WebBuild } from './lib/web-build.js';
import { realtimeBenchmark } from './realtime/realtime.bench.js';
import { scheduleBenchmark } from './schedule/schedule.bench.js';
import { timelineBenchmark } from './timeline/timeline.bench.js';
import { workloadBenchmark } from './workload/workload.bench.js';

const BENCHMARKS: Record<BenchmarkId, (ctx: BenchContext) => Promise<Section>> = {
  realtime: realtimeBenchmark,
  api: apiBenchmark,
  timeline: timelineBenchmark,
  export: exportBenchmark,
  bundle: firstRouteBenchmark,
  schedule: scheduleBenchmark,
  history: historyBenchmark,
  workload: workloadBenchmark,
  interchange: interchangeBenchmark,
  conversation: conversationBenchmark,
  portfolio: portfolioBenchmark,
};

const USAGE = `usage: npm run bench [-- [${BENCHMARK_IDS.join('] [')}] [--quick]]
  no names: all of them, in that order. --quick: a smoke run (short, few clients).
  DATABASE_URL: the PostgreSQL server to make the bench database on (default postgres://postgres@127.0.0.1:5432/postgres).
  BENCH_REALTIME_EDITORS, BENCH_REALTIME_VIEWERS: the realtime workload's client counts (default 100 and 400), for a
  machine too small to drive the full workload; the section says when it ran smaller.
  BENCH_REALTIME_TASKS: the realtime project's size (default 200 tasks), to see whether an edit costs more in a
  bigger document.
  BENCH_REALTIME_TOPOLOGIES: which realtime topologies run, comma-separated (one-instance, two-instances,
  bare-hocuspocus; default all; bare Hocuspocus needs a Planline one before it), for a probe of one of them.
  BENCH_TIMELINE_SIZES: the timeline's project sizes, comma-separated (default 1000,10000,100000).`;

function parseArgs(argv: string[]): { selected: BenchmarkId[]; quick: boolean } {
  const quick = argv.includes('--quick');
  const names = argv.filter((a) => a !== '--quick');
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    process.exit(0);
  }
  const unknown = names.filter((n) => !(BENCHMARK_IDS as readonly string[]).includes(n));
  if (unknown.length) {
    console.error(`unknown benchmark ${unknown.join(', ')}\n${USAGE}`);
    process.exit(2);
  }
  const selected = names.length ? BENCHMARK_IDS.filter((id) => names.includes(id)) : [...BENCHMARK_IDS];
  return { selected, quick };
}

function failedSection(id: BenchmarkId, err: unknown): Section {
  const message = err instanceof Error ? err.message : String(err);
  return {
    id,
    title: BENCHMARK_TITLES[id],
    tables: [{ rows: [{ metric: 'Benchmark', value: 'failed', verdict: 'miss' }] }],
    method: ['The benchmark did not complete.'],
    findings: [`Error: ${message.split('\n').slice(0, 6).join(' ')}`],
  };
}

async function main(): Promise<number> {
  const { selected, quick } = parseArgs(process.argv.slice(2));
  installSignalHandlers();
  const log = (message: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);
  let failures = 0;
  try {
    const db = await createBenchDatabase();
    log(`database ${db.name} (${db.postgresVersion}); running ${selected.join(', ')}${quick ? ' (quick)' : ''}`);
    const machine = describeMachine(db.postgresVersion, CHROMIUM_PATH);
    const run = describeRun(quick);
    let web: Promise<WebBuild> | undefined;
    const ctx: BenchContext = {
      db,
      quick,
      sessionSecret: randomBytes(32).toString('base64url'),
      webBuild: () => (web ??= buildWeb(log)),
      log,
    };
    const rendered = new Map<BenchmarkId, string>();
    for (const id of selected) {
      if (wasInterrupted()) break;
      log(`── ${BENCHMARK_TITLES[id]}`);
      let section: Section;
      try {
        section = await BENCHMARKS[id](ctx);
      } catch (err) {
        failures += 1;
        log(`${id} failed: ${err instanceof Error ? err.stack : err}`);
        section = failedSection(id, err);
      }
      const text = renderSection(section, run, machine);
      console.log(`\n${text}\n`);
      rendered.set(id, text);
    }
    if (wasInterrupted()) return 130;
    log(`wrote ${writeReport(rendered, run, machine)}`);
  } finally {
    await cleanupAll();
  }
  return failures ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  async (err: unknown) => {
    console.error(err);
    await cleanupAll();
    process.exit(1);
  },
);
