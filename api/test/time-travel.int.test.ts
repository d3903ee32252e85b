import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinedMember, registeredClient, startTestServer, teamWithOwner, type ApiClient, type TestServer } from './harness.js';

/**
 * [time-travel] Issue 19: GET /api/projects/{id}/tasks?at= rebuilds the plan at an instant from the history, and
 * POST /api/projects/{id}/restore puts a task or the whole plan back to it through the write path. Runs on PGlite,
 * and on PostgreSQL when DATABASE_URL is set.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

type Task = { id: string; name: string; startDate: string; endDate: string; links: unknown[] };
interface Snapshot {
  step: string;
  /** When the snapshot was read: every change of its step is stored by then. */
  at: number;
  /** When the next step began: the plan is the snapshot's until then. */
  until: number;
  body: Task[];
}

/** A seeded generator, so that a failing run picks the same instants again (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const tasksPath = (projectId: string, at?: Date) => `/api/projects/${projectId}/tasks${at ? `?at=${encodeURIComponent(at.toISOString())}` : ''}`;

/** The task list once its rows have settled (a cascade is a transaction of its own). */
async function settledList(client: ApiClient, projectId: string): Promise<Task[]> {
  let last = JSON.stringify((await client.get(tasksPath(projectId))).body);
  for (;;) {
    await sleep(25);
    const next = JSON.stringify((await client.get(tasksPath(projectId))).body);
    if (next === last) return JSON.parse(next) as Task[];
    last = next;
  }
}

/** A scripted history: each step is real edits through the API; a snapshot of the list is taken after each. */
async function scriptedHistory() {
  const { owner, team } = await teamWithOwner(server);
  const member = await joinedMember(server, owner.client, team.id);
  const project = (await owner.client.post('/api/projects', { name: 'Time travel', teamId: team.id })).body as { id: string };
  const snapshots: Snapshot[] = [];
  const ids: Record<string, string> = {};
  const ok = (res: { status: number; body: unknown }, status = 200) => {
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    return res.body as Task;
  };
  const create = async (name: string, extra: Record<string, unknown> = {}) => {
    ids[name] = ok(await owner.client.post('/api/tasks', { projectId: project.id, name, startDate: '2026-11-23', endDate: '2026-11-27', ...extra }), 201).id;
  };
  const patch = async (client: ApiClient, name: string, body: Record<string, unknown>) => ok(await client.request('PATCH', `/api/tasks/${ids[name]}`, body));
  const link = (successor: string, predecessor: string) => `/api/tasks/${ids[successor]}/dependencies/${ids[predecessor]}`;

  const steps: [string, () => Promise<unknown>][] = [
    ['create Design', () => create('Design')],
    ['create Build', () => create('Build', { progress: 10 })],
    ['create Test', () => create('Test', { priority: 'high' })],
    ['create Ship', () => create('Ship', { assigneeId: member.user.id })],
    ['link Build after Design (cascade)', async () => ok(await owner.client.post(`/api/tasks/${ids.Build}/dependencies`, { dependsOnTaskId: ids.Design }), 201)],
    ['link Test after Build, lag 1 (cascade)', async () => ok(await owner.client.post(`/api/tasks/${ids.Test}/dependencies`, { dependsOnTaskId: ids.Build, lagDays: 1 }), 201)],
    ['Design longer (cascade down the chain)', () => patch(owner.client, 'Design', { endDate: '2026-12-02', changeReason: 'Survey was late' })],
    ['Build renamed, progressed, assigned', () => patch(member.client, 'Build', { name: 'Build it', progress: 40, assigneeId: member.user.id })],
    ['Test link to SS +2', async () => ok(await member.client.request('PATCH', link('Test', 'Build'), { type: 'SS', lagDays: 2 }))],
    ['create Phase', () => create('Phase', { startDate: '2026-11-20', endDate: '2026-11-20' })],
    ['Build and Test under Phase', async () => {
      await patch(owner.client, 'Build', { parentId: ids.Phase });
      await patch(owner.client, 'Test', { parentId: ids.Phase });
    }],
    ['delete Design (its link goes)', async () => ok(await owner.client.request('DELETE', `/api/tasks/${ids.Design}`), 204)],
    ['create Docs, FF after Test', async () => {
      await create('Docs', { color: '#10b981' });
      ok(await owner.client.post(`/api/tasks/${ids.Docs}/dependencies`, { dependsOnTaskId: ids.Test, type: 'FF', lagDays: -1 }), 201);
    }],
    ['unlink Test from Build', async () => ok(await owner.client.request('DELETE', link('Test', 'Build')))],
    ['delete Phase (its subtasks move up)', async () => ok(await member.client.request('DELETE', `/api/tasks/${ids.Phase}`), 204)],
    ['Ship becomes a milestone', () => patch(owner.client, 'Ship', { kind: 'milestone', startDate: '2026-12-18', endDate: '2026-12-18', order: 0 })],
    ['delete Test (Docs loses its link)', async () => ok(await owner.client.request('DELETE', `/api/tasks/${ids.Test}`), 204)],
    ['Docs described, blocked, critical', () => patch(member.client, 'Docs', { description: 'User guide', status: 'blocked', priority: 'critical', assigneeIds: [member.user.id, owner.user.id] })],
    ['link Docs after Ship, then delete Docs', async () => {
      ok(await owner.client.post(`/api/tasks/${ids.Docs}/dependencies`, { dependsOnTaskId: ids.Ship }), 201);
      ok(await owner.client.request('DELETE', `/api/tasks/${ids.Docs}`), 204);
    }],
    ['create Retro', () => create('Retro', { description: '' })],
  ];

  let step = 'empty project';
  for (const [next, run] of [...steps, ['end', async () => undefined] as [string, () => Promise<unknown>]]) {
    const body = await settledList(owner.client, project.id);
    const at = Date.now();
    await sleep(15);
    snapshots.push({ step, at, until: Date.now(), body });
    step = next;
    await run();
  }
  return { owner, member, project, snapshots, ids };
}

describe('[time-travel] the plan at an instant', () => {
  it('rebuilds exactly the list as it was at 20 random instants of a scripted history', async () => {
    const { owner, project, snapshots } = await scriptedHistory();
    expect(snapshots.length).toBeGreaterThan(20);
    const next = random(19);
    for (let i = 0; i < 20; i++) {
      const s = snapshots[Math.floor(next() * snapshots.length)]!;
      const at = new Date(s.at + Math.floor(next() * (s.until - s.at)));
      const res = await owner.client.get(tasksPath(project.id, at));
      expect(res.status).toBe(200);
      expect(res.body, `after "${s.step}", at ${at.toISOString()}`).toEqual(s.body);
    }
    // Every step once, too: a failure names its step.
    for (const s of snapshots) expect((await owner.client.get(tasksPath(project.id, new Date(s.at)))).body, `after "${s.step}"`).toEqual(s.body);
  });

  it('reads an instant in the future as now, refuses one that is not ISO 8601 with a 400, and hides the project from outsiders', async () => {
    const { owner, team } = await teamWithOwner(server);
    const project = (await owner.client.post('/api/projects', { name: 'Plan', teamId: team.id })).body as { id: string };
    await owner.client.post('/api/tasks', { projectId: project.id, name: 'Design', startDate: '2026-11-23', endDate: '2026-11-27' });
    const now = (await owner.client.get(tasksPath(project.id))).body;
    expect((await owner.client.get(tasksPath(project.id, new Date(Date.now() + 86_400_000)))).body).toEqual(now);
    for (const bad of ['yesterday', '2026-11-20', '2026-11-20T10:00:00', '2026-13-40T10:00:00Z', '']) {
      const res = await owner.client.get(`/api/projects/${project.id}/tasks?at=${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toContain('ISO 8601');
    }
    const outsider = await registeredClient(server);
    expect((await outsider.client.get(tasksPath(project.id, new Date()))).status).toBe(404);
  });
});

describe('[time-travel-instants] one rule for every instant', () => {
  it('answers 400 with the range on the task list, its moves and a restore for an instant the database cannot hold, and takes the bounds', async () => {
    const { owner, team } = await teamWithOwner(server);
    const project = (await owner.client.post('/api/projects', { name: 'Plan', teamId: team.id })).body as { id: string };
    await owner.client.post('/api/tasks', { projectId: project.id, name: 'Design', startDate: '2026-11-23', endDate: '2026-11-27' });
    const ask = (at: string) => [
      owner.client.get(`/api/projects/${project.id}/tasks?at=${encodeURIComponent(at)}`),
      owner.client.get(`/api/projects/${project.id}/task-moves?at=${encodeURIComponent(at)}`),
      owner.client.post(`/api/projects/${project.id}/restore`, { at }),
    ];
    // Year 0, and year 10000 or year 0 once converted to UTC: PostgreSQL refused them (a 500 on task-moves).
    for (const at of ['0000-01-01T00:00:00Z', '9999-12-31T23:59:59-23:59', '0001-01-01T00:00:00+14:00']) {
      for (const res of await Promise.all(ask(at))) {
        expect(res.status, `${at}: ${JSON.stringify(res.body)}`).toBe(400);
        expect(res.body.message).toContain('between 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z');
      }
    }
    // The last instant first: a restore to it reads as now and leaves the plan as it is; the first empties it.
    for (const at of ['9999-12-31T23:59:59Z', '0001-01-01T00:00:00Z']) {
      for (const res of await Promise.all(ask(at))) expect(res.status, `${at}: ${JSON.stringify(res.body)}`).toBe(200);
    }
    expect((await owner.client.get(tasksPath(project.id))).body).toEqual([]);
  });
});

describe('[restore] a task or the whole plan back to an instant, as an ordinary edit', () => {
  const restorePath = (projectId: string) => `/api/projects/${projectId}/restore`;
  /** What a restore brings back: everything but the rows' own times (a task that comes back is a new row). */
  const plan = (tasks: Task[]) => tasks.map(({ createdAt: _c, updatedAt: _u, ...rest }: Task & { createdAt?: string; updatedAt?: string }) => rest);

  it('restores one task, fields and links, even a deleted one, leaving the others and their live edits alone; the history says why', async () => {
    const { owner, team } = await teamWithOwner(server);
    const member = await joinedMember(server, owner.client, team.id);
    const project = (await owner.client.post('/api/projects', { name: 'Restore', teamId: team.id })).body as { id: string };
    const make = async (name: string) =>
      (await owner.client.post('/api/tasks', { projectId: project.id, name, startDate: '2026-11-23', endDate: '2026-11-27' })).body as Task;
    const [design, build, test] = [await make('Design'), await make('Build'), await make('Test')];
    expect((await owner.client.post(`/api/tasks/${test.id}/dependencies`, { dependsOnTaskId: design.id, type: 'SS', lagDays: 1 })).status).toBe(201);
    const before = await settledList(owner.client, project.id);
    await sleep(15);
    const at = new Date();
    await sleep(15);
    expect((await member.client.request('PATCH', `/api/tasks/${test.id}`, { name: 'Test all', progress: 50, priority: 'high' })).status).toBe(200);
    expect((await owner.client.request('PATCH', `/api/tasks/${test.id}/dependencies/${design.id}`, { type: 'FF' })).status).toBe(200);
    expect((await member.client.request('PATCH', `/api/tasks/${design.id}`, { progress: 30 })).status).toBe(200);
    expect((await owner.client.request('DELETE', `/api/tasks/${build.id}`)).status).toBe(204);

    expect((await owner.client.post(restorePath(project.id), { at: at.toISOString(), taskId: test.id })).status).toBe(200);
    const now = await settledList(owner.client, project.id);
    const byName = (tasks: Task[], name: string) => plan(tasks).find((t) => t.name === name);
    expect(byName(now, 'Test')).toEqual(byName(before, 'Test'));
    // Design keeps its live edit; Build stays deleted.
    expect(now.find((t) => t.id === design.id)).toMatchObject({ progress: 30 });
    expect(now.map((t) => t.name)).toEqual(['Design', 'Test']);
    const history = (await owner.client.get(`/api/tasks/${test.id}/history`)).body as { fieldName: string; changeReason: string | null; changedByUser: { email: string } }[];
    const reason = `Restored to ${at.getUTCDate()} ${at.toUTCString().slice(8, 11)} ${at.toISOString().slice(11, 16)}`;
    expect(history.slice(0, 4).map((h) => [h.fieldName, h.changeReason, h.changedByUser.email]).sort()).toEqual(
      [['dependency', reason, owner.user.email], ['name', reason, owner.user.email], ['priority', reason, owner.user.email], ['progress', reason, owner.user.email]].sort(),
    );

    // A deleted task comes back under its own id.
    expect((await owner.client.post(restorePath(project.id), { at: at.toISOString(), taskId: build.id })).status).toBe(200);
    expect(plan((await owner.client.get(tasksPath(project.id))).body).find((t) => t.id === build.id)).toEqual(byName(before, 'Build'));
  });

  it('restores the whole plan: later tasks go, deleted ones come back, links and fields as they were', async () => {
    const { owner, project, snapshots, ids } = await scriptedHistory();
    const restore = async (step: string) => {
      const s = snapshots.find((x) => x.step === step)!;
      expect((await owner.client.post(restorePath(project.id), { at: new Date(s.at).toISOString() })).status).toBe(200);
      expect(plan(await settledList(owner.client, project.id)), step).toEqual(plan(s.body));
    };
    await restore('Build and Test under Phase');
    // The restore is history too: Design came back (under its own id), with a 'created' row saying why.
    const design = (await owner.client.get(`/api/tasks/${ids.Design}/history`)).body as { fieldName: string; changeReason: string | null }[];
    expect(design.slice(0, 3).map((h) => h.fieldName)).toEqual(['created', 'deleted', 'endDate']);
    expect(design[0]?.changeReason).toMatch(/^Restored to \d{1,2} [A-Z][a-z]{2} \d\d:\d\d$/);
    await restore('delete Test (Docs loses its link)');
    await restore('empty project');
  });

  it('refuses a bad instant or a task that did not exist then with a 4xx that says why; outsiders get 404', async () => {
    const { owner, team } = await teamWithOwner(server);
    const project = (await owner.client.post('/api/projects', { name: 'Plan', teamId: team.id })).body as { id: string };
    const before = new Date();
    await sleep(15);
    const task = (await owner.client.post('/api/tasks', { projectId: project.id, name: 'Design', startDate: '2026-11-23', endDate: '2026-11-27' })).body as Task;
    const bad = await owner.client.post(restorePath(project.id), { at: 'last week' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('ISO 8601');
    expect((await owner.client.post(restorePath(project.id), { at: before.toISOString(), taskId: 'nope' })).status).toBe(400);
    const missing = await owner.client.post(restorePath(project.id), { at: before.toISOString(), taskId: task.id });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toContain('did not exist');
    const outsider = await registeredClient(server);
    expect((await outsider.client.post(restorePath(project.id), { at: before.toISOString() })).status).toBe(404);
    expect((await owner.client.get(tasksPath(project.id))).body).toHaveLength(1);
  });
});
