import { readTask, writeTask } from '@planline/document';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { eventually } from '../collab-client.js';
import { startTestServer, teamWithOwner, type ClientUser, type TestServer } from '../harness.js';

// The server's repair (ARCHITECTURE §3: a refused value is put back) must never cost a later, valid edit.
// Both cases were found by the soak runs of issue 9: a repair written over a newer value of the same field,
// and (scaled mode, after Redis lost a message) a field that only looked missing while Yjs held back an update
// whose predecessor had not arrived yet. Updates are applied to the server's live document directly, with a
// browser connection's origin, so their order is exact.
let server: TestServer;
let owner: ClientUser;
let teamId: string;
beforeAll(async () => {
  server = await startTestServer();
  const made = await teamWithOwner(server);
  owner = made.owner;
  teamId = made.team.id;
});
afterAll(async () => {
  await server?.stop();
});

async function liveTask() {
  const project = (await owner.client.post('/api/projects', { name: 'Repairs', teamId })).body as { id: string };
  const task = (await owner.client.post('/api/tasks', { projectId: project.id, name: 'Start', startDate: '2026-11-23', endDate: '2026-11-30' })).body as { id: string };
  const doc = await server.realtime.documents.read(project.id, (d) => d);
  // What Hocuspocus gives a browser's transaction as origin: the connection, with the user in its context.
  const browser = { context: { userId: owner.user.id } };
  const row = async () => (await server.dataSource.query(`SELECT name, progress FROM tasks WHERE id = $1`, [task.id]))[0] as { name: string; progress: number };
  return { projectId: project.id, taskId: task.id, doc, browser, row };
}

describe('repairs never cost a later edit', () => {
  it('[repair-later-edit] a refused value is not put back over a valid edit of the same field made right after it', async () => {
    const { taskId, doc, browser, row } = await liveTask();
    // Two transactions before the first is judged: progress 150 (refused), then 40 (valid).
    doc.transact(() => writeTask(doc, taskId, { progress: 150 }), browser);
    doc.transact(() => writeTask(doc, taskId, { progress: 40 }), browser);
    await eventually(row, (r) => r.progress === 40, 10_000);
    await eventually(() => readTask(doc, taskId)?.progress, (p) => p === 40, 10_000);
    // And a refused value alone is still put back.
    doc.transact(() => writeTask(doc, taskId, { progress: 150 }), browser);
    await eventually(() => readTask(doc, taskId)?.progress, (p) => p === 40, 10_000);
    expect((await row()).progress).toBe(40);
  });

  it('[repair-out-of-order] a field that reads as missing while an earlier update is awaited is not put back', async () => {
    const { taskId, doc, browser, row } = await liveTask();
    // A browser's copy, with a client id below the server's, so an item the server wrote beside the browser's
    // would be the one Yjs keeps (the higher client id wins a tie).
    const remote = new Y.Doc();
    remote.clientID = 1;
    Y.applyUpdate(remote, Y.encodeStateAsUpdate(doc));
    const updates: Uint8Array[] = [];
    remote.on('update', (u: Uint8Array) => updates.push(u));
    remote.transact(() => writeTask(remote, taskId, { progress: 10 }));
    remote.transact(() => writeTask(remote, taskId, { name: 'Newest' }));
    const [first, second] = updates;

    // The second arrives first: Yjs applies its deletion of the old name and holds its new name back.
    Y.applyUpdate(doc, second!, browser);
    expect(readTask(doc, taskId)?.name).toBeUndefined();
    await eventually(() => doc.store.pendingStructs, (pending) => pending !== null, 5000);
    Y.applyUpdate(doc, first!, browser);

    await eventually(row, (r) => r.name === 'Newest' && r.progress === 10, 10_000);
    await eventually(() => readTask(doc, taskId)?.name, (name) => name === 'Newest', 10_000);
    expect(Y.encodeStateVector(doc)).toEqual(Y.encodeStateVector(remote));
    expect(readTask(remote, taskId)).toEqual(readTask(doc, taskId));
  });
});
