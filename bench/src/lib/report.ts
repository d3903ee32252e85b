import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Machine, RunInfo } from './machine.js';
import { repoRoot } from './paths.js';

export type Verdict = 'pass' | 'miss' | '' | 'not run';

export interface Row {
  metric: string;
  value: string;
  target?: string;
  verdict?: Verdict;
}

/** Figures against targets, or (with `header`) a plain grid of details. */
export type Table = { caption?: string; rows: Row[] } | { caption?: string; header: string[]; grid: string[][] };

export const BENCHMARK_IDS = ['realtime', 'api', 'timeline', 'export', 'bundle', 'schedule', 'history', 'workload', 'interchange', 'conversation', 'portfolio'] as const;
export type BenchmarkId = (typeof BENCHMARK_IDS)[number];

export const BENCHMARK_TITLES: Record<BenchmarkId, string> = {
  realtime: '1. Realtime: editors and viewers on one project',
  api: '2. API: the 10,000-task read and task updates under load',
  timeline: '3. Timeline in the browser',
  export: '4. Export of 10,000 tasks',
  bundle: '5. First-route JavaScript',
  schedule: '6. Scheduling engine: cascade over 10,000 tasks',
  history: '7. Time travel: the 10,000-task plan at any instant of 100,000 history rows',
  workload: '8. Workload and leveling: a 50-person team over 12 months, a 10,000-task project levelled',
  interchange: '9. Interchange: an MS Project file of 10,000 tasks and 10,000 links imported and exported',
  conversation: '10. Conversation: an inbox of 10,000 notifications, a cascade of 5,000 moves notifying 50 people',
  portfolio: '11. Portfolio: 50 projects with 200,000 tasks on one timeline',
};

export interface Section {
  id: BenchmarkId;
  title: string;
  tables: Table[];
  /** How it was measured, a few lines. */
  method: string[];
  /** What a miss comes from (profiles), caveats of this run. */
  findings: string[];
  /** Said first, under the section's title: how this run departs from the issue's workload. */
  note?: string;
}

export const REPORT_PATH = join(repoRoot, 'docs', 'benchmarks.md');

/** Formats a number with `digits` decimals and a unit ('×' and '%' stick to the number), or '—' when it is not a number. */
export function fmt(value: number, digits = 1, unit = ''): string {
  if (!Number.isFinite(value)) return '—';
  const gap = unit && unit !== '×' && unit !== '%' ? ' ' : '';
  return `${value.toFixed(digits)}${gap}${unit}`;
}

/** A verdict for "at most `limit`": pass, miss, or nothing when the figure is missing. */
export function atMost(value: number, limit: number): Verdict {
  return Number.isFinite(value) ? (value <= limit ? 'pass' : 'miss') : '';
}

const VERDICT_TEXT: Record<Verdict, string> = { pass: '✅ pass', miss: '❌ miss', '': '', 'not run': 'not run' };

function renderTable(table: Table): string {
  const lines = table.caption ? [`**${table.caption}**`, ''] : [];
  if ('grid' in table) {
    lines.push(`| ${table.header.join(' | ')} |`, `|${table.header.map((_, i) => (i ? '---:' : '---')).join('|')}|`);
    for (const cells of table.grid) lines.push(`| ${cells.join(' | ')} |`);
    return lines.join('\n');
  }
  lines.push('| Measure | Figure | Target | Result |', '|---|---:|---:|---|');
  for (const row of table.rows) lines.push(`| ${row.metric} | ${row.value} | ${row.target ?? ''} | ${VERDICT_TEXT[row.verdict ?? '']} |`);
  return lines.join('\n');
}

function machineLine(machine: Machine): string {
  return (
    `${machine.cpuModel}, ${machine.cores} cores, ${machine.ramGb} GB RAM; Node ${machine.node}; ${machine.postgres}; ` +
    `${machine.chromium}; load average ${machine.loadAtStart.toFixed(2)} at start`
  );
}

export function renderSection(section: Section, run: RunInfo, machine: Machine): string {
  const parts = [
    `## ${section.title}`,
    '',
    `Measured ${run.date} at commit \`${run.commit}\`${run.quick ? ' — **QUICK SMOKE RUN (`--quick`): short, few clients; not comparable with the targets**' : ''}.`,
    `Machine: ${machineLine(machine)}.`,
    '',
    ...(section.note ? [section.note, ''] : []),
    ...section.tables.flatMap((t) => [renderTable(t), '']),
    '**Method.** ' + section.method.join(' '),
  ];
  if (section.findings.length) parts.push('', '**Findings.**', '', ...section.findings.map((f) => `- ${f}`));
  return parts.join('\n');
}

const begin = (id: string) => `<!-- bench:${id} -->`;
const end = (id: string) => `<!-- /bench:${id} -->`;

/** The hand-written part of the report (profiles of missed targets, their causes, what was changed): kept as is. */
const NOTES = 'notes';
const NOTES_PLACEHOLDER = '## Profiles and causes\n\n(Hand-written: what profiling found behind each missed target. `npm run bench` keeps this part as it is.)';

/** Blocks of an earlier report: sections this run did not redo, and the notes. */
function previousBlocks(): Map<string, string> {
  const kept = new Map<string, string>();
  if (!existsSync(REPORT_PATH)) return kept;
  const text = readFileSync(REPORT_PATH, 'utf8');
  for (const id of [...BENCHMARK_IDS, NOTES]) {
    const from = text.indexOf(begin(id));
    const to = text.indexOf(end(id));
    if (from >= 0 && to > from) kept.set(id, text.slice(from + begin(id).length, to).trim());
  }
  return kept;
}

/** (Re)writes docs/benchmarks.md: this run's sections replace theirs; the other sections and the notes stay. */
export function writeReport(rendered: Map<BenchmarkId, string>, run: RunInfo, machine: Machine): string {
  const sections = previousBlocks();
  for (const [id, text] of rendered) sections.set(id, text);
  const doc = [
    '# Benchmarks',
    '',
    'Written by `npm run bench` (bench/, issue #8); do not edit by hand except the last part, Profiles and causes, which',
    'the runs keep. `npm run bench -- realtime api` runs a selection (`realtime`, `api`, `timeline`, `export`, `bundle`,',
    '`schedule`, `history`, `workload`, `interchange`, `conversation`) and leaves the other sections as they were; `--quick` is a smoke run with short durations and few clients, whose',
    'figures say only that the harness works. `BENCH_REALTIME_EDITORS` and `BENCH_REALTIME_VIEWERS` size the realtime',
    'workload down for a machine that cannot drive the full one; that section then says so first. `BENCH_TIMELINE_SIZES`',
    '(default `1000,10000,100000`) chooses the timeline\'s project sizes.',
    '',
    'Every run works on PostgreSQL, as production does: a fresh database (`planline_bench_<timestamp>`) made on the',
    'server at `DATABASE_URL` (default `postgres://postgres@127.0.0.1:5432/postgres`) and dropped at the end. Servers',
    'run as their own processes (`node api/src/main.ts`, NODE_ENV=production), separate from the load they measure.',
    'People, teams and projects are made through the API; bulk tasks are inserted with one SQL statement.',
    '',
    `Last run: ${run.date}, commit \`${run.commit}\`${run.quick ? ' (quick)' : ''}; ${machineLine(machine)}.`,
    '',
    ...BENCHMARK_IDS.flatMap((id) => {
      const text = sections.get(id);
      return text ? [begin(id), text, end(id), ''] : [];
    }),
    begin(NOTES),
    sections.get(NOTES) ?? NOTES_PLACEHOLDER,
    end(NOTES),
    '',
  ].join('\n');
  writeFileSync(REPORT_PATH, doc);
  return REPORT_PATH;
}
