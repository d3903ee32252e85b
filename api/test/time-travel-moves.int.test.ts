import { setTimeout as sleep } from 'node:timers/promises';
import { MOVE_REASON_MAX_CHARS, taskMoveSchema, type TaskMove } from '@planline/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinedMember, registeredClient, startTestServer, teamWithOwner, type ApiClient, type TestServer } from './harness.js';

/**
 * [time-travel-moves] Issue 19: who moved each bar of a past plan, and why (GET /api/projects/{id}/task-moves?at=),
 * and undoing a restore by restoring to the instant its answer names. PGlite, or PostgreSQL with DATABASE_URL.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

type Task = { id: string; name: string; startDate: string; endDate: string; progress: number };
const movesPath = (projectId: string, at: string) => `/api/projects/${projectId}/task-moves?at=${encodeURIComponent(at)}`;

async function named(client: ApiClient, email: string, firstName: string, lastName: string) {
  expect((await client.request('PUT', '/api/auth/user', { firstName, lastName, email })).status).toBe(200);
}

/** A plan of three tasks, Build linked after Design, and an instant after it was made. */
async function plan() {
  const { owner, team } = await teamWithOwner(server);
  const member = await joinedMember(server, owner.client, team.id);
  await named(owner.client, owner.account.email, 'Olga', 'Owner');
  await named(member.client, member.account.email, 'Ana', 'Silva');
  const project = (await owner.client.post('/api/projects', { name: 'Moves', teamId: team.id })).body as { id: string };
  const make = async (name: string) =>
    (await owner.client.post('/api/tasks', { projectId: project.id, name, startDate: '2026-11-23', endDate: '2026-11-27' })).body as Task;
  const [design, build, test] = [await make('Design'), await make('Build'), await make('Test')];
  expect((await owner.client.post(`/api/tasks/${build.id}/dependencies`, { dependsOnTaskId: design.id })).status).toBe(201);
  await sleep(20);
  const at = new Date().toISOString();
  await sleep(20);
  return { owner, member, project, design, build, test, at };
}

const byTask = (moves: TaskMove[]) => new Map(moves.map((m) => [m.taskId, m]));

describe('[time-travel-moves] who moved each bar after an instant, and why', () => {
  it('names the latest date change or deletion of each task, its author, reason and count; other edits are not moves', async () => {
    const { owner, member, project, design, build, test, at } = await plan();
    const patch = async (client: ApiClient, id: string, body: Record<string, unknown>) =>
      expect((await client.request('PATCH', `/api/tasks/${id}`, body)).status).toBe(200);
    // Ana moves Design with a reason; the cascade moves Build, credited to her with its own reason.
    await patch(member.client, design.id, { startDate: '2026-11-25', endDate: '2026-12-01', changeReason: 'Survey was late' });
    await sleep(50);
    // A rename is not a move; Test is deleted.
    await patch(owner.client, build.id, { name: 'Build it' });
    expect((await owner.client.request('DELETE', `/api/tasks/${test.id}`)).status).toBe(204);

    const res = await owner.client.get(movesPath(project.id, at));
    expect(res.status).toBe(200);
    const moves = byTask(taskMoveSchema.array().parse(res.body));
    expect(moves.size).toBe(3);
    expect(moves.get(design.id)).toMatchObject({ kind: 'moved', by: 'Ana Silva', reason: 'Survey was late', changes: 1 });
    expect(moves.get(build.id)).toMatchObject({ kind: 'moved', by: 'Ana Silva', changes: 1 });
    expect(moves.get(build.id)!.reason).toContain('«Design»');
    expect(moves.get(test.id)).toMatchObject({ kind: 'deleted', by: 'Olga Owner', reason: null, changes: 1 });
    expect(Date.parse(moves.get(design.id)!.at)).toBeGreaterThan(Date.parse(at));

    // The latest change wins, and the count goes up; a long reason comes back cut to a line.
    const long = `Client asked ${'for more time '.repeat(40)}`.trim();
    await patch(owner.client, design.id, { endDate: '2026-12-02', changeReason: long });
    const again = byTask((await owner.client.get(movesPath(project.id, at))).body as TaskMove[]);
    expect(again.get(design.id)).toMatchObject({ by: 'Olga Owner', changes: 2 });
    expect(again.get(design.id)!.reason).toHaveLength(MOVE_REASON_MAX_CHARS);
    expect(again.get(design.id)!.reason!.endsWith('…')).toBe(true);
    expect(long.startsWith(again.get(design.id)!.reason!.slice(0, -1))).toBe(true);

    // Nothing happened after now.
    expect((await owner.client.get(movesPath(project.id, new Date(Date.now() + 60_000).toISOString()))).body).toEqual([]);
  });

  it('refuses a missing or malformed instant with a 400 that says the format, and hides the project from outsiders', async () => {
    const { owner, project, at } = await plan();
    for (const bad of ['', 'yesterday', '2026-11-20']) {
      const res = await owner.client.get(movesPath(project.id, bad));
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toContain('ISO 8601');
    }
    expect((await owner.client.get(`/api/projects/${project.id}/task-moves`)).status).toBe(400);
    const outsider = await registeredClient(server);
    expect((await outsider.client.get(movesPath(project.id, at))).status).toBe(404);
  });
});

describe('[restore] undone by restoring to the instant its answer names', () => {
  it('a whole-plan restore answers undoAt; restoring to it brings back the plan as it was just before', async () => {
    const { owner, member, project, design, build, at } = await plan();
    expect((await member.client.request('PATCH', `/api/tasks/${design.id}`, { progress: 60, startDate: '2026-11-24', endDate: '2026-11-30' })).status).toBe(200);
    expect((await owner.client.post('/api/tasks', { projectId: project.id, name: 'Later', startDate: '2026-11-23', endDate: '2026-11-24' })).status).toBe(201);
    await sleep(50);
    const before = (await owner.client.get(`/api/projects/${project.id}/tasks`)).body as Task[];

    const restored = await owner.client.post(`/api/projects/${project.id}/restore`, { at });
    expect(restored.status).toBe(200);
    const { undoAt } = restored.body as { undoAt: string };
    expect(Date.parse(undoAt)).toBeGreaterThan(Date.parse(at));
    await sleep(50);
    const after = (await owner.client.get(`/api/projects/${project.id}/tasks`)).body as Task[];
    expect(after.map((t) => t.name)).toEqual(['Design', 'Build', 'Test']);
    expect(after.find((t) => t.id === design.id)).toMatchObject({ progress: 0, startDate: '2026-11-23' });

    expect((await owner.client.post(`/api/projects/${project.id}/restore`, { at: undoAt })).status).toBe(200);
    await sleep(50);
    const undone = (await owner.client.get(`/api/projects/${project.id}/tasks`)).body as Task[];
    const fields = (tasks: Task[]) => tasks.map(({ name, startDate, endDate, progress }) => ({ name, startDate, endDate, progress }));
    expect(fields(undone)).toEqual(fields(before));
    // The moves since the first instant now name the undo as the latest, by its author and reason.
    const moves = byTask((await owner.client.get(movesPath(project.id, at))).body as TaskMove[]);
    expect(moves.get(design.id)!.reason).toMatch(/^Restored to /);
  });
});
