import { randomUUID } from 'node:crypto';
import { CloseCode, MAX_DOCUMENT_UPDATE_BYTES, MAX_TASKS_PER_UPDATE, projectDocumentName, TASK_FIELDS, TASKS_ADDED_BURST } from '@planline/domain';
import fc from 'fast-check';
import { fieldValue, readTask, tasksMap, writeTask } from '@planline/document';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { eventually, openProjectDocument, type DocClient } from '../collab-client.js';
import { joinedMember, registeredClient, startTestServer, teamWithOwner, type ClientUser, type TestServer } from '../harness.js';
import { frames, rawCollab, sleep } from './collab-frames.js';

/**
 * [doc-schema] Issue #14: the project document holds the schema and nothing else, whoever writes. Each case
 * writes what a modified client could, through a real /collab connection, and checks what the server, a
 * teammate's document and the database are left with.
 */
let server: TestServer;
const open: { close(): void }[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  open.forEach((c) => c.close());
  await server?.stop();
});

interface Setup {
  owner: ClientUser;
  member: ClientUser;
  guest: ClientUser;
  project: { id: string };
  task: { id: string };
  /** The member's and the owner's open documents. */
  attacker: DocClient;
  teammate: DocClient;
}

async function setup(): Promise<Setup> {
  const { owner, team } = await teamWithOwner(server);
  const member = await joinedMember(server, owner.client, team.id);
  const project = (await owner.client.post('/api/projects', { name: 'Integrity', teamId: team.id })).body as { id: string };
  const task = (await owner.client.post('/api/tasks', { projectId: project.id, name: 'Hull', startDate: '2026-11-23', endDate: '2026-11-27' })).body as { id: string };
  const guest = await registeredClient(server);
  const link = (await owner.client.get(`/api/projects/${project.id}/invite-link`)).body.inviteLink as string;
  expect((await guest.client.post('/api/projects/join', { token: new URL(link).pathname.split('/').pop() })).status).toBe(200);
  const attacker = openProjectDocument(server.url, member.client.cookieHeader, project.id);
  const teammate = openProjectDocument(server.url, owner.client.cookieHeader, project.id);
  open.push(attacker, teammate);
  await Promise.all([attacker.synced, teammate.synced]);
  return { owner, member, guest, project, task, attacker, teammate };
}

const serverDoc = (projectId: string) => server.realtime.hocuspocus.documents.get(projectDocumentName(projectId))!;

/** The document as the database has it: base state and log, applied to a fresh document. */
async function storedDoc(projectId: string): Promise<{ doc: Y.Doc; bytes: number }> {
  const base: { state: Buffer }[] = await server.dataSource.query(`SELECT state FROM project_documents WHERE project_id = $1`, [projectId]);
  const log: { update: Buffer }[] = await server.dataSource.query(`SELECT "update" FROM project_document_updates WHERE project_id = $1 ORDER BY id`, [projectId]);
  const doc = new Y.Doc();
  const parts = [...base.map((b) => b.state), ...log.map((l) => l.update)];
  for (const part of parts) Y.applyUpdate(doc, new Uint8Array(part));
  return { doc, bytes: parts.reduce((n, p) => n + p.length, 0) };
}

/** Root types with anything live in them (a removed entry leaves its id behind, not its content), sorted. */
const rootNames = (doc: Y.Doc) =>
  [...doc.share]
    .filter(([, type]) => [...type._map.values()].some((item) => !item.deleted) || type._length > 0)
    .map(([name]) => name)
    .sort();
const liveKeys = (map: Y.Map<unknown>) => [...map.keys()].sort();

describe('[doc-schema] the document accepts only the schema', () => {
  it('a task entry that is not a map is taken out, and creating tasks keeps working', async () => {
    const { owner, project, attacker, teammate } = await setup();
    attacker.doc.transact(() => tasksMap(attacker.doc).set('x', 1 as never));
    for (const doc of [serverDoc(project.id), attacker.doc, teammate.doc]) await eventually(() => tasksMap(doc).has('x'), (has) => !has);

    const created = await owner.client.post('/api/tasks', { projectId: project.id, name: 'After', startDate: '2026-11-24', endDate: '2026-11-25' });
    expect(created.status).toBe(201);
    expect(created.body.order).toBe(1);
    const ai = await owner.client.post('/api/tasks/ai-create', { projectId: project.id, prompt: 'Write the release notes by Friday' });
    expect(ai.status).toBe(201);
  });

  it('roots, fields, nested types and dependency keys outside the schema never stay and are never stored', async () => {
    const { project, task, attacker, teammate } = await setup();
    const other = randomUUID();
    const big = 'j'.repeat(50_000); // 250 KB in all: under the update limit, so the server has to take it apart
    attacker.doc.transact(() => {
      attacker.doc.getMap('junk').set('blob', big);
      attacker.doc.getArray('list').push([big]);
      const entry = tasksMap(attacker.doc).get(task.id)!;
      entry.set('evil', big);
      entry.set('description', new Y.Text(big) as never);
      const deps = attacker.doc.getMap('dependencies');
      deps.set('not-a-key', true);
      deps.set(`${task.id}->${task.id}`, true);
      deps.set(`${task.id.toUpperCase()}->${other}`, true);
      deps.set(`${task.id}->${other}`, big as never);
      // A valid edit in the same transaction stands.
      entry.set('progress', 40);
    });
    const server_ = serverDoc(project.id);
    for (const doc of [server_, teammate.doc, attacker.doc]) {
      await eventually(() => rootNames(doc).join(), (names) => names === 'project,tasks');
      await eventually(() => liveKeys(doc.getMap('dependencies')).length, (n) => n === 0);
      await eventually(() => liveKeys(tasksMap(doc).get(task.id)!).includes('evil'), (has) => !has);
    }
    // The description the nested text replaced comes back as it was stored.
    // (Null is the default: a task holds no description field then, task-document.ts DEFAULT_WHEN_MISSING.)
    await eventually(() => readTask(server_, task.id), (t) => t?.progress === 40 && fieldValue('description', t.description) === null);
    await eventually(async () => (await server.dataSource.query(`SELECT progress FROM tasks WHERE id = $1`, [task.id]))[0].progress, (p) => p === 40);
    await server.realtime.documents.edit(project.id, { kind: 'server-edit', userId: null }, () => {}); // settled

    const stored = await storedDoc(project.id);
    expect(rootNames(stored.doc)).toEqual(['project', 'tasks']);
    expect(liveKeys(tasksMap(stored.doc).get(task.id)!)).not.toContain('evil');
    // 250 KB went in; what is stored is the schema's few hundred bytes (and the removed items' ids).
    expect(stored.bytes).toBeLessThan(20_000);
    expect(Y.encodeStateAsUpdate(server_).length).toBeLessThan(20_000);
  });

  it('a guest filling the document with junk leaves it as small as it was', async () => {
    const { guest, project, task } = await setup();
    const client = openProjectDocument(server.url, guest.client.cookieHeader, project.id);
    open.push(client);
    await client.synced;
    const before = (await storedDoc(project.id)).bytes;
    for (let i = 0; i < 10; i++) client.doc.getMap(`junk${i}`).set('blob', 'g'.repeat(300_000));
    // A valid edit after the junk, on the same connection: once it is stored, the junk has been dealt with.
    client.doc.transact(() => writeTask(client.doc, task.id, { progress: 77 }));
    await eventually(async () => (await server.dataSource.query(`SELECT progress FROM tasks WHERE id = $1`, [task.id]))[0].progress, (p) => p === 77);
    expect(rootNames(serverDoc(project.id))).toEqual(['project', 'tasks']);
    expect((await storedDoc(project.id)).bytes).toBeLessThan(before + 10_000);
    client.close();
  });

  it('NaN, Infinity and out-of-range progress are put back, and NaN is never stored', async () => {
    const { task, attacker, teammate } = await setup();
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, -5, 1e9]) {
      attacker.doc.transact(() => writeTask(attacker.doc, task.id, { progress: bad }));
      for (const doc of [attacker.doc, teammate.doc]) await eventually(() => readTask(doc, task.id)?.progress, (p) => p === 0);
    }
    const rows = await server.dataSource.query(`SELECT progress FROM tasks WHERE id = $1`, [task.id]);
    expect(rows[0].progress).toBe(0);
  });

  it('stored content from before the schema was enforced is removed at load, and the stored document is rewritten', async () => {
    const { owner, team } = await teamWithOwner(server);
    const project = (await owner.client.post('/api/projects', { name: 'Old', teamId: team.id })).body as { id: string };
    // What an attacker left before this release, stored as any update was; nobody has opened the document since.
    const taskId = randomUUID();
    await server.dataSource.query(
      `INSERT INTO tasks (id, project_id, name, start_date, end_date) VALUES ($1, $2, 'Kept', '2026-11-23', '2026-11-24')`,
      [taskId, project.id],
    );
    const doc = new Y.Doc();
    writeTask(doc, taskId, { name: 'Kept', description: null, startDate: '2026-11-23', endDate: '2026-11-24', status: 'pending', priority: 'medium', progress: 0, color: '#3b82f6', assigneeId: null, assigneeIds: [], order: 0 });
    doc.getMap('junk').set('blob', 'o'.repeat(100_000));
    tasksMap(doc).get(taskId)!.set('evil', 'e'.repeat(100_000));
    await server.dataSource.query(`INSERT INTO project_documents (project_id, state) VALUES ($1, $2)`, [project.id, Buffer.from(Y.encodeStateAsUpdate(doc))]);

    const reader = openProjectDocument(server.url, owner.client.cookieHeader, project.id);
    open.push(reader);
    await reader.synced;
    expect(rootNames(reader.doc)).toEqual(['project', 'tasks']);
    expect(readTask(reader.doc, taskId)?.name).toBe('Kept');
    expect(liveKeys(tasksMap(reader.doc).get(taskId)!)).not.toContain('evil');
    // The project's settings go into the document at load as a repair, stored by the write queue after the sync.
    const stored = await eventually(() => storedDoc(project.id), (s) => rootNames(s.doc).join() === 'project,tasks');
    expect(stored.bytes).toBeLessThan(5_000);
  });
});

/** Fuzz runs: a few in `npm test`, more with FUZZ_RUNS=n or SOAK=1. */
const RUNS = Number(process.env.FUZZ_RUNS ?? (process.env.SOAK ? 200 : 15));

/** One write a modified client could make, outside the schema or on its edge. */
const junkValue = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom<unknown>(Number.NaN, Number.POSITIVE_INFINITY, -0, 2 ** 60, new Uint8Array([0, 1, 2]), 'nested-text', 'nested-map', 'nested-array'),
);
const nested = (value: unknown): unknown =>
  value === 'nested-text' ? new Y.Text('t') : value === 'nested-map' ? new Y.Map() : value === 'nested-array' ? Y.Array.from([1]) : value;
const junkWrite = fc.oneof(
  fc.record({ kind: fc.constant('root' as const), name: fc.string({ minLength: 1, maxLength: 12 }), key: fc.string({ maxLength: 8 }), value: junkValue }),
  fc.record({ kind: fc.constant('task-entry' as const), key: fc.oneof(fc.string({ maxLength: 40 }), fc.uuid()), value: junkValue }),
  fc.record({ kind: fc.constant('field' as const), key: fc.oneof(fc.constantFrom(...TASK_FIELDS), fc.string({ maxLength: 12 })), value: junkValue }),
  fc.record({ kind: fc.constant('dependency' as const), key: fc.oneof(fc.string({ maxLength: 80 }), fc.constant('self')), value: junkValue }),
);

describe('[doc-schema-fuzz] random writes outside the schema', () => {
  it(`${RUNS} runs of up to 8 random writes: the server and the database keep only the schema, and nothing answers 5xx`, async () => {
    const { owner, project, task, attacker } = await setup();
    let fiveXX = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(junkWrite, { minLength: 1, maxLength: 8 }), async (writes) => {
        attacker.doc.transact(() => {
          for (const w of writes) {
            const value = nested(w.value) as never;
            if (w.kind === 'root') attacker.doc.getMap(`x${w.name}`).set(w.key, value);
            else if (w.kind === 'task-entry') tasksMap(attacker.doc).set(w.key, value);
            else if (w.kind === 'field') tasksMap(attacker.doc).get(task.id)?.set(w.key, value);
            else attacker.doc.getMap('dependencies').set(w.key === 'self' ? `${task.id}->${task.id}` : w.key, value);
          }
          // A marker after the junk: once it is stored, the junk has been judged.
          tasksMap(attacker.doc).get(task.id)?.set('order', writes.length);
        });
        await eventually(async () => (await server.dataSource.query(`SELECT "order" FROM tasks WHERE id = $1`, [task.id]))[0]?.order, (o) => o === writes.length);
        const list = await owner.client.get(`/api/projects/${project.id}/tasks`);
        if (list.status >= 500) fiveXX += 1;
        const live = serverDoc(project.id);
        const stored = await storedDoc(project.id);
        for (const doc of [live, stored.doc]) {
          expect(rootNames(doc).filter((n) => n !== 'tasks' && n !== 'dependencies' && n !== 'project')).toEqual([]);
          for (const [id, entry] of tasksMap(doc)) {
            expect(entry).toBeInstanceOf(Y.Map);
            expect(id).toMatch(/^[0-9a-f-]{36}$/);
            for (const key of entry.keys()) expect(TASK_FIELDS).toContain(key);
          }
        }
        const rows = await server.dataSource.query(`SELECT count(*)::int AS n FROM tasks WHERE project_id = $1`, [project.id]);
        expect(rows[0].n).toBe(1);
      }),
      { numRuns: RUNS },
    );
    expect(fiveXX).toBe(0);
  }, 120_000);
});

describe('[update-limits] one update cannot stall the server', () => {
  it(`an update adding more than ${MAX_TASKS_PER_UPDATE} tasks closes the connection and stores nothing`, async () => {
    const { member, project } = await setup();
    const name = projectDocumentName(project.id);
    const raw = rawCollab(server.url, member.client.cookieHeader);
    open.push(raw);
    expect(await raw.opened).toBe(true);
    raw.send(frames.auth(name));
    await eventually(() => raw.auth.get(name), (a) => a === 'authenticated');
    const local = new Y.Doc();
    const ids = Array.from({ length: MAX_TASKS_PER_UPDATE + 1 }, () => randomUUID());
    local.transact(() => {
      for (const id of ids) writeTask(local, id, { name: 'Bulk', startDate: '2026-11-23', endDate: '2026-11-24' });
    });
    raw.send(frames.update(name, Y.encodeStateAsUpdate(local)));
    expect(await raw.closed).toEqual({ code: CloseCode.UpdateTooLarge, reason: 'update adds too many tasks' });
    await sleep(200);
    expect(tasksMap(serverDoc(project.id)).has(ids[0]!)).toBe(false);
    const stored = await server.dataSource.query(`SELECT count(*)::int AS n FROM tasks WHERE project_id = $1`, [project.id]);
    expect(stored[0].n).toBe(1);
  });

  it(`an update over ${MAX_DOCUMENT_UPDATE_BYTES / 1024} KB closes the connection and stores nothing`, async () => {
    const { member, project, task } = await setup();
    const name = projectDocumentName(project.id);
    const raw = await authenticatedRaw(member, name);
    const local = new Y.Doc();
    // Under the socket's frame limit (1 MB), over the update limit: judged by the guard, not cut by ws.
    local.transact(() => writeTask(local, task.id, { description: 'd'.repeat(MAX_DOCUMENT_UPDATE_BYTES + 10_000) }));
    raw.send(frames.update(name, Y.encodeStateAsUpdate(local)));
    expect(await raw.closed).toEqual({ code: CloseCode.UpdateTooLarge, reason: 'update too large' });
    await sleep(200);
    expect(readTask(serverDoc(project.id), task.id)?.description ?? null).toBeNull();
  });

  it('a client repeating updates just under the cap is closed once it has added tasks too fast', async () => {
    const { member, project } = await setup();
    const name = projectDocumentName(project.id);
    const raw = await authenticatedRaw(member, name);
    const local = new Y.Doc();
    const batches = Math.ceil(TASKS_ADDED_BURST / MAX_TASKS_PER_UPDATE) + 1;
    const ids: string[][] = [];
    for (let b = 0; b < batches; b++) {
      const before = Y.encodeStateVector(local);
      const batch = Array.from({ length: MAX_TASKS_PER_UPDATE }, () => randomUUID());
      ids.push(batch);
      local.transact(() => {
        for (const id of batch) writeTask(local, id, { name: `Bulk ${b}`, startDate: '2026-11-23', endDate: '2026-11-24', order: 0 });
      });
      raw.send(frames.update(name, Y.encodeStateAsUpdate(local, before)));
    }
    expect(await raw.closed).toEqual({ code: CloseCode.RateLimited, reason: 'tasks added too fast' });
    // What came within the allowance is kept; the update past it never reached the document.
    await eventually(() => ids[0]!.every((id) => tasksMap(serverDoc(project.id)).has(id)), (all) => all);
    expect(ids[batches - 1]!.some((id) => tasksMap(serverDoc(project.id)).has(id))).toBe(false);
  });
});

/** A raw /collab socket of `user`, authenticated for document `name`. */
async function authenticatedRaw(user: ClientUser, name: string) {
  const raw = rawCollab(server.url, user.client.cookieHeader);
  open.push(raw);
  expect(await raw.opened).toBe(true);
  raw.send(frames.auth(name));
  await eventually(() => raw.auth.get(name), (a) => a === 'authenticated');
  return raw;
}

describe('[doc-name] one project, one document', () => {
  it('a document name that is not the canonical lower-case one is refused', async () => {
    const { member, project, task, owner } = await setup();
    const raw = rawCollab(server.url, member.client.cookieHeader);
    open.push(raw);
    await raw.opened;
    for (const name of [`project:${project.id.toUpperCase()}`, `project:${project.id} `, `Project:${project.id}`]) {
      raw.send(frames.auth(name));
      await eventually(() => raw.auth.get(name), (a) => a === 'denied');
    }
    // The REST rename is what everyone sees; nothing written elsewhere overwrites it.
    expect((await owner.client.request('PATCH', `/api/tasks/${task.id}`, { name: 'Renamed' })).status).toBe(200);
    expect(server.realtime.hocuspocus.documents.has(`project:${project.id.toUpperCase()}`)).toBe(false);
  });
});

describe('[presence-bound] presence shows who is signed in', () => {
  it("a guest's state claiming the owner shows the guest, and an impossible preview is dropped", async () => {
    const { owner, guest, project, task, teammate } = await setup();
    const name = projectDocumentName(project.id);
    const raw = rawCollab(server.url, guest.client.cookieHeader);
    open.push(raw);
    await raw.opened;
    raw.send(frames.auth(name));
    await eventually(() => raw.auth.get(name), (a) => a === 'authenticated');
    const clientId = 424242;
    const forged = { user: { id: owner.user.id, name: 'The Owner', color: '#112233' }, activity: { taskId: task.id, kind: 'progress', preview: { progress: 1e9 } } };
    raw.send(frames.awareness(name, clientId, 1, forged));
    const seen = await eventually(() => teammate.provider.awareness!.getStates().get(clientId), (s) => s !== undefined);
    expect(seen).toEqual({ user: { id: guest.user.id, name: expect.not.stringContaining('Owner'), color: '#112233' }, activity: null });

    raw.send(frames.awareness(name, clientId, 2, { user: forged.user, pad: 'p'.repeat(900_000) }));
    expect((await raw.closed).code).toBe(CloseCode.BadMessage);
    await eventually(() => teammate.provider.awareness!.getStates().get(clientId), (s) => s === undefined);
  });
});
