import { openTestDatabase, type TestDatabase } from '@planline/db/testing';
import { createProject, createTeam, createUser } from '@planline/db/test/factories';
import { applyCascade, documentCascade, readTask, writeTask } from '@planline/document';
import { ProjectDocumentStore } from '@planline/realtime';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { RowsAfter } from '../../realtime-server/src/documents/change-judge.js';
import { TasksService } from '../src/features/tasks/tasks.service.js';
import { findTasks } from '../src/features/tasks/tasks.read.js';

/**
 * [drop-path-profile] Not a check: a profile of one drop at each project size, step by step, on the real code
 * path (the store's update handler, its turn, the first task list read after it and the task events' read).
 * Runs only with PROFILE_DROP=1 (PROFILE_DROP_SIZES, default 1000,10000,100000; PostgreSQL when DATABASE_URL
 * is set, as the benchmarks run) and prints a table of milliseconds per step, the median of PROFILE_DROP_TIMES
 * drops (default 7) after two unmeasured ones. docs/benchmarks.md, Profiles and causes, reports what it found.
 *
 * A drop is what a browser sends: one task moved a week later and its successors moved by the browser's own
 * cascade, in one transaction, applied to the server's document with a connection's origin.
 */
const PROFILE = !!process.env.PROFILE_DROP;
const SIZES = (process.env.PROFILE_DROP_SIZES ?? '1000,10000,100000').split(',').map(Number);
const TIMES = Number(process.env.PROFILE_DROP_TIMES ?? 7);

const clock = vi.hoisted(() => {
  const spent = new Map<string, number>();
  let on = false;
  const add = (step: string, ms: number) => spent.set(step, (spent.get(step) ?? 0) + ms);
  /** `fn`, its time added to `step` while the clock runs (a promise's until it settles). */
  const timed = <F extends (...args: never[]) => unknown>(step: string, fn: F): F =>
    function (this: unknown, ...args: never[]) {
      if (!on) return fn.apply(this, args);
      const started = performance.now();
      const out = fn.apply(this, args);
      if (out instanceof Promise) return out.finally(() => add(step, performance.now() - started));
      add(step, performance.now() - started);
      return out;
    } as F;
  const wrap = <M extends Record<string, unknown>>(module: M, steps: Partial<Record<keyof M, string>>): M => {
    const out: Record<string, unknown> = { ...module };
    for (const [name, step] of Object.entries(steps)) out[name] = timed(step as string, module[name] as (...args: never[]) => unknown);
    return out as M;
  };
  return {
    spent,
    timed,
    wrap,
    start() {
      spent.clear();
      on = true;
    },
    stop() {
      on = false;
    },
  };
});

vi.mock('@planline/document', async (original) =>
  clock.wrap(await original<typeof import('@planline/document')>(), { removeNonSchemaItems: 'server: schema check of the changed items' }),
);
vi.mock('../../realtime-server/src/documents/transaction-facts.js', async (original) =>
  clock.wrap(await original<typeof import('../../realtime-server/src/documents/transaction-facts.js')>(), {
    cascadeReasonsOf: 'server: cascade reasons of the moves',
    movesStillDue: 'server: cascade still due',
  }),
);
vi.mock('../../realtime-server/src/documents/project-rows.js', async (original) =>
  clock.wrap(await original<typeof import('../../realtime-server/src/documents/project-rows.js')>(), {
    assignableUsers: 'server: members (SQL)',
    raiseTaskListVersion: 'server: task list version raised (SQL)',
    writeTurn: 'server: rows and history written (SQL)',
    appendUpdate: 'server: update appended to the log (SQL)',
  }),
);
vi.mock('../src/features/tasks/tasks.read.js', async (original) =>
  clock.wrap(await original<typeof import('../src/features/tasks/tasks.read.js')>(), {
    taskListVersion: 'api: task list version (SQL)',
    readTaskListChanges: 'api: changed tasks read (SQL)',
    readTaskListSince: 'api: changed tasks read with the order (SQL)',
    readWholeTaskList: 'api: whole list read (SQL)',
    rolledUp: 'api: summaries rolled up',
  }),
);
vi.mock('../src/features/tasks/task-list-parts.js', async (original) =>
  clock.wrap(await original<typeof import('../src/features/tasks/task-list-parts.js')>(), {
    mergeChanged: 'api: kept list patched',
    patchTasks: 'api: kept list patched (order read)',
    buildParts: 'api: list JSON built',
  }),
);

const silent = { info() {}, warn() {}, error() {} };
let db: TestDatabase;

beforeAll(async () => {
  if (PROFILE) db = await openTestDatabase();
}, 120_000);
afterAll(async () => {
  await db?.close();
});

/** `count` tasks as the benchmarks seed them: every fifth depends on the one before. Returns the ids in order. */
async function seed(projectId: string, count: number, ownerId: string): Promise<string[]> {
  await db.dataSource.query(
    `INSERT INTO tasks (id, project_id, name, assignee_id, start_date, end_date, progress, "order")
     SELECT gen_random_uuid(), $1, 'Step ' || (i + 1), $2, DATE '2026-09-01' + (i * 7) % 300, DATE '2026-09-01' + (i * 7) % 300 + 1 + i % 20, i % 101, i
       FROM generate_series(0, $3::int - 1) AS i`,
    [projectId, ownerId, count],
  );
  await db.dataSource.query(`INSERT INTO task_assignments (id, task_id, user_id) SELECT gen_random_uuid(), id, assignee_id FROM tasks WHERE project_id = $1`, [projectId]);
  await db.dataSource.query('ANALYZE tasks');
  await db.dataSource.query(
    `INSERT INTO task_dependencies (id, task_id, depends_on_task_id)
     SELECT gen_random_uuid(), t.id, p.id FROM tasks t JOIN tasks p ON p.project_id = $1 AND p."order" = t."order" - 1
      WHERE t.project_id = $1 AND t."order" % 5 = 4`,
    [projectId],
  );
  await db.dataSource.query('ANALYZE tasks, task_assignments, task_dependencies');
  const rows: { id: string }[] = await db.dataSource.query(`SELECT id FROM tasks WHERE project_id = $1 ORDER BY "order"`, [projectId]);
  return rows.map((r) => r.id);
}

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

describe.skipIf(!PROFILE)('[drop-path-profile] one drop, step by step', () => {
  it(
    'prints the milliseconds of each step at each size',
    async () => {
      const table: Record<string, Record<string, string>> = {};
      for (const size of SIZES) {
        const owner = await createUser(db.dataSource);
        const team = await createTeam(db.dataSource, owner);
        const project = await createProject(db.dataSource, team);
        const ids = await seed(project.id, size, owner.id);
        const store = new ProjectDocumentStore(db.dataSource, silent, () => {});
        const doc = new Y.Doc();
        await store.load(project.id, doc);
        const tasks = new TasksService(db.dataSource, null as never);
        await tasks.list(owner.id, project.id);
        // The browser's copy, which makes each drop with its own cascade.
        const browser = new Y.Doc();
        Y.applyUpdate(browser, Y.encodeStateAsUpdate(doc));
        const origin = { context: { userId: owner.id } };
        const runs: Map<string, number>[] = [];
        for (let i = 0; i < TIMES + 2; i++) {
          // A task with a successor (order 5k + 3 → 5k + 4), a different one each time.
          const id = ids[(5 * (i * 37 + 11) + 3) % size]!;
          const before = readTask(browser, id)!;
          let update!: Uint8Array;
          browser.once('update', (u: Uint8Array) => (update = u));
          browser.transact(() => {
            writeTask(browser, id, { startDate: addDays(String(before.startDate), 7), endDate: addDays(String(before.endDate), 7) });
            applyCascade(browser, documentCascade(browser, [id]));
          }, 'local');

          clock.start();
          let started = performance.now();
          Y.applyUpdate(doc, update, origin);
          clock.spent.set('server: the update handler, in all', performance.now() - started);
          started = performance.now();
          await store.whenPersisted(doc);
          clock.spent.set('server: the turn (judge, SQL, tell), in all', performance.now() - started);
          started = performance.now();
          const answer = await tasks.list(owner.id, project.id);
          clock.spent.set('api: first task list read after it, in all', performance.now() - started);
          started = performance.now();
          await answer.encoded('gzip');
          clock.spent.set('api: gzip of the list (after the read)', performance.now() - started);
          started = performance.now();
          await findTasks(db.dataSource, [id]);
          clock.spent.set('events: the moved task read back', performance.now() - started);
          clock.stop();
          expect(JSON.parse(answer.body.toString()).find((t: { id: string }) => t.id === id).startDate).toBe(addDays(String(before.startDate), 7));
          if (i >= 2) runs.push(new Map(clock.spent));
        }
        const steps = new Set(runs.flatMap((r) => [...r.keys()]));
        for (const step of [...steps].sort()) {
          (table[step] ??= {})[size.toLocaleString('en-US')] = median(runs.map((r) => r.get(step) ?? 0)).toFixed(1);
        }
        await store.release(doc);
        doc.destroy();
        browser.destroy();
      }
      console.log(`drop path, ms (median of ${TIMES} drops)\n` + JSON.stringify(table, null, 1));
      console.table(table);
    },
    30 * 60_000,
  );
});

// RowsAfter.judge, timed on the class every store uses (not a module export a mock could wrap).
const judge = RowsAfter.prototype.judge;
RowsAfter.prototype.judge = clock.timed('server: changes judged', judge) as typeof judge;
