import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { readTask, writeTask } from '@planline/document';
import { serverEdit } from '@planline/realtime';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setTeamPlan, startTestServer, teamWithOwner, type ApiClient, type TestServer } from './harness.js';

/**
 * Issue 34 items 5 and 6: a restore never undoes an edit made after it read the plan (on PostgreSQL, restores to
 * now + 1 h left tasks older than their last acknowledged edit and deleted a task confirmed by `task:created`),
 * and every `at` outside what PostgreSQL can hold is one 400, on every route that takes one. PGlite, and
 * PostgreSQL with DATABASE_URL.
 */
let server: TestServer;
let owner: ApiClient;
let ownerId: string;
let projectId: string;
beforeAll(async () => {
  server = await startTestServer();
  const made = await teamWithOwner(server, 'Bounds Team');
  await setTeamPlan(server, made.team.id, 'enterprise');
  owner = made.owner.client;
  ownerId = made.owner.user.id;
  projectId = (await owner.post('/api/projects', { name: 'Bounds', teamId: made.team.id })).body.id;
});
afterAll(async () => {
  await server?.stop();
});

async function newTask(name: string): Promise<string> {
  const res = await owner.post('/api/tasks', { projectId, name, startDate: '2026-07-01', endDate: '2026-07-03' });
  expect(res.status).toBe(201);
  return res.body.id;
}

/** Makes `race` happen on the document between the restore's read of the plan and its write. */
function editBetweenReadAndWrite(race: (doc: import('yjs').Doc) => void) {
  const documents = server.realtime.documents;
  const edit = documents.edit.bind(documents);
  return vi.spyOn(documents, 'edit').mockImplementationOnce(async (id, origin, restore) => {
    await edit(id, serverEdit(ownerId, 'a teammate'), race);
    return edit(id, origin, restore);
  });
}

describe('[restore-race] a restore writes against the plan as it is when it writes', () => {
  it('[restore-race] a restore to an instant in the future (a fast browser clock) undoes nothing made meanwhile', async () => {
    const taskId = await newTask('v1');
    expect((await owner.request('PATCH', `/api/tasks/${taskId}`, { name: 'v2' })).status).toBe(200);
    const madeMeanwhile = randomUUID();
    const race = editBetweenReadAndWrite((doc) => {
      writeTask(doc, taskId, { name: 'v3 (acknowledged after the read)' });
      writeTask(doc, madeMeanwhile, { name: 'Made meanwhile', startDate: '2026-07-01', endDate: '2026-07-02' });
    });
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const res = await owner.post(`/api/projects/${projectId}/restore`, { at: future });
    race.mockRestore();
    expect(res.status).toBe(200);
    // Answered with the database's now, not the instant asked.
    expect(new Date(res.body.undoAt).getTime()).toBeLessThan(Date.now() + 60_000);
    const tasks = (await owner.get(`/api/projects/${projectId}/tasks`)).body as { id: string; name: string }[];
    expect(tasks.find((t) => t.id === taskId)?.name).toBe('v3 (acknowledged after the read)');
    expect(tasks.some((t) => t.id === madeMeanwhile)).toBe(true);
  });

  it('[restore-race] a whole-plan restore to the past keeps an edit and a task made after its read, restores the rest', async () => {
    const edited = await newTask('edited before');
    const untouched = await newTask('untouched before');
    await sleep(50);
    const at = new Date().toISOString();
    await sleep(50);
    expect((await owner.request('PATCH', `/api/tasks/${edited}`, { name: 'edited after' })).status).toBe(200);
    expect((await owner.request('PATCH', `/api/tasks/${untouched}`, { name: 'untouched after' })).status).toBe(200);
    const madeMeanwhile = randomUUID();
    const race = editBetweenReadAndWrite((doc) => {
      writeTask(doc, edited, { name: 'edited by a teammate meanwhile' });
      writeTask(doc, madeMeanwhile, { name: 'Made meanwhile', startDate: '2026-07-01', endDate: '2026-07-02' });
    });
    const res = await owner.post(`/api/projects/${projectId}/restore`, { at });
    race.mockRestore();
    expect(res.status).toBe(200);
    const doc = await server.realtime.documents.read(projectId, (d) => ({
      edited: readTask(d, edited)?.name,
      untouched: readTask(d, untouched)?.name,
      meanwhile: readTask(d, madeMeanwhile)?.name,
    }));
    expect(doc).toEqual({ edited: 'edited by a teammate meanwhile', untouched: 'untouched before', meanwhile: 'Made meanwhile' });
  });
});

describe('[instant-range] one validation for every instant', () => {
  const outside = ['0000-01-01T00:00:00Z', '9999-12-31T23:59:59-23:59', '0001-01-01T00:00:00+14:00', '-000001-01-01T00:00:00Z'];
  for (const at of outside) {
    it(`[instant-range] ${at}: 400 on task-moves, tasks ?at= and restore, never 500`, async () => {
      const q = encodeURIComponent(at);
      const answers = [
        await owner.get(`/api/projects/${projectId}/task-moves?at=${q}`),
        await owner.get(`/api/projects/${projectId}/tasks?at=${q}`),
        await owner.post(`/api/projects/${projectId}/restore`, { at }),
      ];
      expect(answers.map((a) => a.status)).toEqual([400, 400, 400]);
      for (const a of answers) expect(JSON.stringify(a.body)).toMatch(/at must be/);
    });
  }

  it('[instant-range] the edges themselves are answered', async () => {
    for (const at of ['0001-01-01T00:00:00Z', '9999-12-31T23:59:59Z']) {
      const q = encodeURIComponent(at);
      expect((await owner.get(`/api/projects/${projectId}/task-moves?at=${q}`)).status).toBe(200);
      expect((await owner.get(`/api/projects/${projectId}/tasks?at=${q}`)).status).toBe(200);
    }
  });
});
