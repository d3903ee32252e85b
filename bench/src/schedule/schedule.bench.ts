import {
  cascadeSchedule,
  criticalPath,
  DEFAULT_WORK_CALENDAR,
  findLinkViolations,
  type LinkType,
  type ScheduleLink,
  type ScheduleTask,
} from '@planline/domain';
import { addDependency, documentCascade, writeScheduleSettings, writeTask } from '@planline/document';
import * as Y from 'yjs';
import type { BenchContext } from '../lib/context.js';
import { atMost, BENCHMARK_TITLES, fmt, type Row, type Section } from '../lib/report.js';
import { median, percentile } from '../lib/stats.js';

/**
 * The scheduling engine of issue #17 (domain/src/scheduling), in this process: pure code, no database, no server.
 * It runs on the server inside the document transaction of the edit that caused it, so a cascade holds that
 * project's writes while it runs.
 */
const TASKS = 10_000;
const CHAINS = 400;
const CHAIN_LENGTH = 6; // 400 chains of 6 tasks: 2,000 links
const CASCADE_LIMIT_MS = 100;
const PUSH_WORKING_DAYS = 300;
const FULL = { warmup: 30, runs: 200 };
const QUICK = { warmup: 5, runs: 20 };
const TYPES: readonly LinkType[] = ['FS', 'FS', 'FS', 'SS', 'FF', 'SF'];
const calendar = DEFAULT_WORK_CALENDAR;

/** Deterministic: the same plan every run (a linear congruential generator). */
function plan(): { tasks: ScheduleTask[]; links: ScheduleLink[]; heads: string[] } {
  let seed = 17;
  const random = (n: number) => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31), seed % n);
  const tasks: ScheduleTask[] = [];
  for (let i = 0; i < TASKS; i++) {
    const start = calendar.addWorkingDays('2026-01-05', random(250));
    const kind = i % 50 === 49 ? 'milestone' : 'task';
    const end = kind === 'milestone' ? start : calendar.addWorkingDays(start, 1 + random(8));
    tasks.push({ id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, name: `Task ${i}`, startDate: start, endDate: end, kind });
  }
  const links: ScheduleLink[] = [];
  const heads: string[] = [];
  for (let c = 0; c < CHAINS; c++) {
    // Chains spread over the task list, so linked tasks are not neighbours in the input.
    const ids = Array.from({ length: CHAIN_LENGTH }, (_, k) => tasks[(c + k * CHAINS * 3) % TASKS]!.id);
    heads.push(ids[0]!);
    for (let k = 1; k < ids.length; k++) {
      links.push({ dependsOnTaskId: ids[k - 1]!, taskId: ids[k]!, type: TYPES[random(TYPES.length)]!, lagDays: random(7) - 2 });
    }
  }
  // Start from a plan that honours its links, as the document would hold it.
  const settled = cascadeSchedule(tasks, links, calendar, tasks.map((t) => t.id));
  if (!settled.ok) throw new Error('the bench plan has a cycle');
  const moved = new Map(settled.moves.map((m) => [m.taskId, m]));
  return { tasks: tasks.map((t) => ({ ...t, ...(moved.get(t.id) && { startDate: moved.get(t.id)!.startDate, endDate: moved.get(t.id)!.endDate }) })), links, heads };
}

/** Every chain head pushed 300 working days later, past the whole plan: every task of every chain has to move. */
function pushHeads(tasks: ScheduleTask[], heads: readonly string[]): ScheduleTask[] {
  const pushed = new Set(heads);
  return tasks.map((t) =>
    pushed.has(t.id) ? { ...t, startDate: calendar.addWorkingDays(t.startDate, PUSH_WORKING_DAYS), endDate: calendar.addWorkingDays(t.endDate, PUSH_WORKING_DAYS) } : t,
  );
}

/** The plan as a project document holds it, auto-scheduled: what the browser and the server cascade on. */
function planDocument(tasks: readonly ScheduleTask[], links: readonly ScheduleLink[]): Y.Doc {
  const doc = new Y.Doc();
  doc.transact(() => {
    writeScheduleSettings(doc, { autoSchedule: true, workingWeekdays: [1, 2, 3, 4, 5], holidays: [] });
    for (const t of tasks) writeTask(doc, t.id, { name: t.name, startDate: t.startDate, endDate: t.endDate, status: 'pending', priority: 'medium', progress: 0, order: 0 });
    for (const l of links) addDependency(doc, l.taskId, l.dependsOnTaskId, { type: l.type, lagDays: l.lagDays });
  });
  return doc;
}

const datesOf = (tasks: readonly ScheduleTask[], ids: readonly string[]) => {
  const byId = new Map(tasks.map((t) => [t.id, t]));
  return new Map(ids.map((id) => [id, { startDate: byId.get(id)!.startDate, endDate: byId.get(id)!.endDate }]));
};

function time(warmup: number, runs: number, fn: () => unknown): number[] {
  for (let i = 0; i < warmup; i++) fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    fn();
    samples.push(performance.now() - started);
  }
  return samples;
}

export async function scheduleBenchmark(ctx: Pick<BenchContext, 'quick' | 'log'>): Promise<Section> {
  const { warmup, runs } = ctx.quick ? QUICK : FULL;
  const { tasks, links, heads } = plan();
  const oneDrag = pushHeads(tasks, heads.slice(0, 1));
  const allHeads = pushHeads(tasks, heads);
  const check = cascadeSchedule(allHeads, links, calendar, heads);
  if (!check.ok) throw new Error('cycle');
  ctx.log(`schedule: ${TASKS} tasks, ${links.length} links; pushing ${heads.length} chain heads moves ${check.moves.length} tasks`);
  const doc = planDocument(tasks, links);
  const unlinked = tasks.find((t) => !links.some((l) => l.taskId === t.id || l.dependsOnTaskId === t.id))!.id;
  const oneHead = datesOf(oneDrag, heads.slice(0, 1));
  const everyHead = datesOf(allHeads, heads);
  const documentCheck = documentCascade(doc, heads, everyHead);
  if (documentCheck.length !== check.moves.length) throw new Error(`document cascade moved ${documentCheck.length}, engine ${check.moves.length}`);

  const measures: { metric: string; samples: number[]; limit?: number }[] = [
    { metric: `Cascade after one drag (a chain head, ${PUSH_WORKING_DAYS} working days later)`, samples: time(warmup, runs, () => cascadeSchedule(oneDrag, links, calendar, [heads[0]!])) },
    { metric: `Cascade after ${heads.length} chain heads move (${check.moves.length.toLocaleString('en')} tasks pushed)`, samples: time(warmup, runs, () => cascadeSchedule(allHeads, links, calendar, heads)), limit: CASCADE_LIMIT_MS },
    { metric: `Cascade with all ${TASKS.toLocaleString('en')} tasks edited`, samples: time(warmup, runs, () => cascadeSchedule(allHeads, links, calendar, allHeads.map((t) => t.id))) },
    { metric: 'On the write path: a drop of a task without links (read from the document)', samples: time(warmup, runs, () => documentCascade(doc, [unlinked])) },
    { metric: `On the write path: a drop of a chain head (read from the document)`, samples: time(warmup, runs, () => documentCascade(doc, [heads[0]!], oneHead)) },
    {
      metric: `On the write path: ${heads.length} chain heads moved at once (read from the document)`,
      samples: time(warmup, runs, () => documentCascade(doc, heads, everyHead)),
      limit: CASCADE_LIMIT_MS,
    },
    { metric: 'Critical path and slack, whole project', samples: time(warmup, runs, () => criticalPath(allHeads, links, calendar)) },
    { metric: 'Link violations (auto-scheduling off)', samples: time(warmup, runs, () => findLinkViolations(allHeads, links, calendar)) },
  ];
  const rows: Row[] = measures.flatMap(({ metric, samples, limit }) => [
    { metric: `${metric}, median`, value: fmt(median(samples), 2, 'ms'), ...(limit && { target: `≤ ${limit} ms`, verdict: atMost(median(samples), limit) }) },
    { metric: `${metric}, p95`, value: fmt(percentile(samples, 95), 2, 'ms'), ...(limit && { target: `≤ ${limit} ms`, verdict: atMost(percentile(samples, 95), limit) }) },
  ]);
  return {
    id: 'schedule',
    title: BENCHMARK_TITLES.schedule,
    tables: [{ rows }],
    method: [
      `${TASKS.toLocaleString('en')} tasks (one in 50 a milestone) over a year of Monday–Friday working days, ${links.length.toLocaleString('en')} links in ${CHAINS} chains of ${CHAIN_LENGTH}`,
      '(FS, SS, FF and SF, lag -2 to +4 working days), settled so that no link is broken. Each figure is the wall time of one',
      `call in this process after ${warmup} warm-up calls, over ${runs} calls; inputs are the whole task and link lists, as the`,
      'server passes them (the engine builds its indexes on every call). "On the write path" is documentCascade (document',
      'package), which the browser runs inside the edit\'s transaction and the server after every change: it reads the',
      'links and the reachable tasks from a Yjs document of the same plan, then runs the engine on that part only.',
    ],
    findings: [],
  };
}

// `node --import tsx bench/src/schedule/schedule.bench.ts`: this benchmark alone, printed, without a database.
if (import.meta.url === `file://${process.argv[1]}`) {
  const section = await scheduleBenchmark({ quick: process.argv.includes('--quick'), log: console.log });
  for (const table of section.tables) if ('rows' in table) for (const r of table.rows) console.log(`${r.metric}: ${r.value}${r.target ? ` (target ${r.target}: ${r.verdict})` : ''}`);
}
