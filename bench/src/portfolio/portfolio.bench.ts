import type { BenchContext } from '../lib/context.js';
import { atMost, BENCHMARK_TITLES, fmt, type Section } from '../lib/report.js';
import { insertTasks, teamWithProject, todayUtc } from '../lib/seed.js';
import { startPlanlineServer } from '../lib/server.js';
import { median, percentile } from '../lib/stats.js';

/**
 * Issue 40's benchmark: "the portfolio of 50 projects with 200,000 tasks in all ≤ 200 ms p95". Read three ways: the
 * first read after start (every project computed), reads with nothing changed, and reads each right after a task of
 * one project changed (that project computed again: what a team lead sees while the team works).
 */
const PROJECTS = 50;
const TASKS = 200_000;
const LIMIT_MS = 200;
const FULL = { reads: 40 };
const QUICK = { reads: 10 };

const timed = async (work: () => Promise<unknown>) => {
  const started = performance.now();
  await work();
  return performance.now() - started;
};

export async function portfolioBenchmark(ctx: BenchContext): Promise<Section> {
  const { reads } = ctx.quick ? QUICK : FULL;
  const projects = ctx.quick ? 10 : PROJECTS;
  const tasks = ctx.quick ? 20_000 : TASKS;
  const server = await startPlanlineServer(ctx.db, ctx.sessionSecret);
  try {
    const team = await teamWithProject(server.url, ctx.db.pool, 'Portfolio bench');
    const today = todayUtc();
    const projectIds = [team.projectId];
    for (let i = 1; i < projects; i++) projectIds.push((await team.owner.client.post<{ id: string }>('/api/projects', { name: `Project ${i + 1}`, teamId: team.teamId })).id);
    ctx.log(`portfolio: seeding ${tasks} tasks over ${projects} projects…`);
    const firstTasks: string[] = [];
    for (const projectId of projectIds) firstTasks.push((await insertTasks(ctx.db.pool, projectId, tasks / projects, [], today))[0]!);
    await ctx.db.pool.query('ANALYZE tasks');
    const path = `/api/teams/${team.teamId}/portfolio`;
    const read = () => team.owner.client.get<{ projects: unknown[] }>(path);

    const cold = await timed(read);
    const warm: number[] = [];
    for (let i = 0; i < reads; i++) warm.push(await timed(read));
    const afterChange: number[] = [];
    for (let i = 0; i < reads; i++) {
      const taskId = firstTasks[i % firstTasks.length]!;
      await team.owner.client.request('PATCH', `/api/tasks/${taskId}`, { progress: (i * 7) % 101 });
      afterChange.push(await timed(read));
    }
    const label = `${projects} projects, ${tasks.toLocaleString('en')} tasks: GET /api/teams/{id}/portfolio`;
    ctx.log(`portfolio: cold ${cold.toFixed(0)} ms, warm p95 ${percentile(warm, 95).toFixed(1)} ms, after a change p95 ${percentile(afterChange, 95).toFixed(1)} ms`);
    return {
      id: 'portfolio',
      title: BENCHMARK_TITLES.portfolio,
      tables: [
        {
          rows: [
            { metric: `${label}, right after a task of one project changed, p50`, value: fmt(median(afterChange), 1, 'ms'), target: `≤ ${LIMIT_MS} ms`, verdict: atMost(median(afterChange), LIMIT_MS) },
            { metric: `${label}, right after a task of one project changed, p95`, value: fmt(percentile(afterChange, 95), 1, 'ms'), target: `≤ ${LIMIT_MS} ms`, verdict: atMost(percentile(afterChange, 95), LIMIT_MS) },
            { metric: `${label}, nothing changed since the last read, p95`, value: fmt(percentile(warm, 95), 1, 'ms'), target: `≤ ${LIMIT_MS} ms`, verdict: atMost(percentile(warm, 95), LIMIT_MS) },
            { metric: `${label}, the first read after the server started (every project computed)`, value: fmt(cold, 0, 'ms'), target: '—', verdict: '' },
          ],
        },
      ],
      findings: [],
      method: [
        `Each project has ${(tasks / projects).toLocaleString('en')} tasks seeded in SQL; the team is on Enterprise. ${reads} reads of each kind, one after another, by the team's owner over HTTP.`,
        'A row is kept per project and task-list version (and latest baseline): a read after a change computes only the changed project again.',
      ],
    };
  } finally {
    await server.close();
  }
}
