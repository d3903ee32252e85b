import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { openProjectDocument } from '@planline/api/test/collab-client';
import { TASK_FIELDS } from '@planline/domain';
import { writeTask, type DocTask } from '@planline/document';
import { assertRunning, onCleanup, trackPid, untrackPid } from '../lib/cleanup.js';
import type { BenchContext } from '../lib/context.js';
import { sampleProcesses, type ProcessUsage } from '../lib/proc-sampler.js';
import { benchRoot, repoRoot } from '../lib/paths.js';
import { atMost, BENCHMARK_TITLES, fmt, type Row, type Section, type Verdict } from '../lib/report.js';
import { insertTasks, joinedMembers, teamWithProject, todayUtc } from '../lib/seed.js';
import { LatencyHistogram } from '../lib/stats.js';
import { nowUs, type ClientSpec, type FromWorker, type ReceiptStats, type ToWorker } from './protocol.js';
import { TOPOLOGIES, TopologyUnavailable, type RunningTopology, type Topology } from './topologies.js';

interface Workload {
  editors: number;
  viewers: number;
  durationMs: number;
  editIntervalMs: number;
  /** Load processes the clients are spread over. */
  workers: number;
  /** Tasks in the project (editors rename tasks 0..editors-1). */
  tasks: number;
  graceMs: number;
}

const FULL: Workload = { editors: 100, viewers: 400, durationMs: 60_000, editIntervalMs: 500, workers: 4, tasks: 200, graceMs: 5000 };
const QUICK: Workload = { editors: 10, viewers: 40, durationMs: 10_000, editIntervalMs: 500, workers: 2, tasks: 50, graceMs: 5000 };

/**
 * The workload needs ~11 cores for its clients alone (docs/benchmarks.md, Profiles and causes), so on a
 * small machine it measures the machine. BENCH_REALTIME_EDITORS and BENCH_REALTIME_VIEWERS run the same 60 s,
 * 2-edits-a-second workload with fewer clients; the section then says so in its first line. BENCH_REALTIME_TASKS
 * runs it on a bigger project (at least one task per editor).
 */
function workload(quick: boolean): { load: Workload; sizedNote: string | null } {
  if (quick) return { load: QUICK, sizedNote: null };
  const count = (name: string, full: number) => {
    const raw = process.env[name];
    if (raw === undefined || raw === '') return full;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number, at least 1 (got ${raw})`);
    return n;
  };
  const editors = count('BENCH_REALTIME_EDITORS', FULL.editors);
  const viewers = count('BENCH_REALTIME_VIEWERS', FULL.viewers);
  const tasks = Math.max(count('BENCH_REALTIME_TASKS', FULL.tasks), editors);
  if (editors === FULL.editors && viewers === FULL.viewers && tasks === FULL.tasks) return { load: FULL, sizedNote: null };
  const notes: string[] = [];
  if (editors !== FULL.editors || viewers !== FULL.viewers) {
    notes.push(
      `**Sized for this machine: ${editors} editors and ${viewers} viewers instead of the issue's ${FULL.editors} and ${FULL.viewers}** ` +
        '(BENCH_REALTIME_EDITORS / BENCH_REALTIME_VIEWERS); same duration and edit rate per editor. The full-size run is in Profiles and causes.',
    );
  }
  // A bigger project shows whether an edit's cost grows with the document (it should not: an edit is a few fields).
  if (tasks !== FULL.tasks) notes.push(`**A project of ${tasks.toLocaleString('en-US')} tasks instead of ${FULL.tasks}** (BENCH_REALTIME_TASKS); the same edits.`);
  return { load: { ...FULL, editors, viewers, tasks }, sizedNote: notes.join(' ') };
}

const TARGET_P99_MS: Partial<Record<Topology['id'], number>> = { 'one-instance': 50, 'two-instances': 80 };
const OVERHEAD_LIMIT = 1.5;

interface Person {
  userId: string;
  cookie: string;
  editorIndex: number | null;
  taskId: string | null;
}

interface Population {
  projectId: string;
  people: Person[];
  taskIds: string[];
}

interface Merged {
  histogram: LatencyHistogram;
  expected: number;
  lost: number;
  duplicates: number;
}

interface TopologyResult {
  doc: Merged;
  socket: Merged | null;
  server: ProcessUsage;
  load: ProcessUsage;
  sent: number;
  editWindowMs: number;
  connectMs: number;
  disconnects: number;
  /** Close codes the clients' document sockets saw (connecting and during the run). */
  closeCodes: Record<string, number>;
  errors: string[];
}

type Outcome = { ok: true; result: TopologyResult } | { ok: false; notRun: boolean; reason: string };

/** Planline's people: an owner's enterprise team and project, `editors + viewers` members who joined by invite. */
async function seedPlanline(apiUrl: string, ctx: BenchContext, load: Workload): Promise<Population> {
  const team = await teamWithProject(apiUrl, ctx.db.pool, 'Realtime bench');
  const taskIds = await insertTasks(ctx.db.pool, team.projectId, load.tasks, [team.owner.id], todayUtc());
  ctx.log(`realtime: registering ${load.editors + load.viewers} people through the API…`);
  const editors = await joinedMembers(apiUrl, team, load.editors, 'Editor');
  const viewers = await joinedMembers(apiUrl, team, load.viewers, 'Viewer');
  const people = [
    ...editors.map((u, i) => ({ userId: u.id, cookie: u.client.cookieHeader, editorIndex: i, taskId: taskIds[i]! })),
    ...viewers.map((u) => ({ userId: u.id, cookie: u.client.cookieHeader, editorIndex: null, taskId: null })),
  ];
  return { projectId: team.projectId, people, taskIds };
}

/**
 * Bare Hocuspocus has no database: one client writes the same tasks (fields as the rows have them) into the
 * in-memory document and stays until the load clients hold it open.
 */
async function seedBare(running: RunningTopology, ctx: BenchContext, planline: Population): Promise<() => void> {
  const rows: Record<string, unknown>[] = (
    await ctx.db.pool.query(
      `SELECT id, name, description, start_date::text, end_date::text, status, priority, progress, color, assignee_id, "order"
         FROM tasks WHERE project_id = $1 ORDER BY "order"`,
      [planline.projectId],
    )
  ).rows;
  const seeder = openProjectDocument(running.clientUrls[0]!, '', planline.projectId);
  await seeder.synced;
  seeder.doc.transact(() => {
    for (const r of rows) {
      const task: DocTask = {
        name: r.name, description: r.description, startDate: r.start_date, endDate: r.end_date, status: r.status,
        priority: r.priority, progress: r.progress, color: r.color, assigneeId: r.assignee_id, order: r.order,
        assigneeIds: r.assignee_id ? [r.assignee_id as string] : [],
      };
      writeTask(seeder.doc, r.id as string, Object.fromEntries(TASK_FIELDS.map((f) => [f, task[f]])));
    }
  });
  const deadline = Date.now() + 30_000;
  while (seeder.provider.unsyncedChanges > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  return () => seeder.close();
}

function mergeCodes(all: Record<string, number>[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const codes of all) for (const [code, n] of Object.entries(codes)) out[code] = (out[code] ?? 0) + n;
  return out;
}

/** "none", or "4408 ×12, 1006 ×3", most first. */
const describeCodes = (codes: Record<string, number>) =>
  Object.entries(codes)
    .sort((a, b) => b[1] - a[1])
    .map(([code, n]) => `${code} ×${n.toLocaleString('en-US')}`)
    .join(', ') || 'none';

function merge(stats: ReceiptStats[]): Merged {
  const histogram = new LatencyHistogram();
  let expected = 0;
  let lost = 0;
  let duplicates = 0;
  for (const s of stats) {
    histogram.add(s.histogram);
    expected += s.expected;
    lost += s.lost;
    duplicates += s.duplicates;
  }
  return { histogram, expected, lost, duplicates };
}

class Worker {
  private readonly waiting = new Map<FromWorker['type'], (message: FromWorker) => void>();
  private stderr = '';
  readonly exited: Promise<void>;

  constructor(readonly child: ChildProcess) {
    child.on('message', (message: FromWorker) => {
      const resolve = this.waiting.get(message.type);
      this.waiting.delete(message.type);
      resolve?.(message);
    });
    child.stderr?.on('data', (d) => (this.stderr = (this.stderr + d).slice(-4000)));
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
  }

  send(message: ToWorker): void {
    this.child.send(message);
  }

  next<T extends FromWorker['type']>(type: T, timeoutMs: number): Promise<Extract<FromWorker, { type: T }>> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`load process: no '${type}' within ${timeoutMs} ms\n${this.stderr}`)), timeoutMs);
      this.child.once('exit', () => reject(new Error(`load process exited while waiting for '${type}'\n${this.stderr}`)));
      this.waiting.set(type, (message) => {
        clearTimeout(timer);
        resolve(message as Extract<FromWorker, { type: T }>);
      });
    });
  }
}

function startWorkers(count: number): { workers: Worker[]; stop: () => Promise<void> } {
  assertRunning();
  const workers = Array.from({ length: count }, () => {
    const child = fork(join(benchRoot, 'src', 'realtime', 'load-worker.ts'), [], {
      cwd: repoRoot,
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    trackPid(child.pid);
    return new Worker(child);
  });
  const stop = onCleanup('realtime load processes', async () => {
    for (const w of workers) if (w.child.connected) w.send({ type: 'close' });
    await Promise.race([Promise.all(workers.map((w) => w.exited)), new Promise((r) => setTimeout(r, 5000))]);
    for (const w of workers) {
      w.child.kill('SIGKILL');
      untrackPid(w.child.pid);
    }
  });
  return { workers, stop };
}

async function drive(ctx: BenchContext, running: RunningTopology, population: Population, load: Workload, sockets: boolean): Promise<TopologyResult> {
  const specs: ClientSpec[] = population.people.map((p, index) => ({ index, url: running.clientUrls[index % running.clientUrls.length]!, ...p }));
  const editsPerEditor = Math.floor(load.durationMs / load.editIntervalMs);
  const { workers, stop } = startWorkers(load.workers);
  try {
    const connectStarted = performance.now();
    const connected = workers.map((w) => w.next('connected', 10 * 60_000));
    workers.forEach((w, i) =>
      w.send({ type: 'connect', projectId: population.projectId, clients: specs.filter((s) => s.index % load.workers === i), editors: load.editors, editsPerEditor, sockets }),
    );
    const connectReports = await Promise.all(connected);
    const failures = connectReports.flatMap((m) => m.failures);
    const connectCodes = describeCodes(mergeCodes(connectReports.map((m) => m.closeCodes)));
    if (failures.length) throw new Error(`${failures.length} clients could not connect (close codes seen: ${connectCodes}), e.g. ${failures.slice(0, 3).join('; ')}`);
    const connectMs = performance.now() - connectStarted;
    ctx.log(`realtime: ${specs.length} clients connected in ${(connectMs / 1000).toFixed(1)} s; editing for ${load.durationMs / 1000} s…`);

    const startAtUs = nowUs() + 1_000_000;
    const sentMessages = workers.map((w) => w.next('sent', load.durationMs + 120_000));
    for (const w of workers) w.send({ type: 'start', startAtUs, editIntervalMs: load.editIntervalMs });
    await new Promise((r) => setTimeout(r, (startAtUs - nowUs()) / 1000));
    const serverSampler = sampleProcesses(running.serverPids);
    const loadSampler = sampleProcesses(workers.map((w) => w.child.pid!));
    const sentPairs = (await Promise.all(sentMessages)).flatMap((m) => m.sent);
    const editWindowMs = (nowUs() - startAtUs) / 1000;
    const server = serverSampler.stop();
    const loadUsage = loadSampler.stop();

    await new Promise((r) => setTimeout(r, load.graceMs));
    const sent = new Array<number>(load.editors).fill(0);
    for (const [editor, count] of sentPairs) sent[editor] = count;
    const results = workers.map((w) => w.next('result', 60_000));
    for (const w of workers) w.send({ type: 'collect', sent });
    const reports = await Promise.all(results);
    return {
      doc: merge(reports.map((r) => r.doc)),
      socket: sockets ? merge(reports.flatMap((r) => (r.socket ? [r.socket] : []))) : null,
      server,
      load: loadUsage,
      sent: sent.reduce((a, b) => a + b, 0),
      editWindowMs,
      connectMs,
      disconnects: reports.reduce((n, r) => n + r.disconnects, 0),
      closeCodes: mergeCodes(reports.map((r) => r.closeCodes)),
      errors: reports.flatMap((r) => r.errors),
    };
  } finally {
    await stop();
  }
}

const ms = (value: number) => fmt(value, 1, 'ms');

function latencyCells(m: Merged | null): string[] {
  if (!m) return ['—', '—', '—', '—', '—'];
  const h = m.histogram;
  return [
    `${ms(h.percentile(50))} / ${ms(h.percentile(95))} / ${ms(h.percentile(99))}`,
    ms(h.maxMs),
    `${m.lost} of ${m.expected.toLocaleString('en-US')}`,
    String(m.duplicates),
  ];
}

function buildSection(outcomes: Map<Topology['id'], Outcome>, load: Workload): Section {
  const rows: Row[] = [];
  const p99 = (id: Topology['id']) => {
    const o = outcomes.get(id);
    return o?.ok ? o.result.doc.histogram.percentile(99) : Number.NaN;
  };
  for (const topology of TOPOLOGIES) {
    const outcome = outcomes.get(topology.id);
    const limit = TARGET_P99_MS[topology.id];
    if (!outcome?.ok) {
      if (limit !== undefined) {
        const why = outcome ? (outcome.notRun ? 'not run' : 'failed') : 'not run';
        rows.push({ metric: `${topology.label}: edit → every other client, p99`, value: '—', target: `≤ ${limit} ms`, verdict: why === 'failed' ? 'miss' : 'not run' });
      }
      continue;
    }
    const { doc } = outcome.result;
    if (limit !== undefined) {
      rows.push({ metric: `${topology.label}: edit → every other client, p99`, value: ms(p99(topology.id)), target: `≤ ${limit} ms`, verdict: atMost(p99(topology.id), limit) });
      rows.push({ metric: `${topology.label}: lost edits (receipts missing 5 s after the end)`, value: String(doc.lost), target: '0', verdict: doc.lost === 0 ? 'pass' : 'miss' });
      rows.push({ metric: `${topology.label}: duplicated edits`, value: String(doc.duplicates), target: '0', verdict: doc.duplicates === 0 ? 'pass' : 'miss' });
    }
  }
  const ratio = p99('one-instance') / p99('bare-hocuspocus');
  const ratioVerdict: Verdict = Number.isFinite(ratio) ? atMost(ratio, OVERHEAD_LIMIT) : 'not run';
  rows.push({ metric: 'Overhead of our write path: p99 one instance ÷ p99 bare Hocuspocus', value: fmt(ratio, 2, '×'), target: `≤ ${OVERHEAD_LIMIT}×`, verdict: ratioVerdict });

  const header = ['', ...TOPOLOGIES.map((t) => t.label)];
  const cell = (f: (r: TopologyResult) => string) =>
    TOPOLOGIES.map((t) => {
      const o = outcomes.get(t.id);
      return o?.ok ? f(o.result) : o ? (o.notRun ? 'not run' : 'failed') : 'not run';
    });
  const grid: string[][] = [
    ['Edits sent (rate)', ...cell((r) => `${r.sent.toLocaleString('en-US')} (${fmt(r.sent / (r.editWindowMs / 1000), 0)}/s)`)],
    ['Yjs edit → other clients p50 / p95 / p99', ...cell((r) => latencyCells(r.doc)[0]!)],
    ['Yjs max', ...cell((r) => latencyCells(r.doc)[1]!)],
    ['Yjs receipts lost', ...cell((r) => latencyCells(r.doc)[2]!)],
    ['Yjs duplicates', ...cell((r) => latencyCells(r.doc)[3]!)],
    ['Socket.IO `task:updated` (after persistence) p50 / p95 / p99', ...cell((r) => latencyCells(r.socket)[0]!)],
    ['Socket.IO events lost', ...cell((r) => latencyCells(r.socket)[2]!)],
    ['Server CPU mean / busiest second (% of one core)', ...cell((r) => `${fmt(r.server.cpuMeanPct, 0)} / ${fmt(r.server.cpuMaxPct, 0)}`)],
    ['Server RSS mean / peak', ...cell((r) => `${fmt(r.server.rssMeanMb, 0)} / ${fmt(r.server.rssMaxMb, 0)} MB`)],
    ['Load processes CPU mean (% of one core)', ...cell((r) => fmt(r.load.cpuMeanPct, 0))],
    ['Clients connected in', ...cell((r) => fmt(r.connectMs / 1000, 1, 's'))],
    ['Disconnects during the run', ...cell((r) => String(r.disconnects))],
    ['Close codes clients saw (connecting and running)', ...cell((r) => describeCodes(r.closeCodes))],
  ];

  const findings: string[] = [];
  for (const [id, outcome] of outcomes) {
    if (!outcome.ok) findings.push(`${TOPOLOGIES.find((t) => t.id === id)!.label}: ${outcome.notRun ? 'not run' : 'failed'} — ${outcome.reason}`);
    else if (outcome.result.errors.length) findings.push(`${id}: client errors, e.g. ${outcome.result.errors.slice(0, 3).join('; ')}`);
  }
  return {
    id: 'realtime',
    title: BENCHMARK_TITLES.realtime,
    tables: [{ rows }, { caption: 'Details', header, grid }],
    method: [
      `${load.editors} editors and ${load.viewers} viewers on one project of ${load.tasks} tasks, each a real client in ${load.workers} load processes`,
      'separate from the server: a HocuspocusProvider (@hocuspocus/provider, as the browser opens /collab, with the session cookie of',
      'a member registered through the API and joined by invite link; the team is put on the enterprise plan in SQL) publishing its',
      'presence on awareness like the browser, plus a socket.io-client connection.',
      `Each editor renames its own task every ${load.editIntervalMs} ms for ${load.durationMs / 1000} s (editors spread evenly over the interval); the name carries`,
      'the editor, a sequence number and the send time (CLOCK_MONOTONIC µs, one clock for all processes). Every other client records',
      'when each edit reached its document (latency), counts an edit seen twice as duplicated, and an expected receipt not seen',
      `${load.graceMs / 1000} s after the last edit as lost. Socket.IO \`task:updated\` events (sent once an edit is in PostgreSQL) are timed the same way.`,
      'Server CPU and RSS are sampled from /proc/<pid>/stat and status every second during the edit window. The same workload',
      'runs against a bare Hocuspocus 3 server (no auth, no persistence, no Socket.IO; its document filled with the same tasks) for the',
      'overhead ratio. Two instances: scaled mode (ROLE=api and two ROLE=realtime processes, a redis-server of the run\'s own),',
      'clients alternating between the two realtime processes directly (as the proxy\'s round-robin would; nginx\'s hop is left out).',
    ],
    findings,
  };
}

export async function realtimeBenchmark(ctx: BenchContext): Promise<Section> {
  const { load, sizedNote } = workload(ctx.quick);
  const outcomes = new Map<Topology['id'], Outcome>();
  let population: Population | undefined;
  const only = (process.env.BENCH_REALTIME_TOPOLOGIES ?? '').split(',').map((t) => t.trim()).filter(Boolean);
  const unknown = only.filter((id) => !TOPOLOGIES.some((t) => t.id === id));
  if (unknown.length) throw new Error(`BENCH_REALTIME_TOPOLOGIES: unknown ${unknown.join(', ')} (known: ${TOPOLOGIES.map((t) => t.id).join(', ')})`);
  for (const topology of TOPOLOGIES) {
    if (only.length && !only.includes(topology.id)) continue;
    let running: RunningTopology;
    try {
      running = await topology.start({ db: ctx.db, sessionSecret: ctx.sessionSecret });
    } catch (err) {
      outcomes.set(topology.id, { ok: false, notRun: err instanceof TopologyUnavailable, reason: err instanceof Error ? err.message.split('\n')[0]! : String(err) });
      ctx.log(`realtime: ${topology.label} not started: ${err instanceof Error ? err.message : err}`);
      continue;
    }
    let releaseSeeder = () => {};
    try {
      if (topology.planline) population ??= await seedPlanline(running.apiUrl!, ctx, load);
      if (!population) throw new Error('bare Hocuspocus runs after a Planline topology (it reuses its tasks)');
      if (!topology.planline) releaseSeeder = await seedBare(running, ctx, population);
      const people = topology.planline ? population.people : population.people.map((p) => ({ ...p, cookie: '' }));
      ctx.log(`realtime: ${topology.label}: connecting ${people.length} clients…`);
      const result = await drive(ctx, running, { ...population, people }, load, topology.planline);
      outcomes.set(topology.id, { ok: true, result });
      ctx.log(
        `realtime: ${topology.label}: p99 ${ms(result.doc.histogram.percentile(99))}, lost ${result.doc.lost}, duplicates ${result.doc.duplicates}, ` +
          `disconnects ${result.disconnects} (close codes: ${describeCodes(result.closeCodes)})`,
      );
    } catch (err) {
      outcomes.set(topology.id, { ok: false, notRun: false, reason: err instanceof Error ? err.message.split('\n')[0]! : String(err) });
      ctx.log(`realtime: ${topology.label} failed: ${err instanceof Error ? err.stack : err}`);
    } finally {
      releaseSeeder();
      await running.stop();
    }
  }
  const section = buildSection(outcomes, load);
  return sizedNote ? { ...section, note: sizedNote } : section;
}
