import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, teamWithOwner, type ApiClient, type TestServer } from './harness.js';

/**
 * [time-travel] After a change, GET /api/projects/{id}/tasks?at= reads only the history rows newer than the ones it
 * keeps (PlanHistoryCache), and must still see every row: a transaction that took its seq and its time (now(), the
 * transaction's start) before the rows already read can commit after them. Runs on PGlite, and on PostgreSQL when
 * DATABASE_URL is set (the concurrent transaction only there: PGlite has one connection).
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

type Task = { id: string; name: string };

const tasksAt = async (client: ApiClient, projectId: string, at: Date) => {
  const res = await client.get<Task[]>(`/api/projects/${projectId}/tasks?at=${encodeURIComponent(at.toISOString())}`);
  expect(res.status).toBe(200);
  return res.body;
};
const nameAt = async (client: ApiClient, projectId: string, taskId: string, at: Date) => (await tasksAt(client, projectId, at)).find((t) => t.id === taskId)?.name;

/** The database's clock: history rows are stamped by it. Instants taken from it sit between rows, 10 ms apart. */
async function databaseInstant(): Promise<Date> {
  await sleep(10);
  const [row] = (await server.dataSource.query(`SELECT clock_timestamp() AS now`)) as { now: Date }[];
  await sleep(10);
  return row!.now;
}

async function projectWithTasks(names: string[]) {
  const { owner, team } = await teamWithOwner(server);
  const project = (await owner.client.post('/api/projects', { name: 'Incremental', teamId: team.id })).body as { id: string };
  const ids: string[] = [];
  for (const name of names) {
    const res = await owner.client.post('/api/tasks', { projectId: project.id, name, startDate: '2026-11-23', endDate: '2026-11-27' });
    expect(res.status).toBe(201);
    ids.push((res.body as Task).id);
  }
  const rename = async (taskId: string, name: string) => expect((await owner.client.request('PATCH', `/api/tasks/${taskId}`, { name })).status).toBe(200);
  return { client: owner.client, projectId: project.id, ids, rename };
}

describe('[time-travel] the history kept between reads', () => {
  it('shows a change made after the history was read in the next read, without reading the rows it holds again', async () => {
    const { client, projectId, ids, rename } = await projectWithTasks(['Design']);
    const created = await databaseInstant();
    await rename(ids[0]!, 'Design 2');
    const renamed = await databaseInstant();
    expect(await nameAt(client, projectId, ids[0]!, renamed)).toBe('Design 2');

    // A probe, not something the product does: a row already read is changed in place. Kept rows are not read
    // again, so the next rebuild still undoes it as it was read; reading the whole history again would show this.
    await server.dataSource.query(`UPDATE task_change_history SET old_value = 'Tampered' WHERE task_id = $1 AND field_name = 'name'`, [ids[0]]);
    await rename(ids[0]!, 'Design 3');
    const now = await databaseInstant();
    expect(await nameAt(client, projectId, ids[0]!, now)).toBe('Design 3');
    expect(await nameAt(client, projectId, ids[0]!, renamed)).toBe('Design 2');
    expect(await nameAt(client, projectId, ids[0]!, created)).toBe('Design');
  });

  it('does not miss a row that committed after the rows read, with a seq and a time from before them', async () => {
    const { client, projectId, ids, rename } = await projectWithTasks(['Design', 'Build']);
    // The late transaction takes its seq and its time now, and commits only after a newer change has been read.
    const before = await databaseInstant();
    const [taken] = (await server.dataSource.query(`SELECT nextval(pg_get_serial_sequence('task_change_history', 'seq'))::text AS seq`)) as { seq: string }[];
    const seq = taken!.seq;
    const lateAt = await databaseInstant();
    await rename(ids[1]!, 'Build it');
    const afterBuild = await databaseInstant();
    expect(await tasksAt(client, projectId, afterBuild)).toMatchObject([{ name: 'Design' }, { name: 'Build it' }]);

    // What that transaction stores, as the write path would, with the seq and the time it took earlier.
    await server.dataSource.transaction(async (m) => {
      await m.query(`UPDATE tasks SET name = 'Design late', updated_at = $2 WHERE id = $1`, [ids[0], lateAt]);
      await m.query(
        `INSERT INTO task_change_history (id, project_id, task_id, field_name, old_value, new_value, seq, created_at)
         VALUES (gen_random_uuid(), $1, $2, 'name', 'Design', 'Design late', $3, $4)`,
        [projectId, ids[0], seq, lateAt],
      );
      await m.query(`UPDATE projects SET tasks_version = tasks_version + 1 WHERE id = $1`, [projectId]);
    });
    expect(await nameAt(client, projectId, ids[0]!, before)).toBe('Design');
    expect(await nameAt(client, projectId, ids[0]!, afterBuild)).toBe('Design late');
    expect(await nameAt(client, projectId, ids[1]!, before)).toBe('Build');
  });

  it.skipIf(!process.env.DATABASE_URL)('does not miss a concurrent transaction that commits after a later one was read (PostgreSQL)', async () => {
    const { client, projectId, ids, rename } = await projectWithTasks(['Design', 'Build']);
    const before = await databaseInstant();
    const late = server.dataSource.createQueryRunner();
    await late.connect();
    try {
      await late.startTransaction();
      // Its history row gets its seq and its time (the transaction's start) now; the project row is not locked yet.
      await late.query(`UPDATE tasks SET name = 'Design late', updated_at = now() WHERE id = $1`, [ids[0]]);
      await late.query(`INSERT INTO task_change_history (id, project_id, task_id, field_name, old_value, new_value) VALUES (gen_random_uuid(), $1, $2, 'name', 'Design', 'Design late')`, [
        projectId,
        ids[0],
      ]);
      await rename(ids[1]!, 'Build it');
      const afterBuild = await databaseInstant();
      expect(await tasksAt(client, projectId, afterBuild)).toMatchObject([{ name: 'Design' }, { name: 'Build it' }]);
      await late.query(`UPDATE projects SET tasks_version = tasks_version + 1 WHERE id = $1`, [projectId]);
      await late.commitTransaction();

      expect(await nameAt(client, projectId, ids[0]!, before)).toBe('Design');
      expect(await nameAt(client, projectId, ids[0]!, afterBuild)).toBe('Design late');
      expect(await nameAt(client, projectId, ids[1]!, before)).toBe('Build');
    } finally {
      if (late.isTransactionActive) await late.rollbackTransaction();
      await late.release();
    }
  });
});
