import { MAX_DOCUMENT_UPDATE_BYTES, TASK_DESCRIPTION_MAX_LENGTH } from '@planline/domain';
import { readTask, writeTask } from '@planline/document';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { eventually, openProjectDocument, type DocClient } from './collab-client.js';
import { startTestServer, teamWithOwner, type TestServer } from './harness.js';

/**
 * [sync-limits] Edits bigger than the server takes in one message (512 KB) reach it, cut to its limits, from a live
 * edit and from a reopened page holding offline edits; before, the server closed the connection (4413) and the
 * client, reconnecting, sent the same again, forever.
 */
let server: TestServer;
const open: DocClient[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  open.forEach((c) => c.close());
  await server?.stop();
});

/** Enough tasks that a long description on each adds up to more than one message. */
const TASKS = Math.ceil((MAX_DOCUMENT_UPDATE_BYTES * 1.2) / TASK_DESCRIPTION_MAX_LENGTH);

async function projectWithTasks() {
  const { owner, team } = await teamWithOwner(server);
  const project = (await owner.client.post('/api/projects', { name: 'Big edits', teamId: team.id })).body as { id: string };
  const ids: string[] = [];
  for (let i = 0; i < TASKS; i += 10) {
    const made = await Promise.all(
      Array.from({ length: Math.min(10, TASKS - i) }, (_, k) =>
        owner.client.post('/api/tasks', { projectId: project.id, name: `Task ${i + k}`, startDate: '2026-11-23', endDate: '2026-11-27' }),
      ),
    );
    ids.push(...made.map((res) => (res.body as { id: string }).id));
  }
  return { owner, project, ids };
}

/** Closes of the client's socket, by code. */
function closeCodes(client: DocClient): number[] {
  const codes: number[] = [];
  client.provider.on('close', ({ event }: { event: { code: number } }) => codes.push(event.code));
  return codes;
}

const longDescription = (i: number) => `${i} `.padEnd(TASK_DESCRIPTION_MAX_LENGTH, 'd');

async function storedDescriptions(projectId: string): Promise<number> {
  const rows: { n: number }[] = await server.dataSource.query(`SELECT count(*)::int AS n FROM tasks WHERE project_id = $1 AND length(description) = $2`, [
    projectId,
    TASK_DESCRIPTION_MAX_LENGTH,
  ]);
  return rows[0]!.n;
}

describe('[sync-limits] edits bigger than one message reach the server', () => {
  it('one live edit over the limit goes as several updates: the teammate and the database get all of it', async () => {
    const { owner, project, ids } = await projectWithTasks();
    const editor = openProjectDocument(server.url, owner.client.cookieHeader, project.id, undefined, { limitSync: true });
    const teammate = openProjectDocument(server.url, owner.client.cookieHeader, project.id);
    open.push(editor, teammate);
    await Promise.all([editor.synced, teammate.synced]);
    const closes = closeCodes(editor);

    editor.doc.transact(() => ids.forEach((id, i) => writeTask(editor.doc, id, { description: longDescription(i) })));
    expect(Y.encodeStateAsUpdate(editor.doc).byteLength).toBeGreaterThan(MAX_DOCUMENT_UPDATE_BYTES);

    await eventually(() => ids.filter((id, i) => readTask(teammate.doc, id)?.description === longDescription(i)).length, (n) => n === ids.length, 15_000);
    await eventually(() => storedDescriptions(project.id), (n) => n === ids.length, 15_000);
    expect(closes).toEqual([]);
  }, 60_000);

  it('a page reopened with offline edits over the limit syncs them all when it connects', async () => {
    const { owner, project, ids } = await projectWithTasks();
    const first = openProjectDocument(server.url, owner.client.cookieHeader, project.id, undefined, { limitSync: true });
    await first.synced;
    // The device's copy, edited after the page lost its connection.
    const copy = new Y.Doc();
    Y.applyUpdate(copy, Y.encodeStateAsUpdate(first.doc));
    first.close();
    ids.forEach((id, i) => copy.transact(() => writeTask(copy, id, { description: longDescription(i), progress: 40 })));

    const reopened = openProjectDocument(server.url, owner.client.cookieHeader, project.id, undefined, { doc: copy, limitSync: true });
    const teammate = openProjectDocument(server.url, owner.client.cookieHeader, project.id);
    open.push(reopened, teammate);
    const closes = closeCodes(reopened);
    await reopened.synced;

    await eventually(() => ids.filter((id) => readTask(teammate.doc, id)?.progress === 40).length, (n) => n === ids.length, 15_000);
    await eventually(() => storedDescriptions(project.id), (n) => n === ids.length, 15_000);
    expect(closes).toEqual([]);
  }, 60_000);
});
