import { randomBytes, randomUUID } from 'node:crypto';
import { CloseCode, projectDocumentName } from '@planline/domain';
import { tasksMap, writeTask } from '@planline/document';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { eventually, openProjectDocument } from '../collab-client.js';
import { startTestServer } from '../harness.js';
import { frames, openAuthenticated } from './collab-frames.js';
import { writeFigures } from './figures.js';
import { buildWorld, type World } from './world.js';

/**
 * [pending-updates] Issue 34 item 3: an update whose clock starts after a gap is held back by Yjs as pending, never
 * judged or stored, yet encoded into every first sync. A guest planted 10 × 500 KB that each newcomer to a small
 * project then downloaded. Such an update now closes the connection (4409) before it is applied.
 */
const server = await startTestServer();
let world: World;
const opened: { close(): void }[] = [];
const figures: Record<string, unknown> = {};

beforeAll(async () => {
  world = await buildWorld(server);
});
afterAll(async () => {
  opened.forEach((c) => c.close());
  writeFigures('pending-updates', figures);
  await server.stop();
});

const openRaw = (cookie: string, projectId: string) => openAuthenticated(server.url, cookie, projectId, opened);

/** A task of ~400 KB of notes written by a client, sent without the edit before it (which the server never gets). */
function afterAGap(base: Y.Doc): Uint8Array {
  const author = new Y.Doc();
  Y.applyUpdate(author, Y.encodeStateAsUpdate(base));
  writeTask(author, randomUUID(), { name: 'Never sent', startDate: '2026-07-01', endDate: '2026-07-02' });
  const gap = Y.encodeStateVector(author);
  const taskId = randomUUID();
  author.transact(() => {
    writeTask(author, taskId, { name: 'Planted', startDate: '2026-07-01', endDate: '2026-07-02' });
    // Outside the schema too: a pending struct is never judged, so nothing would take it out.
    tasksMap(author).get(taskId)!.set('junk', randomBytes(300_000).toString('base64'));
  });
  return Y.encodeStateAsUpdate(author, gap);
}

describe('[pending-updates] content that would wait for a missing update is refused, never kept or served', () => {
  it(`[pending-updates] a guest's updates after a gap close the connection (${CloseCode.UpdateOutOfOrder}); a newcomer downloads none of them`, async () => {
    const name = projectDocumentName(world.own.project.id);
    const guest = await openRaw(world.users.guest.client.cookieHeader, world.own.project.id);
    const serverDoc = () => server.realtime.hocuspocus.documents.get(name)!;
    const update = afterAGap(serverDoc());
    expect(update.length).toBeGreaterThan(300_000);
    guest.send(frames.update(name, update));
    expect(await guest.closed).toEqual({ code: CloseCode.UpdateOutOfOrder, reason: 'update builds on one the server does not have' });
    // Nine more attempts, each on a new connection, as the report's guest did.
    for (let i = 0; i < 9; i++) {
      const again = await openRaw(world.users.guest.client.cookieHeader, world.own.project.id);
      again.send(frames.update(name, afterAGap(serverDoc())));
      expect((await again.closed).code).toBe(CloseCode.UpdateOutOfOrder);
    }
    expect(serverDoc().store.pendingStructs).toBeNull();
    expect(serverDoc().store.pendingDs).toBeNull();
    const newcomer = openProjectDocument(server.url, world.users.member.client.cookieHeader, world.own.project.id);
    opened.push(newcomer);
    await newcomer.synced;
    const downloaded = Y.encodeStateAsUpdate(newcomer.doc).length;
    figures.plantedTenTimes = { updateBytes: update.length, newcomerDocumentBytes: downloaded };
    expect(downloaded).toBeLessThan(50_000);
  });

  it('[pending-updates] a deletion of content the server does not have is refused the same way', async () => {
    const name = projectDocumentName(world.own.project.id);
    const guest = await openRaw(world.users.guest.client.cookieHeader, world.own.project.id);
    const author = new Y.Doc();
    Y.applyUpdate(author, Y.encodeStateAsUpdate(server.realtime.hocuspocus.documents.get(name)!));
    const taskId = randomUUID();
    writeTask(author, taskId, { name: 'Unseen', startDate: '2026-07-01', endDate: '2026-07-02' });
    const unseen = Y.encodeStateVector(author);
    tasksMap(author).delete(taskId);
    guest.send(frames.update(name, Y.encodeStateAsUpdate(author, unseen)));
    expect((await guest.closed).code).toBe(CloseCode.UpdateOutOfOrder);
    expect(server.realtime.hocuspocus.documents.get(name)!.store.pendingDs).toBeNull();
  });

  it('[pending-updates] updates in order, and a client coming back with its offline edits, still go through', async () => {
    const name = projectDocumentName(world.own.project.id);
    const client = openProjectDocument(server.url, world.users.member.client.cookieHeader, world.own.project.id);
    opened.push(client);
    await client.synced;
    const taskId = randomUUID();
    client.doc.transact(() => writeTask(client.doc, taskId, { name: 'In order', startDate: '2026-07-01', endDate: '2026-07-02' }));
    client.doc.transact(() => writeTask(client.doc, taskId, { name: 'In order, renamed' }));
    await eventually(() => tasksMap(server.realtime.hocuspocus.documents.get(name)!).get(taskId)?.get('name'), (v) => v === 'In order, renamed');
  });
});
