import { randomUUID } from 'node:crypto';
import { projectDocumentName } from '@planline/domain';
import { dependenciesMap, writeTask } from '@planline/document';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { eventually, openProjectDocument, type DocClient } from './collab-client.js';
import { joinedMember, startTestServer, teamWithOwner, type ClientUser, type TestServer } from './harness.js';

/** [link-types] Issue 17: dependency links have a type and a lag, through REST and through the document alike. */
let server: TestServer;
const open: DocClient[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  open.forEach((c) => c.close());
  await server?.stop();
});

async function plan() {
  const { owner, team } = await teamWithOwner(server);
  const project = (await owner.client.post('/api/projects', { name: 'Links', teamId: team.id })).body as { id: string };
  const make = async (name: string) =>
    (await owner.client.post('/api/tasks', { projectId: project.id, name, startDate: '2026-11-23', endDate: '2026-11-27' })).body as { id: string };
  return { owner, team, project, a: await make('Design'), b: await make('Build'), c: await make('Test') };
}

const linkRow = async (taskId: string, dependsOn: string) =>
  (await server.dataSource.query(`SELECT type, lag_days FROM task_dependencies WHERE task_id = $1 AND depends_on_task_id = $2`, [taskId, dependsOn]))[0];
/** A task's dependency history, oldest first, with who made each change. */
const linkHistory = async (user: ClientUser, taskId: string) => {
  const entries = (await user.client.get(`/api/tasks/${taskId}/history`)).body as {
    fieldName: string;
    oldValue: string | null;
    newValue: string | null;
    changedByUser: { email: string } | null;
  }[];
  return entries
    .filter((h) => h.fieldName === 'dependency')
    .reverse()
    .map((h) => [h.oldValue, h.newValue, h.changedByUser?.email]);
};
const serverLink = (projectId: string, key: string) => server.realtime.hocuspocus.documents.get(projectDocumentName(projectId))?.getMap('dependencies').get(key);

describe('[link-types] through REST', () => {
  it('a link is made with its type and lag (FS without lag when unsaid), read back, and changed', async () => {
    const { owner, project, a, b, c } = await plan();
    const made = await owner.client.post(`/api/tasks/${b.id}/dependencies`, { dependsOnTaskId: a.id, type: 'SS', lagDays: -2 });
    expect(made.status).toBe(201);
    expect(made.body.links).toEqual([{ dependsOnTaskId: a.id, type: 'SS', lagDays: -2 }]);
    expect(made.body.dependencies).toEqual([a.id]);
    expect(await linkRow(b.id, a.id)).toEqual({ type: 'SS', lag_days: -2 });
    expect(serverLink(project.id, `${b.id}->${a.id}`)).toEqual({ type: 'SS', lagDays: -2 });

    expect((await owner.client.post(`/api/tasks/${c.id}/dependencies`, { dependsOnTaskId: b.id })).body.links).toEqual([
      { dependsOnTaskId: b.id, type: 'FS', lagDays: 0 },
    ]);

    const changed = await owner.client.request('PATCH', `/api/tasks/${b.id}/dependencies/${a.id}`, { lagDays: 3 });
    expect(changed.status).toBe(200);
    expect(changed.body.links).toEqual([{ dependsOnTaskId: a.id, type: 'SS', lagDays: 3 }]);
    expect(await linkRow(b.id, a.id)).toEqual({ type: 'SS', lag_days: 3 });
    const list = (await owner.client.get(`/api/projects/${project.id}/tasks`)).body as { id: string; links: unknown[] }[];
    expect(list.find((t) => t.id === b.id)!.links).toEqual([{ dependsOnTaskId: a.id, type: 'SS', lagDays: 3 }]);
  });

  it('duplicates, self-links, cycles and bad types or lags are refused with a message a person can act on', async () => {
    const { owner, a, b } = await plan();
    expect((await owner.client.post(`/api/tasks/${b.id}/dependencies`, { dependsOnTaskId: a.id })).status).toBe(201);
    const refusals: [string, unknown, number, string][] = [
      [b.id, { dependsOnTaskId: a.id }, 409, 'That dependency already exists: change its type or lag instead'],
      [a.id, { dependsOnTaskId: a.id }, 400, 'A task cannot depend on itself'],
      [a.id, { dependsOnTaskId: b.id }, 400, 'That dependency would make a cycle: Design → Build → Design'],
      [a.id, { dependsOnTaskId: b.id, type: 'XX' }, 400, 'Link type must be one of FS, SS, FF or SF'],
      [a.id, { dependsOnTaskId: b.id, lagDays: 1.5 }, 400, 'Lag must be a whole number of working days from -999 to 999'],
    ];
    for (const [taskId, body, status, message] of refusals) {
      const res = await owner.client.post(`/api/tasks/${taskId}/dependencies`, body);
      expect([res.status, res.body.message]).toEqual([status, expect.stringContaining(message)]);
    }
    const nothing = await owner.client.request('PATCH', `/api/tasks/${b.id}/dependencies/${a.id}`, {});
    expect([nothing.status, nothing.body.message]).toEqual([400, 'Nothing to update: send a type, a lag or both']);
    const missing = await owner.client.request('PATCH', `/api/tasks/${a.id}/dependencies/${b.id}`, { type: 'FF' });
    expect([missing.status, missing.body.message]).toEqual([404, 'That dependency does not exist']);
  });
});

describe('[link-types] through the document', () => {
  it('a link written by a client is stored with its type; a bad value is put back; a bare true is FS', async () => {
    const { owner, project, a, b, c } = await plan();
    const client = openProjectDocument(server.url, owner.client.cookieHeader, project.id);
    open.push(client);
    await client.synced;
    const deps = dependenciesMap(client.doc);
    deps.set(`${b.id}->${a.id}`, { type: 'SF', lagDays: -1 });
    await eventually(() => linkRow(b.id, a.id), (r) => r?.type === 'SF' && r.lag_days === -1);

    deps.set(`${b.id}->${a.id}`, { type: 'XX', lagDays: 0 });
    await eventually(() => deps.get(`${b.id}->${a.id}`), (v) => JSON.stringify(v) === JSON.stringify({ type: 'SF', lagDays: -1 }));
    expect(await linkRow(b.id, a.id)).toEqual({ type: 'SF', lag_days: -1 });

    deps.set(`${c.id}->${b.id}`, { type: 'FS', lagDays: 10_000 });
    await eventually(() => deps.has(`${c.id}->${b.id}`), (has) => !has);
    expect(await linkRow(c.id, b.id)).toBeUndefined();

    deps.set(`${c.id}->${a.id}`, true);
    await eventually(() => linkRow(c.id, a.id), (r) => r?.type === 'FS' && r.lag_days === 0);
  });
});

describe('[link-migration] links stored before they had types', () => {
  it('a bare true in a stored document is rewritten as FS with no lag when the document loads, and stored so', async () => {
    const { owner, team } = await teamWithOwner(server);
    const project = (await owner.client.post('/api/projects', { name: 'Old links', teamId: team.id })).body as { id: string };
    // A project nobody has opened since before links had types: rows (the link's row now says FS, lag 0) and a
    // stored document whose link value is the bare `true` of then.
    const [a, b] = [randomUUID(), randomUUID()];
    for (const id of [a, b]) {
      await server.dataSource.query(`INSERT INTO tasks (id, project_id, name, start_date, end_date) VALUES ($1, $2, 'Old', '2026-11-23', '2026-11-24')`, [id, project.id]);
    }
    await server.dataSource.query(`INSERT INTO task_dependencies (id, task_id, depends_on_task_id) VALUES (gen_random_uuid(), $1, $2)`, [b, a]);
    const doc = new Y.Doc();
    for (const id of [a, b]) {
      writeTask(doc, id, { name: 'Old', description: null, startDate: '2026-11-23', endDate: '2026-11-24', status: 'pending', priority: 'medium', progress: 0, color: '#3b82f6', assigneeId: null, assigneeIds: [], order: 0 });
    }
    dependenciesMap(doc).set(`${b}->${a}`, true);
    await server.dataSource.query(`INSERT INTO project_documents (project_id, state) VALUES ($1, $2)`, [project.id, Buffer.from(Y.encodeStateAsUpdate(doc))]);

    const client = openProjectDocument(server.url, owner.client.cookieHeader, project.id);
    open.push(client);
    await client.synced;
    const migrated = (value: unknown) => JSON.stringify(value) === JSON.stringify({ type: 'FS', lagDays: 0 });
    await eventually(() => dependenciesMap(client.doc).get(`${b}->${a}`), migrated);
    // Stored as such: the document as the database has it holds the new form.
    const stored = await eventually(async () => {
      const base: { state: Buffer }[] = await server.dataSource.query(`SELECT state FROM project_documents WHERE project_id = $1`, [project.id]);
      const log: { update: Buffer }[] = await server.dataSource.query(`SELECT "update" FROM project_document_updates WHERE project_id = $1 ORDER BY id`, [project.id]);
      const read = new Y.Doc();
      for (const part of [...base.map((r) => r.state), ...log.map((r) => r.update)]) Y.applyUpdate(read, new Uint8Array(part));
      return dependenciesMap(read).get(`${b}->${a}`);
    }, migrated);
    expect(migrated(stored)).toBe(true);
    expect(await linkRow(b, a)).toEqual({ type: 'FS', lag_days: 0 });
  });
});

describe('[link-history] a link made, changed or removed is in its successor\'s history, credited to whoever did it', () => {
  it('through REST', async () => {
    const { owner, team, project, a, b, c } = await plan();
    const bea = await joinedMember(server, owner.client, team.id);
    expect((await owner.client.post(`/api/tasks/${b.id}/dependencies`, { dependsOnTaskId: a.id, type: 'SS', lagDays: -2 })).status).toBe(201);
    expect((await bea.client.request('PATCH', `/api/tasks/${b.id}/dependencies/${a.id}`, { lagDays: 3 })).status).toBe(200);
    expect((await bea.client.request('PATCH', `/api/tasks/${b.id}/dependencies/${a.id}`, { type: 'FS', lagDays: 0 })).status).toBe(200);
    expect((await owner.client.request('DELETE', `/api/tasks/${b.id}/dependencies/${a.id}`)).status).toBe(200);
    expect(await linkHistory(owner, b.id)).toEqual([
      [null, 'Design (SS -2d)', owner.user.email],
      ['Design (SS -2d)', 'Design (SS +3d)', bea.user.email],
      ['Design (SS +3d)', 'Design (FS)', bea.user.email],
      ['Design (FS)', null, owner.user.email],
    ]);
    // The predecessor's own history says nothing of it.
    expect(await linkHistory(owner, a.id)).toEqual([]);

    // Deleting a predecessor takes its links with it: the successor's history says so, under the name it had.
    expect((await owner.client.post(`/api/tasks/${c.id}/dependencies`, { dependsOnTaskId: b.id, type: 'FF', lagDays: 1 })).status).toBe(201);
    expect((await owner.client.request('PATCH', `/api/tasks/${b.id}`, { name: 'Build it' })).status).toBe(200);
    expect((await bea.client.request('DELETE', `/api/tasks/${b.id}`)).status).toBe(204);
    expect(await linkHistory(owner, c.id)).toEqual([
      [null, 'Build (FF +1d)', owner.user.email],
      ['Build it (FF +1d)', null, bea.user.email],
    ]);
  });

  it('through the document: a browser\'s link, its change and its removal; a refused value leaves no row', async () => {
    const { owner, team, project, a, b, c } = await plan();
    const bea = await joinedMember(server, owner.client, team.id);
    const client = openProjectDocument(server.url, bea.client.cookieHeader, project.id);
    open.push(client);
    await client.synced;
    const deps = dependenciesMap(client.doc);
    const key = `${c.id}->${b.id}`;
    deps.set(key, { type: 'FS', lagDays: 2 });
    await eventually(() => linkRow(c.id, b.id), (r) => r?.lag_days === 2);
    deps.set(key, { type: 'XX', lagDays: 0 });
    await eventually(() => deps.get(key), (v) => JSON.stringify(v) === JSON.stringify({ type: 'FS', lagDays: 2 }));
    deps.set(key, { type: 'SF', lagDays: -1 });
    await eventually(() => linkRow(c.id, b.id), (r) => r?.type === 'SF');
    deps.delete(key);
    await eventually(() => linkRow(c.id, b.id), (r) => r === undefined);
    await eventually(() => linkHistory(owner, c.id), (rows) => rows.length === 3);
    expect(await linkHistory(owner, c.id)).toEqual([
      [null, 'Build (FS +2d)', bea.user.email],
      ['Build (FS +2d)', 'Build (SF -1d)', bea.user.email],
      ['Build (SF -1d)', null, bea.user.email],
    ]);

    // A task deleted with its links: the rows telling them stay on it, unseen (time travel reads them); nothing fails.
    deps.set(`${b.id}->${a.id}`, { type: 'FS', lagDays: 0 });
    await eventually(() => linkRow(b.id, a.id), (r) => r !== undefined);
    expect((await owner.client.request('DELETE', `/api/tasks/${b.id}`)).status).toBe(204);
    expect(await linkHistory(owner, a.id)).toEqual([]);
  });
});
