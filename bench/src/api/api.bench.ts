import { listTasks } from '@planline/api/tasks-read';
import autocannon from 'autocannon';
import type { BenchContext } from '../lib/context.js';
import { atMost, BENCHMARK_TITLES, fmt, type Section } from '../lib/report.js';
import { startPlanlineServer } from '../lib/server.js';
import { joinedMembers, projectWithTasks } from '../lib/seed.js';
import { percentile } from '../lib/stats.js';

interface ApiWorkload {
  tasks: number;
  durationS: number;
  /**
   * Concurrent connections of the 10,000-task read (each answer is several MB): the first is the one the targets
   * are judged at, the others show how it queues.
   */
  readConnections: number[];
  patchConnections: number;
  /**
   * The people the PATCHes are spread over, round-robin (each is a member with a session of their own): one person
   * may make 30 edits a second (EDITS_PER_SECOND, issue 34), far fewer than the load, which is many people's.
   */
  patchPeople: number;
  /** PATCHes go round-robin over this many tasks of the project. */
  patchedTasks: number;
  /** Reads timed right after a change, when the list must be built again from the rows. */
  rebuilds: number;
}

/** One read through fetch (as readsAfterChanges reads: gzip, decoded), timed to its last byte. */
async function timedRead(url: string, cookie: string): Promise<number> {
  const started = performance.now();
  const read = await fetch(url, { headers: { cookie } });
  await read.arrayBuffer();
  if (read.status !== 200) throw new Error(`GET answered ${read.status}`);
  return performance.now() - started;
}

/**
 * The read right after each of `times` changes: the rows changed, so the server builds the list again. Each is
 * followed by the same read again, the list unchanged (`unchanged`): what this client's fetch costs on its own
 * (6.5 MB of JSON, gzip-decoded) in the same minute of the machine's load.
 */
async function readsAfterChanges(url: string, readPath: string, cookie: string, taskId: string, times: number): Promise<{ latencies: number[]; unchanged: number[] }> {
  const latencies: number[] = [];
  const unchanged: number[] = [];
  for (let i = 0; i < times; i++) {
    const patched = await fetch(`${url}/api/tasks/${taskId}`, {
      method: 'PATCH',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ progress: i % 100 }),
    });
    if (!patched.ok) throw new Error(`PATCH answered ${patched.status}`);
    await patched.arrayBuffer();
    latencies.push(await timedRead(url + readPath, cookie));
    unchanged.push(await timedRead(url + readPath, cookie));
  }
  return { latencies, unchanged };
}

const FULL: ApiWorkload = { tasks: 10_000, durationS: 30, readConnections: [1, 4], patchConnections: 10, patchPeople: 20, patchedTasks: 1000, rebuilds: 40 };
const QUICK: ApiWorkload = { tasks: 10_000, durationS: 4, readConnections: [1, 4], patchConnections: 10, patchPeople: 20, patchedTasks: 200, rebuilds: 8 };
const READ_P99_LIMIT_MS = 150;
const READ_RATIO_LIMIT = 3;

/** The SQL the endpoint runs for the read, captured by handing listTasks a recording connection. */
async function taskListQuery(projectId: string): Promise<{ sql: string; params: unknown[] }> {
  let captured: { sql: string; params: unknown[] } | undefined;
  const recorder: Parameters<typeof listTasks>[0] = {
    query: (async (sql: string, params?: unknown[]) => {
      captured ??= { sql, params: params ?? [] };
      return [];
    }) as Parameters<typeof listTasks>[0]['query'],
  };
  await listTasks(recorder, projectId);
  if (!captured) throw new Error('listTasks ran no query');
  return captured;
}

/** The raw query at the same concurrency and for as long as the endpoint was loaded: latency per query, client side. */
async function loadRawSql(ctx: BenchContext, query: { sql: string; params: unknown[] }, lanes: number, durationS: number) {
  const latencies: number[] = [];
  const until = performance.now() + durationS * 1000;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        await ctx.db.pool.query(query.sql, query.params);
        latencies.push(performance.now() - started);
      }
    }),
  );
  return { perSecond: latencies.length / durationS, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

async function explainMs(ctx: BenchContext, query: { sql: string; params: unknown[] }): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const rows = (await ctx.db.pool.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${query.sql}`, query.params)).rows as { 'QUERY PLAN': [{ 'Execution Time': number }] }[];
    times.push(rows[0]!['QUERY PLAN'][0]['Execution Time']);
  }
  return percentile(times, 50);
}

function cannon(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

export async function apiBenchmark(ctx: BenchContext): Promise<Section> {
  const load = ctx.quick ? QUICK : FULL;
  const server = await startPlanlineServer(ctx.db, ctx.sessionSecret);
  try {
    const project = await projectWithTasks(server.url, ctx.db.pool, 'API bench', load.tasks);
    const cookie = project.owner.client.cookieHeader;
    const readPath = `/api/projects/${project.projectId}/tasks`;

    // Warm up: the read once, and one PATCH, which loads the project document into the server.
    const first = await project.owner.client.get<unknown[]>(readPath);
    if (first.length !== load.tasks) throw new Error(`expected ${load.tasks} tasks, read ${first.length}`);
    const bytes = (await (await fetch(server.url + readPath, { headers: { cookie } })).arrayBuffer()).byteLength;
    await project.owner.client.request('PATCH', `/api/tasks/${project.taskIds[0]}`, { progress: 50 });

    const query = await taskListQuery(project.projectId);
    const reads: { connections: number; read: autocannon.Result; raw: Awaited<ReturnType<typeof loadRawSql>> }[] = [];
    for (const connections of load.readConnections) {
      ctx.log(`api: GET ${load.tasks} tasks, ${connections} connection(s), ${load.durationS} s; then the same SQL raw…`);
      const read = await cannon({ url: server.url + readPath, connections, duration: load.durationS, headers: { cookie } });
      reads.push({ connections, read, raw: await loadRawSql(ctx, query, connections, load.durationS) });
    }
    const explain = await explainMs(ctx, query);
    ctx.log(`api: GET right after each of ${load.rebuilds} PATCHes (the list built again)…`);
    const { latencies: rebuilt, unchanged } = await readsAfterChanges(server.url, readPath, cookie, project.taskIds[1]!, load.rebuilds);
    const rebuiltP99 = percentile(rebuilt, 99);

    ctx.log(`api: PATCH /api/tasks/{id}, ${load.patchConnections} connections, ${load.durationS} s…`);
    const progress = project.taskIds.slice(0, load.patchedTasks).map((_, i) => i % 101);
    const editors = [project.owner, ...project.members];
    editors.push(...(await joinedMembers(server.url, project, Math.max(0, load.patchPeople - editors.length), 'Editor')));
    const editorCookies = editors.map((person) => person.client.cookieHeader);
    let n = 0;
    const patch = await cannon({
      url: server.url,
      connections: load.patchConnections,
      duration: load.durationS,
      headers: { cookie, 'content-type': 'application/json' },
      requests: [
        {
          method: 'PATCH',
          // Every PATCH changes something (the next progress value of the next task): a no-op would not write.
          setupRequest: (request) => {
            const cookie = editorCookies[n % editorCookies.length]!;
            const i = n++ % load.patchedTasks;
            progress[i] = (progress[i]! + 1) % 101;
            return { ...request, headers: { ...request.headers, cookie }, path: `/api/tasks/${project.taskIds[i]}`, body: JSON.stringify({ progress: progress[i] }) };
          },
        },
      ],
    });

    const failures = (r: autocannon.Result) => r.non2xx + r.errors;
    const judged = reads[0]!;
    const ratio = judged.read.latency.p99 / judged.raw.p99;
    const connectionsText = (n: number) => `${n} connection${n > 1 ? 's' : ''}`;
    return {
      id: 'api',
      title: BENCHMARK_TITLES.api,
      tables: [
        {
          rows: [
            {
              metric: `GET /api/projects/{id}/tasks (${load.tasks.toLocaleString('en-US')} tasks), p99, ${connectionsText(judged.connections)}`,
              value: fmt(judged.read.latency.p99, 0, 'ms'),
              target: `≤ ${READ_P99_LIMIT_MS} ms`,
              verdict: atMost(judged.read.latency.p99, READ_P99_LIMIT_MS),
            },
            { metric: 'The read p99 ÷ raw SQL p99 (same concurrency)', value: fmt(ratio, 2, '×'), target: `≤ ${READ_RATIO_LIMIT}×`, verdict: atMost(ratio, READ_RATIO_LIMIT) },
            {
              metric: `The same read right after a change (list built again from the rows), p99 of ${load.rebuilds}`,
              value: fmt(rebuiltP99, 0, 'ms'),
              target: `≤ ${READ_P99_LIMIT_MS} ms`,
              verdict: atMost(rebuiltP99, READ_P99_LIMIT_MS),
            },
          ],
        },
        {
          caption: 'Details',
          header: ['', 'requests/s', 'p50', 'p99', 'failed'],
          grid: [
            ...reads.flatMap(({ connections, read, raw }) => [
              [`GET tasks, ${connectionsText(connections)} (${fmt(bytes / 2 ** 20, 1, 'MB')} each)`, fmt(read.requests.average, 1), fmt(read.latency.p50, 0, 'ms'), fmt(read.latency.p99, 0, 'ms'), String(failures(read))],
              [`The same SQL through pg, ${connections} at a time`, fmt(raw.perSecond, 1), fmt(raw.p50, 0, 'ms'), fmt(raw.p99, 0, 'ms'), '0'],
            ]),
            ['The same SQL, EXPLAIN ANALYZE execution time (median of 5)', '', fmt(explain, 0, 'ms'), '', ''],
            [`GET tasks right after a PATCH, one at a time (${load.rebuilds} times)`, '', fmt(percentile(rebuilt, 50), 0, 'ms'), fmt(rebuiltP99, 0, 'ms'), '0'],
            ['The same GET again after each, the list unchanged (the client\'s fetch and gzip decoding alone)', '', fmt(percentile(unchanged, 50), 0, 'ms'), fmt(percentile(unchanged, 99), 0, 'ms'), '0'],
            [`PATCH /api/tasks/{id}, ${load.patchConnections} connections of ${load.patchPeople} people over ${load.patchedTasks} tasks`, fmt(patch.requests.average, 1), fmt(patch.latency.p50, 0, 'ms'), fmt(patch.latency.p99, 0, 'ms'), String(failures(patch))],
          ],
        },
      ],
      method: [
        `One server process on the bench database; a project of ${load.tasks.toLocaleString('en-US')} tasks (bulk SQL insert; 5 assignees, every fifth task depends on the one`,
        `before). autocannon loads each endpoint for ${load.durationS} s after a warm-up, with the owner's session cookie (the PATCHes with ${load.patchPeople} people's, round-robin, each within a person's edit budget). The read is judged at`,
        `${connectionsText(judged.connections)} (requests back to back: the read's own latency under sustained load; with more connections than the`,
        '2 cores, p99 is mostly queueing) and shown at more. The raw SQL is the query the endpoint runs (captured from listTasks), sent',
        'through pg from the bench process at the same concurrency for the same time; the ratio compares p99s. Each PATCH sets the',
        'next progress value of the next task (round-robin), so every request is a real change through the document write path,',
        'answered once persisted. The server keeps the JSON of a task list by the project\'s task list version (raised with every',
        'change to its rows), so the loaded read answers from it; the read right after a change shows the cost of building it again.',
        'Those reads go through fetch, which asks for gzip and decodes it (autocannon asks for no encoding); each is followed by the',
        'same read of the unchanged list, so the difference between the two rows is the server\'s building again.',
      ],
      findings: [
        ...(reads.some((r) => failures(r.read)) || failures(patch)
          ? [`Failed requests (non-2xx or errors): reads ${reads.map((r) => failures(r.read)).join(', ')}, PATCH ${failures(patch)}.`]
          : []),
      ],
    };
  } finally {
    await server.close();
  }
}
