import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as reads from '../src/features/tasks/tasks.read.js';
import { listTasks } from '../src/features/tasks/tasks.read.js';

// The reads as they are, counted: how many times a list was built again after a change.
vi.mock('../src/features/tasks/tasks.read.js', async (original) => {
  const actual = await original<typeof import('../src/features/tasks/tasks.read.js')>();
  return { ...actual, readTaskListChanges: vi.fn(actual.readTaskListChanges), taskListVersion: vi.fn(actual.taskListVersion) };
});
import { joinedMember, startTestServer, teamWithOwner, type TestServer } from './harness.js';

/**
 * [task-list-incremental] After a change, GET /api/projects/{id}/tasks reads only the tasks stamped after the list
 * it keeps (tasks.list_version) and patches that list; every answer must be, byte for byte, the list read whole
 * from the rows. Runs on PGlite, and on PostgreSQL when DATABASE_URL is set (the concurrent writer only there:
 * PGlite has one connection).
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

type Task = { id: string; name: string; progress: number; order: number; assignedTo: string | null; links: unknown[]; startDate: string; endDate: string };

async function project(names: string[]) {
  const { owner, team } = await teamWithOwner(server);
  const member = await joinedMember(server, owner.client, team.id);
  const created = await owner.client.post('/api/projects', { name: 'Incremental list', teamId: team.id });
  const projectId = (created.body as { id: string }).id;
  const ids: string[] = [];
  for (const name of names) {
    const res = await owner.client.post('/api/tasks', { projectId, name, startDate: '2026-11-23', endDate: '2026-11-27' });
    expect(res.status).toBe(201);
    ids.push((res.body as Task).id);
  }
  const send = async (method: string, path: string, body?: unknown) => {
    const res = await owner.client.request(method, path, body);
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  };
  /** The list as answered, uncompressed. */
  const answered = async (): Promise<string> => {
    const res = await fetch(`${server.url}/api/projects/${projectId}/tasks`, { headers: { cookie: owner.client.cookieHeader, 'accept-encoding': 'identity' } });
    expect(res.status).toBe(200);
    return res.text();
  };
  /** The list as answered, checked against the list read whole from the rows, and gzip-encoded (made from the kept pieces). */
  const read = async (): Promise<Task[]> => {
    const text = await answered();
    expect(text).toBe(JSON.stringify(await listTasks(server.dataSource, projectId)));
    const gzipped = await fetch(`${server.url}/api/projects/${projectId}/tasks`, { headers: { cookie: owner.client.cookieHeader, 'accept-encoding': 'gzip' } });
    expect(gzipped.headers.get('content-encoding')).toBe(text.length >= 1024 ? 'gzip' : null);
    // fetch decodes it: a stream it could not decode would fail here.
    expect(await gzipped.text()).toBe(text);
    return JSON.parse(text) as Task[];
  };
  return { owner, member, projectId, ids, send, answered, read };
}

const byId = (tasks: Task[], id: string) => tasks.find((t) => t.id === id);

describe('[task-list-incremental] the list kept between reads', () => {
  it('shows each kind of change in the next read: fields, order, links, assignees, names, deletions, summaries, creations', async () => {
    const { member, projectId, ids, send, read } = await project(['Design', 'Build', 'Test', 'Ship']);
    const [design, build, test, ship] = ids as [string, string, string, string];
    expect((await read()).map((t) => t.name)).toEqual(['Design', 'Build', 'Test', 'Ship']);

    await send('PATCH', `/api/tasks/${build}`, { progress: 40 });
    expect(byId(await read(), build)?.progress).toBe(40);

    await send('PATCH', `/api/tasks/${ship}`, { order: -1 });
    expect((await read()).map((t) => t.name)).toEqual(['Ship', 'Design', 'Build', 'Test']);

    await send('POST', `/api/tasks/${test}/dependencies`, { dependsOnTaskId: build, type: 'SS', lagDays: 1 });
    expect(byId(await read(), test)?.links).toEqual([{ dependsOnTaskId: build, type: 'SS', lagDays: 1 }]);
    await send('PATCH', `/api/tasks/${test}/dependencies/${build}`, { lagDays: 3 });
    expect(byId(await read(), test)?.links).toEqual([{ dependsOnTaskId: build, type: 'SS', lagDays: 3 }]);
    await send('DELETE', `/api/tasks/${test}/dependencies/${build}`);
    expect(byId(await read(), test)?.links).toEqual([]);

    await send('PATCH', `/api/tasks/${design}`, { assigneeId: member.user.id });
    expect(byId(await read(), design)?.assignedTo).toBe('Ada Lovelace');
    // The member renames themself: a change to no task row, which the tasks assigned to them show.
    expect((await member.client.request('PUT', '/api/auth/user', { firstName: 'Grace', lastName: 'Hopper', email: member.account.email })).status).toBe(200);
    expect(byId(await read(), design)?.assignedTo).toBe('Grace Hopper');

    // A deleted predecessor takes its links with it: its successor's entry changes too.
    await send('POST', `/api/tasks/${ship}/dependencies`, { dependsOnTaskId: design });
    expect(byId(await read(), ship)?.links).toHaveLength(1);
    await send('DELETE', `/api/tasks/${design}`);
    const afterDelete = await read();
    expect(byId(afterDelete, design)).toBeUndefined();
    expect(byId(afterDelete, ship)?.links).toEqual([]);

    // [summary-rollup] A subtask's change moves its summary, whose row did not change.
    await send('PATCH', `/api/tasks/${test}`, { parentId: build });
    await read();
    await send('PATCH', `/api/tasks/${test}`, { startDate: '2026-12-07', endDate: '2026-12-10' });
    expect(byId(await read(), build)?.endDate).toBe('2026-12-10');

    await send('POST', '/api/tasks', { projectId, name: 'Retro', startDate: '2026-12-07', endDate: '2026-12-07' });
    expect((await read()).map((t) => t.name)).toEqual(['Ship', 'Build', 'Test', 'Retro']);
  });

  it('builds the list once after a change however many ask for it at once, each answer the list read whole', async () => {
    const { projectId, ids, send, answered, read } = await project(['Design', 'Build', 'Test']);
    await read();
    await send('PATCH', `/api/tasks/${ids[1]}`, { progress: 60 });
    const builds = vi.mocked(reads.readTaskListChanges);
    const versions = vi.mocked(reads.taskListVersion);
    builds.mockClear();
    versions.mockClear();
    // The first build waits until every reader has read the version (and so found no list for it): all four are
    // then asking at once, whatever the database (PGlite answers one query at a time).
    const real = builds.getMockImplementation()!;
    builds.mockImplementationOnce(async (...args) => {
      await vi.waitUntil(() => versions.mock.settledResults.filter((r) => r.type !== 'incomplete').length >= 4, { timeout: 20_000 });
      await new Promise((r) => setTimeout(r, 50));
      return real(...args);
    });
    const answers = await Promise.all([answered(), answered(), answered(), answered()]);
    expect(builds).toHaveBeenCalledTimes(1);
    const whole = JSON.stringify(await listTasks(server.dataSource, projectId));
    expect(answers).toEqual([whole, whole, whole, whole]);
    expect((JSON.parse(whole) as Task[])[1]?.progress).toBe(60);
  });

  it('reads only the tasks stamped since the kept list, and reads it whole when a task is in neither', async () => {
    const { projectId, ids, send, answered, read } = await project(['Design', 'Build']);
    await read();
    // Probes, not something the product does: rows changed in place, neither stamped nor versioned. The changed
    // row is not read again: the kept entry stays as it was read.
    await server.dataSource.query(`UPDATE tasks SET name = 'Tampered' WHERE id = $1`, [ids[0]]);
    await send('PATCH', `/api/tasks/${ids[1]}`, { progress: 10 });
    const kept = JSON.parse(await answered()) as Task[];
    expect(kept.map((t) => [t.name, t.progress])).toEqual([['Design', 0], ['Build', 10]]);

    // A task the kept list never had and no stamp announces: only a whole read has it.
    await server.dataSource.query(
      `INSERT INTO tasks (id, project_id, name, start_date, end_date, "order") VALUES (gen_random_uuid(), $1, 'Unannounced', '2026-11-23', '2026-11-23', 5)`,
      [projectId],
    );
    await send('PATCH', `/api/tasks/${ids[1]}`, { progress: 20 });
    expect((await read()).map((t) => t.name)).toEqual(['Tampered', 'Build', 'Unannounced']);
  });

  it('puts changed tasks in their places among tasks of the same order, as the rows are read; a restored task too', async () => {
    const { projectId, ids, send, read } = await project(['Design', 'Build', 'Test']);
    const [design, build, test] = ids as [string, string, string];
    await read();
    // All of one order: the list is then by creation (to the microsecond), then id.
    for (const id of ids) await send('PATCH', `/api/tasks/${id}`, { order: 1 });
    expect((await read()).map((t) => t.name)).toEqual(['Design', 'Build', 'Test']);
    await send('PATCH', `/api/tasks/${build}`, { progress: 10 });
    expect((await read()).map((t) => t.name)).toEqual(['Design', 'Build', 'Test']);
    await send('POST', '/api/tasks', { projectId, name: 'Retro', startDate: '2026-12-07', endDate: '2026-12-07', order: 1 });
    await send('POST', '/api/tasks', { projectId, name: 'Kickoff', startDate: '2026-11-20', endDate: '2026-11-20', order: 0 });
    expect((await read()).map((t) => t.name)).toEqual(['Kickoff', 'Design', 'Build', 'Test', 'Retro']);
    await send('PATCH', `/api/tasks/${design}`, { order: 2 });
    await send('PATCH', `/api/tasks/${test}`, { order: 0, progress: 30 });
    // Order 0: Test was created before Kickoff.
    expect((await read()).map((t) => t.name)).toEqual(['Test', 'Kickoff', 'Build', 'Retro', 'Design']);

    // Deleted, then restored (time travel): it comes back as a new row, in its place by order and creation.
    const beforeDelete = new Date();
    await new Promise((r) => setTimeout(r, 20));
    await send('DELETE', `/api/tasks/${build}`);
    expect((await read()).map((t) => t.name)).toEqual(['Test', 'Kickoff', 'Retro', 'Design']);
    await send('POST', `/api/projects/${projectId}/restore`, { at: beforeDelete.toISOString(), taskId: build });
    expect((await read()).map((t) => t.name)).toEqual(['Test', 'Kickoff', 'Retro', 'Build', 'Design']);
  });

  it('reads only the changed tasks and how many there are, not the order of the others, unless a task was deleted', async () => {
    const { ids, send, answered } = await project(['Design', 'Build', 'Test']);
    const names = async () => (JSON.parse(await answered()) as Task[]).map((t) => t.name);
    await names();
    // Probe, not something the product does: a row moved in place, neither stamped nor versioned. The order of the
    // tasks that did not change is not read again, so the kept list keeps it where it was.
    await server.dataSource.query(`UPDATE tasks SET "order" = 100 WHERE id = $1`, [ids[0]]);
    await send('PATCH', `/api/tasks/${ids[2]}`, { progress: 10 });
    expect(await names()).toEqual(['Design', 'Build', 'Test']);
    // A deletion leaves no row to say which task went: the count tells, and the order is read.
    await send('DELETE', `/api/tasks/${ids[1]}`);
    expect(await names()).toEqual(['Test', 'Design']);
  });

  it.skipIf(!process.env.DATABASE_URL)('does not lose a change that commits while a later one waits for it (PostgreSQL)', async () => {
    const { projectId, ids, send, read } = await project(['Design', 'Build']);
    await read();
    const late = server.dataSource.createQueryRunner();
    await late.connect();
    try {
      await late.startTransaction();
      // As the write path does: the version first (the project row stays locked until the commit), then the rows.
      await late.query(`UPDATE projects SET tasks_version = tasks_version + 1 WHERE id = $1`, [projectId]);
      await late.query(`UPDATE tasks SET name = 'Design late', list_version = (SELECT tasks_version FROM projects WHERE id = $1) WHERE id = $2`, [projectId, ids[0]]);
      // A change through the write path meanwhile: it waits for the project row, so it takes a later version.
      const waiting = send('PATCH', `/api/tasks/${ids[1]}`, { progress: 30 });
      await new Promise((r) => setTimeout(r, 200));
      expect((await read()).map((t) => [t.name, t.progress])).toEqual([['Design', 0], ['Build', 0]]);
      await late.commitTransaction();
      await waiting;
      expect((await read()).map((t) => [t.name, t.progress])).toEqual([['Design late', 0], ['Build', 30]]);
    } finally {
      if (late.isTransactionActive) await late.rollbackTransaction();
      await late.release();
    }
  });
});
