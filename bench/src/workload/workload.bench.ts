import {
  cascadeSchedule,
  computeWorkload,
  createWorkCalendar,
  DEFAULT_WORK_CALENDAR,
  findOverallocations,
  levelResources,
  type Assignment,
  type LevelTask,
  type LinkType,
  type LoadTask,
  type PersonCapacity,
  type ScheduleLink,
  type WorkCalendar,
  type WorkloadInput,
} from '@planline/domain';
import type { BenchContext } from '../lib/context.js';
import { atMost, BENCHMARK_TITLES, fmt, type Row, type Section } from '../lib/report.js';
import { median, percentile } from '../lib/stats.js';
import { liveWorkloadMeasure } from './workload-live.bench.js';

/**
 * The load arithmetic and leveling of issue #36 (domain/src/workload), in this process: pure code, no database, no
 * server. The server's workload read runs computeWorkload on the team's tasks once it has read them; leveling runs
 * on one project's tasks before the preview is shown and again when it is applied.
 */
const PEOPLE = 50;
const PROJECTS = 20;
const TEAM_TASKS = 10_000;
const YEAR = { from: '2026-01-01', to: '2026-12-31' };
const WEEK_LIMIT_MS = 150;
const DAY_LIMIT_MS = 400;
const LEVEL_TASKS = 10_000;
const LEVEL_PEOPLE = 150;
const LEVEL_CHAINS = 400;
const LEVEL_CHAIN_LENGTH = 6;
const LEVEL_BACKGROUND_TASKS = 2_000;
const LEVEL_LIMIT_MS = 1_000;
const FULL = { warmup: 10, runs: 100 };
const QUICK = { warmup: 2, runs: 10 };
const LEVEL_FULL = { warmup: 2, runs: 20 };
const LEVEL_QUICK = { warmup: 1, runs: 3 };
const TYPES: readonly LinkType[] = ['FS', 'FS', 'FS', 'SS', 'FF', 'SF'];

/** Deterministic: the same plan every run (a linear congruential generator). */
function generator(seed: number) {
  return (n: number) => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31), seed % n);
}

const id = (kind: number, i: number) => `00000000-0000-4000-8${kind}00-${String(i).padStart(12, '0')}`;

function calendarOf(workingWeekdays: number[], holidays: string[]): WorkCalendar {
  const result = createWorkCalendar({ workingWeekdays, holidays });
  if (!result.ok) throw new Error(result.reason);
  return result.calendar;
}

/** People with varied capacity: 8, 6 or 4 hours; one in five on their own week; a week or two off each. */
function people(count: number, random: (n: number) => number): PersonCapacity[] {
  return Array.from({ length: count }, (_, i) => {
    const offStart = DEFAULT_WORK_CALENDAR.addWorkingDays('2026-01-05', random(230));
    return {
      userId: id(1, i),
      hoursPerDay: [8, 8, 6, 4][i % 4]!,
      workingDays: i % 5 === 4 ? [1, 2, 3, 4] : null,
      daysOff: [{ from: offStart, to: DEFAULT_WORK_CALENDAR.addWorkingDays(offStart, 4 + random(6)), note: 'Leave' }],
    };
  });
}

function assignmentsFor(random: (n: number) => number, peopleCount: number): Assignment[] {
  const roll = random(20);
  if (roll === 0) return [];
  const first = random(peopleCount);
  const allocation = [100, 100, 50, 25, 150][random(5)]!;
  if (roll > 3) return [{ userId: id(1, first), allocation }];
  return [
    { userId: id(1, first), allocation },
    { userId: id(1, (first + 1 + random(peopleCount - 1)) % peopleCount), allocation: 50 },
  ];
}

/** The issue's team: 50 people, 20 projects (their own calendars), 10,000 tasks over 2026. */
function team(): WorkloadInput {
  const random = generator(36);
  const holidays = ['2026-01-01', '2026-04-03', '2026-05-01', '2026-12-25'];
  const calendars = new Map<string, WorkCalendar>();
  for (let p = 0; p < PROJECTS; p++) {
    calendars.set(id(2, p), p % 7 === 6 ? calendarOf([1, 2, 3, 4, 5, 6], []) : calendarOf([1, 2, 3, 4, 5], p % 2 ? holidays : []));
  }
  const tasks: LoadTask[] = [];
  for (let i = 0; i < TEAM_TASKS; i++) {
    const start = DEFAULT_WORK_CALENDAR.addWorkingDays('2026-01-02', random(255));
    const kind = i % 50 === 49 ? 'milestone' : 'task';
    tasks.push({
      id: id(3, i),
      projectId: id(2, i % PROJECTS),
      startDate: start,
      endDate: kind === 'milestone' ? start : DEFAULT_WORK_CALENDAR.addWorkingDays(start, random(10)),
      kind,
      assignments: assignmentsFor(random, PEOPLE),
    });
  }
  return { people: people(PEOPLE, random), calendars, tasks };
}

/**
 * One project of 10,000 tasks over 2026 with 2,000 links (chains of 6, the schedule benchmark's shape), settled, for
 * 150 people, who have about as much work as time over the year, so that overloads are many but local; plus 2,000
 * tasks of other projects as fixed load.
 */
function levelingInput() {
  const random = generator(17);
  const calendar = DEFAULT_WORK_CALENDAR;
  const raw: LevelTask[] = [];
  for (let i = 0; i < LEVEL_TASKS; i++) {
    const start = calendar.addWorkingDays('2026-01-05', random(250));
    const kind = i % 50 === 49 ? 'milestone' : 'task';
    raw.push({
      id: id(4, i),
      name: `Task ${i}`,
      startDate: start,
      endDate: kind === 'milestone' ? start : calendar.addWorkingDays(start, random(5)),
      kind,
      priority: (['low', 'medium', 'medium', 'high'] as const)[random(4)]!,
      assignments: assignmentsFor(random, LEVEL_PEOPLE),
    });
  }
  const links: ScheduleLink[] = [];
  for (let c = 0; c < LEVEL_CHAINS; c++) {
    const ids = Array.from({ length: LEVEL_CHAIN_LENGTH }, (_, k) => raw[(c + k * LEVEL_CHAINS * 3) % LEVEL_TASKS]!.id);
    for (let k = 1; k < ids.length; k++) links.push({ dependsOnTaskId: ids[k - 1]!, taskId: ids[k]!, type: TYPES[random(TYPES.length)]!, lagDays: random(7) - 2 });
  }
  const settled = cascadeSchedule(raw, links, calendar, raw.map((t) => t.id));
  if (!settled.ok) throw new Error('the bench plan has a cycle');
  const moved = new Map(settled.moves.map((m) => [m.taskId, m]));
  const tasks = raw.map((t) => (moved.has(t.id) ? { ...t, startDate: moved.get(t.id)!.startDate, endDate: moved.get(t.id)!.endDate } : t));
  const background: LoadTask[] = Array.from({ length: LEVEL_BACKGROUND_TASKS }, (_, i) => {
    const start = calendar.addWorkingDays('2026-01-05', random(250));
    return { id: id(5, i), projectId: id(2, 99), startDate: start, endDate: calendar.addWorkingDays(start, random(5)), assignments: assignmentsFor(random, LEVEL_PEOPLE) };
  });
  return { tasks, links, calendar, people: people(LEVEL_PEOPLE, random), background: { tasks: background, calendars: new Map<string, WorkCalendar>() } };
}

/** Wall time and this process's CPU time (user + system) of each call, in ms: CPU time says what a call costs when others share the machine. */
function time(warmup: number, runs: number, fn: () => unknown): { wall: number[]; cpu: number[] } {
  for (let i = 0; i < warmup; i++) fn();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    fn();
    wall.push(performance.now() - started);
    const used = process.cpuUsage(cpuBefore);
    cpu.push((used.user + used.system) / 1000);
  }
  return { wall, cpu };
}

export async function workloadBenchmark(ctx: Pick<BenchContext, 'quick' | 'log'> & Partial<Pick<BenchContext, 'db' | 'sessionSecret'>>): Promise<Section> {
  const { warmup, runs } = ctx.quick ? QUICK : FULL;
  const input = team();
  const byWeek = computeWorkload(input, { ...YEAR, scale: 'week' });
  const entries = byWeek.people.reduce((n, p) => n + p.buckets.reduce((m, b) => m + b.tasks.length, 0), 0);
  const spans = findOverallocations(input, YEAR).length;
  ctx.log(`workload: ${PEOPLE} people, ${PROJECTS} projects, ${TEAM_TASKS} tasks; ${entries} task entries by week, ${spans} over-allocation spans`);

  const level = levelingInput();
  const check = levelResources(level);
  if (!check.ok) throw new Error('cycle');
  const moved = new Map(check.moves.map((m) => [m.taskId, m]));
  const levelled = level.tasks.map((t) => (moved.has(t.id) ? { ...t, startDate: moved.get(t.id)!.toStart, endDate: moved.get(t.id)!.toEnd } : t));
  const again = levelResources({ ...level, tasks: levelled });
  if (!again.ok || again.moves.length) throw new Error(`leveling is not idempotent on the bench plan (${again.ok ? again.moves.length : 'cycle'} moves)`);
  ctx.log(`leveling: ${LEVEL_TASKS} tasks, ${level.links.length} links, ${LEVEL_PEOPLE} people; ${check.moves.length} moves, ${check.unresolved.length} unresolved spans`);
  const levelRuns = ctx.quick ? LEVEL_QUICK : LEVEL_FULL;

  const measures: { metric: string; samples: { wall: number[]; cpu: number[] }; limit?: number }[] = [
    { metric: `Team workload by week (${PEOPLE} people, ${PROJECTS} projects, ${TEAM_TASKS.toLocaleString('en')} tasks, 12 months)`, samples: time(warmup, runs, () => computeWorkload(input, { ...YEAR, scale: 'week' })), limit: WEEK_LIMIT_MS },
    { metric: 'Team workload by day (same team and range)', samples: time(warmup, runs, () => computeWorkload(input, { ...YEAR, scale: 'day' })), limit: DAY_LIMIT_MS },
    { metric: 'Team workload by month', samples: time(warmup, runs, () => computeWorkload(input, { ...YEAR, scale: 'month' })) },
    { metric: 'Over-allocation spans of the team (the chart markers)', samples: time(warmup, runs, () => findOverallocations(input, YEAR)) },
    {
      metric: `Leveling a ${LEVEL_TASKS.toLocaleString('en')}-task project (${check.moves.length.toLocaleString('en')} moves)`,
      samples: time(levelRuns.warmup, levelRuns.runs, () => levelResources(level)),
      limit: LEVEL_LIMIT_MS,
    },
  ];
  // Over a real server: only with the run's database (not in this file's own run below).
  const live = ctx.db && ctx.sessionSecret ? await liveWorkloadMeasure({ db: ctx.db, sessionSecret: ctx.sessionSecret, quick: ctx.quick, log: ctx.log }) : null;
  const rows: Row[] = measures.flatMap(({ metric, samples, limit }) => [
    { metric: `${metric}, median`, value: fmt(median(samples.wall), 1, 'ms'), ...(limit && { target: `≤ ${limit} ms`, verdict: atMost(median(samples.wall), limit) }) },
    { metric: `${metric}, p95`, value: fmt(percentile(samples.wall, 95), 1, 'ms'), ...(limit && { target: `≤ ${limit} ms`, verdict: atMost(percentile(samples.wall, 95), limit) }) },
    { metric: `${metric}, CPU time median (p95)`, value: `${fmt(median(samples.cpu), 1, 'ms')} (${fmt(percentile(samples.cpu, 95), 1, 'ms')})` },
  ]);
  return {
    id: 'workload',
    title: BENCHMARK_TITLES.workload,
    tables: [{ rows }, ...(live ? [{ caption: 'Live: a teammate’s drop reaching an open workload view', rows: live.rows }] : [])],
    method: [
      `Team: ${PEOPLE} people (8, 6 or 4 hours a day, one in five on a four-day week, one or two weeks off each), ${PROJECTS} projects`,
      '(Monday–Friday, some with holidays, some with Saturdays), 10,000 tasks of 1–10 working days over 2026 (one in 50 a',
      'milestone, one in 20 unassigned, some with two people; allocations 25–150%), the range 2026-01-01..2026-12-31.',
      `Leveling: one project of ${LEVEL_TASKS.toLocaleString('en')} tasks of 1–5 working days over 2026 with ${(LEVEL_CHAINS * (LEVEL_CHAIN_LENGTH - 1)).toLocaleString('en')} links in chains (FS, SS,`,
      `FF, SF, lag -2..+4), settled; ${LEVEL_PEOPLE} people with about as much work as time over the year, and ${LEVEL_BACKGROUND_TASKS.toLocaleString('en')} tasks of another`,
      'project as fixed load. Each figure is the wall time of one call in this process after warm-up calls; inputs are',
      'whole lists, as the server passes them (the engines build their indexes on every call). The leveling result is',
      'checked to be idempotent (a second run on it makes no move) before timing. CPU time is the process\'s user + system',
      'time over the call (garbage collection threads included): on a machine others are loading, it is the steadier figure.',
      ...(live?.method ?? []),
    ],
    findings: [
      `The levelled plan has ${check.moves.length.toLocaleString('en')} moves and ${check.unresolved.length.toLocaleString('en')} over-allocations left (person and days): this plan has more work than its people can do in places, and leveling delays a task at most 130 working days before it gives up on it.`,
      'Leveling\'s time goes to its serial passes (a few on this plan, each with a critical-path pass for the slack), not to the load arithmetic.',
      'Wall time is several times CPU time when the load average is high: the machine has 2 cores and other work ran beside.',
    ],
  };
}

// `node --import tsx bench/src/workload/workload.bench.ts`: this benchmark alone, printed, without a database.
if (import.meta.url === `file://${process.argv[1]}`) {
  const section = await workloadBenchmark({ quick: process.argv.includes('--quick'), log: console.log });
  for (const table of section.tables) if ('rows' in table) for (const r of table.rows) console.log(`${r.metric}: ${r.value}${r.target ? ` (target ${r.target}: ${r.verdict})` : ''}`);
}
