import type { BenchContext } from '../lib/context.js';
import { memoryMb, resetPeakRss } from '../lib/proc-sampler.js';
import { atMost, BENCHMARK_TITLES, fmt, type Row, type Section } from '../lib/report.js';
import { startPlanlineServer } from '../lib/server.js';
import { teamWithProject } from '../lib/seed.js';
import { median } from '../lib/stats.js';
import { mspdiFile } from './mspdi-file.js';

/*
 * Issue 37: importing an MS Project file of 10,000 tasks and 10,000 links ≤ 5 s end to end and ≤ 300 MB server RSS;
 * exporting it ≤ 2 s.
 */
const TASKS = 10_000;
const IMPORT_LIMIT_S = 5;
const EXPORT_LIMIT_S = 2;
const RSS_LIMIT_MB = 300;

interface Run {
  previewS: number;
  importS: number;
  importPeakRssMb: number;
  baselineRssMb: number;
  exportS: number;
  exportBytes: number;
  tasks: number;
  links: number;
}

async function call(url: string, init: RequestInit): Promise<{ status: number; body: Buffer; seconds: number }> {
  const started = performance.now();
  const res = await fetch(url, init);
  const body = Buffer.from(await res.arrayBuffer());
  return { status: res.status, body, seconds: (performance.now() - started) / 1000 };
}

function mustBeOk(what: string, answer: { status: number; body: Buffer }): Record<string, unknown> {
  if (answer.status >= 300) throw new Error(`${what} answered ${answer.status}: ${answer.body.toString('utf8').slice(0, 400)}`);
  return answer.body.length && answer.body[0] === 0x7b ? (JSON.parse(answer.body.toString('utf8')) as Record<string, unknown>) : {};
}

/** One run on a fresh server and a fresh project: preview, import (stored), then export of what was imported. */
async function measureOnce(ctx: BenchContext, xml: Uint8Array<ArrayBuffer>, run: number): Promise<Run> {
  const server = await startPlanlineServer(ctx.db, ctx.sessionSecret);
  try {
    const { projectId, owner } = await teamWithProject(server.url, ctx.db.pool, `Interchange bench ${run}`);
    const headers = { cookie: owner.client.cookieHeader, 'content-type': 'application/xml' };
    const importUrl = (preview: boolean) =>
      `${server.url}/api/projects/${projectId}/import?format=mspdi&mode=append&preview=${preview}&fileName=${encodeURIComponent('Interchange bench.xml')}`;

    ctx.log(`interchange: run ${run}, preview of ${TASKS} tasks…`);
    const preview = await call(importUrl(true), { method: 'POST', headers, body: xml });
    const previewAnswer = mustBeOk('the preview', preview);
    if ((previewAnswer.errors as unknown[] | undefined)?.length) throw new Error(`the preview found errors: ${JSON.stringify(previewAnswer.errors).slice(0, 400)}`);

    if (!resetPeakRss(server.pid)) throw new Error('the kernel refused to reset the peak RSS (/proc/<pid>/clear_refs)');
    const baselineRssMb = memoryMb(server.pid).rssMb;
    ctx.log(`interchange: run ${run}, import…`);
    const stored = await call(importUrl(false), { method: 'POST', headers, body: xml });
    const storedAnswer = mustBeOk('the import', stored);
    const importPeakRssMb = memoryMb(server.pid).hwmMb;

    ctx.log(`interchange: run ${run}, export…`);
    const exported = await call(`${server.url}/api/projects/${projectId}/export/mspdi`, { headers: { cookie: owner.client.cookieHeader } });
    mustBeOk('the export', exported);
    return {
      previewS: preview.seconds,
      importS: stored.seconds,
      importPeakRssMb,
      baselineRssMb,
      exportS: exported.seconds,
      exportBytes: exported.body.length,
      tasks: Number(storedAnswer.tasks),
      links: Number(storedAnswer.links),
    };
  } finally {
    await server.close();
  }
}

export async function interchangeBenchmark(ctx: BenchContext): Promise<Section> {
  const runs = ctx.quick ? 1 : 3;
  const file = mspdiFile(TASKS);
  const xml = new TextEncoder().encode(file.xml);
  const list: Run[] = [];
  for (let i = 1; i <= runs; i++) list.push(await measureOnce(ctx, xml, i));

  const importS = median(list.map((r) => r.importS));
  const exportS = median(list.map((r) => r.exportS));
  const peak = Math.max(...list.map((r) => r.importPeakRssMb));
  const rows: Row[] = [
    { metric: `MS Project XML import, ${TASKS.toLocaleString('en-US')} tasks + ${file.links.toLocaleString('en-US')} links, stored (median of ${runs})`, value: fmt(importS, 2, 's'), target: `≤ ${IMPORT_LIMIT_S} s`, verdict: atMost(importS, IMPORT_LIMIT_S) },
    { metric: 'import: peak RSS of the server process', value: fmt(peak, 0, 'MB'), target: `≤ ${RSS_LIMIT_MB} MB`, verdict: atMost(peak, RSS_LIMIT_MB) },
    { metric: `MS Project XML export of the imported plan (median of ${runs})`, value: fmt(exportS, 2, 's'), target: `≤ ${EXPORT_LIMIT_S} s`, verdict: atMost(exportS, EXPORT_LIMIT_S) },
  ];
  const grid = list.map((r, i) => [
    String(i + 1),
    fmt(r.previewS, 2),
    fmt(r.importS, 2),
    `${r.tasks.toLocaleString('en-US')} / ${r.links.toLocaleString('en-US')}`,
    fmt(r.baselineRssMb, 0, 'MB'),
    fmt(r.importPeakRssMb, 0, 'MB'),
    fmt(r.exportS, 2),
    fmt(r.exportBytes / 2 ** 20, 1, 'MB'),
  ]);
  return {
    id: 'interchange',
    title: BENCHMARK_TITLES.interchange,
    tables: [{ rows }, { caption: 'Each run', header: ['run', 'preview (s)', 'import (s)', 'tasks / links stored', 'RSS before', 'peak RSS', 'export (s)', 'file'], grid }],
    method: [
      `A generated MS Project XML file (${(xml.length / 2 ** 20).toFixed(1)} MB: ${TASKS.toLocaleString('en-US')} tasks in phases of 20 under summaries, ${file.links.toLocaleString('en-US')} links of`,
      'two types with lags in tenths of a minute, a calendar with holidays, 8 resources assigned), made by the bench rather than by our',
      'writer. Each run is a fresh server process and an empty project: POST /api/projects/{id}/import with preview=true, then with',
      'preview=false (timed from the request until the answer: read, checked, one document transaction, stored in PostgreSQL), then',
      'GET /api/projects/{id}/export/mspdi until the whole file has arrived. Peak RSS is the server\'s VmHWM, reset before the import.',
    ],
    findings: [],
  };
}
