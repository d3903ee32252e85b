import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { joinedMember, startTestServer, teamWithOwner, type ApiClient, type TestServer } from './harness.js';

/**
 * [restore-races] Issue 34 item 5: a restore running beside teammates' edits undoes none of those acknowledged
 * while it ran. Three writers move their own tasks and add tasks, each acknowledged (200, 201), while restores to
 * an hour ahead of now (a browser whose clock runs ahead: "now") run back to back; on PostgreSQL, before the fix,
 * such a restore wrote the rows it had read over edits acknowledged meanwhile, and deleted tasks created since.
 * Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

/** Edits each writer makes (each one moves its tasks' ends a day, and adds a task every fifth). */
const ROUNDS = 30;
const TASKS_PER_WRITER = 2;

const day = (n: number) => new Date(Date.UTC(2026, 10, 2 + n)).toISOString().slice(0, 10);
type Task = { id: string; name: string; endDate: string; progress: number };

describe('[restore-races] restores beside live edits', () => {
  it('undo no edit acknowledged while they run, and delete no task created meanwhile', async () => {
    const { owner, team } = await teamWithOwner(server);
    const writers: ApiClient[] = [owner.client, (await joinedMember(server, owner.client, team.id)).client, (await joinedMember(server, owner.client, team.id)).client];
    const project = (await owner.client.post('/api/projects', { name: 'Restore races', teamId: team.id })).body as { id: string };
    const create = async (client: ApiClient, name: string) => {
      const res = await client.post('/api/tasks', { projectId: project.id, name, startDate: day(0), endDate: day(1) });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return (res.body as Task).id;
    };
    /** Per task, the end its last acknowledged edit set. */
    const acknowledged = new Map<string, string>();
    const created: string[] = [];
    const owned = await Promise.all(writers.map(async (client, w) => {
      const ids: string[] = [];
      for (let t = 0; t < TASKS_PER_WRITER; t++) ids.push(await create(client, `W${w} T${t}`));
      for (const id of ids) acknowledged.set(id, day(1));
      return ids;
    }));

    let writing = true;
    let restores = 0;
    const restorer = (async () => {
      while (writing) {
        const res = await owner.client.post(`/api/projects/${project.id}/restore`, { at: new Date(Date.now() + 3_600_000).toISOString() });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        restores++;
      }
    })();
    try {
      await Promise.all(writers.map(async (client, w) => {
        for (let round = 2; round < ROUNDS + 2; round++) {
          for (const id of owned[w]!) {
            const res = await client.request('PATCH', `/api/tasks/${id}`, { endDate: day(round) });
            expect(res.status, JSON.stringify(res.body)).toBe(200);
            acknowledged.set(id, day(round));
          }
          if (round % 5 === 0) created.push(await create(client, `W${w} added ${round}`));
        }
      }));
    } finally {
      writing = false;
      await restorer;
    }

    const tasks = (await owner.client.get(`/api/projects/${project.id}/tasks`)).body as Task[];
    const byId = new Map(tasks.map((t) => [t.id, t]));
    expect(restores).toBeGreaterThan(0);
    expect(created.filter((id) => !byId.has(id)), 'created and acknowledged, then deleted').toEqual([]);
    expect(new Map([...acknowledged.keys()].map((id) => [id, byId.get(id)?.endDate]))).toEqual(acknowledged);
  }, 120_000);

  it('to a past instant, restore what changed before it read the plan and keep what teammates changed after', async () => {
    const { owner, team } = await teamWithOwner(server);
    const member = await joinedMember(server, owner.client, team.id);
    const project = (await owner.client.post('/api/projects', { name: 'Restore window', teamId: team.id })).body as { id: string };
    const create = async (name: string) => {
      const res = await owner.client.post('/api/tasks', { projectId: project.id, name, startDate: day(0), endDate: day(1) });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return (res.body as Task).id;
    };
    const [design, build] = [await create('Design'), await create('Build')];
    await sleep(15);
    const at = new Date();
    await sleep(15);
    // Before the restore: these it undoes.
    expect((await owner.client.request('PATCH', `/api/tasks/${design}`, { name: 'Design v2', progress: 40 })).status).toBe(200);
    // While it runs, between its read of the plan and its write (the window a busy PostgreSQL leaves open): a
    // teammate renames Design, deletes Build and adds Test, each acknowledged.
    const documents = server.realtime.documents;
    const edit = documents.edit.bind(documents);
    let added = '';
    const spy = vi.spyOn(documents, 'edit').mockImplementation(async (projectId, origin, change) => {
      if (origin.reason?.startsWith('Restored to') && !added) {
        expect((await member.client.request('PATCH', `/api/tasks/${design}`, { name: 'Design by Bea' })).status).toBe(200);
        expect((await member.client.request('DELETE', `/api/tasks/${build}`)).status).toBe(204);
        const res = await member.client.post('/api/tasks', { projectId: project.id, name: 'Test', startDate: day(0), endDate: day(1) });
        expect(res.status).toBe(201);
        added = (res.body as Task).id;
      }
      return edit(projectId, origin, change);
    });
    try {
      expect((await owner.client.post(`/api/projects/${project.id}/restore`, { at: at.toISOString() })).status).toBe(200);
    } finally {
      spy.mockRestore();
    }
    const tasks = (await owner.client.get(`/api/projects/${project.id}/tasks`)).body as Task[];
    expect(tasks.map((t) => [t.id, t.name, t.progress])).toEqual([
      [design, 'Design by Bea', 0],
      [added, 'Test', 0],
    ]);
  });
});
