import { openTestDatabase, type TestDatabase } from '@planline/db/testing';
import { createProject, createTask, createTeam, createUser } from '@planline/db/test/factories';
import { addDependency, applyCascade, carryReasons, documentCascade, editReasonsMap, fieldValue, readTask, tasksMap, writeTask } from '@planline/document';
import { MAX_TASKS_PER_PROJECT, TASK_DESCRIPTION_MAX_LENGTH } from '@planline/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { DocumentPeer, type DocumentCluster, type PeerHooks } from '../scale/document-cluster.js';
import { serverEdit } from './origins.js';
import { ProjectDocumentStore, type PersistedChanges } from './project-store.js';

/**
 * The document store on its own (no HTTP, no sockets): a Y.Doc loaded from a real database, edited with the
 * origins the server gives edits, and what the rows and the announcements then say.
 */
const silent = { info() {}, warn() {}, error() {} };
let db: TestDatabase;
const announced: PersistedChanges[] = [];
let store: ProjectDocumentStore;

beforeAll(async () => {
  db = await openTestDatabase();
  store = new ProjectDocumentStore(db.dataSource, silent, (changes) => announced.push(changes));
});
afterAll(async () => {
  await db?.close();
});

async function project({ assigned = false } = {}) {
  const owner = await createUser(db.dataSource);
  const team = await createTeam(db.dataSource, owner);
  const p = await createProject(db.dataSource, team);
  const task = await createTask(db.dataSource, p, { name: 'Frame', startDate: '2026-11-23', endDate: '2026-11-27', assigneeId: assigned ? owner.id : null });
  const doc = new Y.Doc();
  await store.load(p.id, doc);
  return { owner, project: p, task, doc };
}

const edit = (doc: Y.Doc, origin: unknown, fn: () => void) => doc.transact(fn, origin);
const row = async (id: string) => (await db.dataSource.query(`SELECT name, progress, start_date FROM tasks WHERE id = $1`, [id]))[0];

describe('[document-store] loading, judging, storing', () => {
  it('a document with no stored state is built from the rows', async () => {
    const { doc, task, project: p } = await project();
    expect(readTask(doc, task.id)).toMatchObject({ name: 'Frame', startDate: '2026-11-23', endDate: '2026-11-27' });
    // Progress 0 is the default: not written, read as 0 (task-document.ts DEFAULT_WHEN_MISSING).
    expect(fieldValue('progress', readTask(doc, task.id)!.progress)).toBe(0);
    // What is stored is the whole built document (the build's own update, not encoded again): a later load reads it.
    const [{ state }] = await db.dataSource.query(`SELECT state FROM project_documents WHERE project_id = $1`, [p.id]);
    const stored = new Y.Doc();
    Y.applyUpdate(stored, new Uint8Array(state));
    expect(tasksMap(stored).toJSON()).toEqual(tasksMap(doc).toJSON());
  });

  it("a valid edit is stored with its author's history row, and announced once stored", async () => {
    const { doc, task, owner, project: p } = await project();
    edit(doc, serverEdit(owner.id, 'Supplier was late'), () => writeTask(doc, task.id, { progress: 30 }));
    await store.whenPersisted(doc);
    expect(await row(task.id)).toMatchObject({ progress: 30 });
    const history = await db.dataSource.query(`SELECT field_name, old_value, new_value, changed_by, change_reason FROM task_change_history WHERE task_id = $1`, [task.id]);
    expect(history).toEqual([{ field_name: 'progress', old_value: '0', new_value: '30', changed_by: owner.id, change_reason: 'Supplier was late' }]);
    expect(announced.at(-1)).toMatchObject({ projectId: p.id, created: [], updated: [{ taskId: task.id, fields: ['progress'] }], deleted: [], dependenciesChanged: [] });
    // Issue 38: who made it, and the rows before and after, for the notifications.
    const told = announced.at(-1)!;
    expect(told).toMatchObject({ actorId: owner.id, reason: 'Supplier was late', cascadeReasons: null });
    expect(told.rows.updated.map(([id, after, fields, before]) => [id, after.progress, fields, before.progress])).toEqual([[task.id, 30, ['progress'], 0]]);
  });

  it('an invalid value is put back and never stored; the valid field beside it is', async () => {
    const { doc, task, owner } = await project();
    edit(doc, serverEdit(owner.id), () => writeTask(doc, task.id, { progress: 150, name: 'Frame, welded' }));
    await store.whenPersisted(doc);
    await store.whenSettled(doc);
    expect(readTask(doc, task.id)).toMatchObject({ progress: 0, name: 'Frame, welded' });
    expect(await row(task.id)).toMatchObject({ progress: 0, name: 'Frame, welded' });
  });

  it('content outside the schema is taken out and what is stored has none of it', async () => {
    const { doc, task, owner, project: p } = await project();
    edit(doc, serverEdit(owner.id), () => {
      doc.getMap('junk').set('blob', 'x'.repeat(50_000));
      tasksMap(doc).get(task.id)!.set('evil', 'y'.repeat(50_000));
    });
    await store.whenSettled(doc);
    expect(doc.getMap('junk').size).toBe(0);
    expect(tasksMap(doc).get(task.id)!.has('evil')).toBe(false);
    const log: { update: Buffer }[] = await db.dataSource.query(`SELECT "update" FROM project_document_updates WHERE project_id = $1`, [p.id]);
    expect(log.reduce((n, l) => n + l.update.length, 0)).toBeLessThan(5_000);
  });

  it('a project at its task limit takes no new task from the document', async () => {
    const { doc, owner, project: p } = await project();
    // The rows the store counts: pretend the project is full without writing 100,000 tasks.
    const state = (store as unknown as { projects: Map<Y.Doc, { tasks: Map<string, unknown> }> }).projects.get(doc)!;
    for (let i = state.tasks.size; i < MAX_TASKS_PER_PROJECT; i++) state.tasks.set(`filler-${i}`, {});
    const id = crypto.randomUUID();
    edit(doc, serverEdit(owner.id), () => writeTask(doc, id, { name: 'One too many', startDate: '2026-11-23', endDate: '2026-11-24' }));
    await store.whenSettled(doc);
    expect(tasksMap(doc).has(id)).toBe(false);
    expect(await db.dataSource.query(`SELECT 1 FROM tasks WHERE id = $1`, [id])).toEqual([]);
    expect(await db.dataSource.query(`SELECT count(*)::int AS n FROM tasks WHERE project_id = $1`, [p.id])).toEqual([{ n: 1 }]);
  });

  /** The statements the store sends while `fn` runs (in and out of transactions). */
  async function statementsOf(fn: () => Promise<void>): Promise<string[]> {
    const statements: string[] = [];
    const createQueryRunner = db.dataSource.createQueryRunner.bind(db.dataSource);
    const spy = vi.spyOn(db.dataSource, 'createQueryRunner').mockImplementation((mode) => {
      const runner = createQueryRunner(mode);
      const query = runner.query.bind(runner);
      runner.query = ((text: string, ...rest: never[]) => {
        statements.push(text);
        return query(text, ...rest);
      }) as typeof runner.query;
      return runner;
    });
    try {
      await fn();
    } finally {
      spy.mockRestore();
    }
    return statements;
  }

  it('[turn-statements] a turn of 20 renames is a handful of statements, not three per rename, and keeps every rename\'s history row in order', async () => {
    const { doc, task, owner } = await project();
    await store.whenSettled(doc);
    // On the embedded database every statement holds it for all projects: a flood's turn of 20 renames wrote 64 one
    // after the other, and another project's edit waited behind them (issue 34).
    const statements = await statementsOf(async () => {
      for (let i = 1; i <= 20; i++) edit(doc, serverEdit(owner.id, `Round ${i}`), () => writeTask(doc, task.id, { name: `Frame ${i}` }));
      await store.whenPersisted(doc);
    });
    expect(statements.length).toBeLessThanOrEqual(6);
    expect(await row(task.id)).toMatchObject({ name: 'Frame 20' });
    const history = await db.dataSource.query(`SELECT old_value, new_value, changed_by, change_reason FROM task_change_history WHERE task_id = $1 AND field_name = 'name' ORDER BY seq`, [task.id]);
    expect(history).toEqual(
      Array.from({ length: 20 }, (_, i) => ({ old_value: i ? `Frame ${i}` : 'Frame', new_value: `Frame ${i + 1}`, changed_by: owner.id, change_reason: `Round ${i + 1}` })),
    );
  });

  it('a turn that assigns someone reads who may be assigned: a member is stored, an outsider put back; a rename reads no one', async () => {
    const { doc, task, owner } = await project();
    const outsider = await createUser(db.dataSource);
    await store.whenSettled(doc);
    const assigned = await statementsOf(async () => {
      edit(doc, serverEdit(owner.id), () => writeTask(doc, task.id, { assigneeId: owner.id, assigneeIds: [owner.id] }));
      await store.whenPersisted(doc);
    });
    expect(assigned.some((text) => text.includes('team_members'))).toBe(true);
    expect(await db.dataSource.query(`SELECT assignee_id FROM tasks WHERE id = $1`, [task.id])).toEqual([{ assignee_id: owner.id }]);
    edit(doc, serverEdit(owner.id), () => writeTask(doc, task.id, { assigneeId: outsider.id, assigneeIds: [outsider.id] }));
    await store.whenSettled(doc);
    await store.whenSettled(doc);
    expect(readTask(doc, task.id)).toMatchObject({ assigneeId: owner.id, assigneeIds: [owner.id] });
    expect(await db.dataSource.query(`SELECT assignee_id FROM tasks WHERE id = $1`, [task.id])).toEqual([{ assignee_id: owner.id }]);
    const renamed = await statementsOf(async () => {
      edit(doc, serverEdit(owner.id), () => writeTask(doc, task.id, { name: 'Frame, renamed' }));
      await store.whenPersisted(doc);
    });
    expect(renamed.some((text) => text.includes('team_members'))).toBe(false);
  });

  it('folds the update log into the stored state after 200 stored turns (merged off the event loop), and a load reads it back', async () => {
    const { doc, task, owner, project: p } = await project();
    for (let i = 1; i <= 205; i++) {
      edit(doc, serverEdit(owner.id), () => writeTask(doc, task.id, { progress: i % 100, name: `Frame ${i}` }));
      await store.whenPersisted(doc);
    }
    await store.whenSettled(doc);
    const [{ n }] = await db.dataSource.query(`SELECT count(*)::int AS n FROM project_document_updates WHERE project_id = $1`, [p.id]);
    expect(n).toBeLessThan(200);
    const documents: { state: Buffer }[] = await db.dataSource.query(`SELECT state FROM project_documents WHERE project_id = $1`, [p.id]);
    const stored = new Y.Doc();
    Y.applyUpdate(stored, new Uint8Array(documents[0]!.state));
    // The state holds at least the turns folded into it; the log holds the rest.
    expect(Number(String(readTask(stored, task.id)?.name).replace('Frame ', ''))).toBeGreaterThanOrEqual(200);
    const reloaded = new Y.Doc();
    await store.load(p.id, reloaded);
    expect(readTask(reloaded, task.id)).toMatchObject({ name: 'Frame 205', progress: 5 });
  });

  it('a big document keeps its log past 200 turns while the log is small beside its base (a fold reads and writes the whole base), and a load reads both', async () => {
    const owner = await createUser(db.dataSource);
    const p = await createProject(db.dataSource, await createTeam(db.dataSource, owner));
    const task = await createTask(db.dataSource, p, { name: 'Frame' });
    // ~200 kB of base: 20 more tasks with the longest descriptions; 205 small edits are ~20 kB, far from a quarter of it.
    for (let i = 0; i < 20; i++) await createTask(db.dataSource, p, { description: 'd'.repeat(TASK_DESCRIPTION_MAX_LENGTH) });
    const doc = new Y.Doc();
    await store.load(p.id, doc);
    for (let i = 1; i <= 205; i++) {
      edit(doc, serverEdit(owner.id), () => writeTask(doc, task.id, { progress: i % 100 }));
      await store.whenPersisted(doc);
    }
    await store.whenSettled(doc);
    const [{ n }] = await db.dataSource.query(`SELECT count(*)::int AS n FROM project_document_updates WHERE project_id = $1`, [p.id]);
    expect(n).toBe(205);
    const reloaded = new Y.Doc();
    await store.load(p.id, reloaded);
    expect(readTask(reloaded, task.id)).toMatchObject({ progress: 5 });
    expect(tasksMap(reloaded).size).toBe(21);
  });
});

describe('[leveling-carrier] history reasons a browser edit carries in its own transaction', () => {
  /** A browser's edit: Hocuspocus gives the connection, whose context names its user, as the origin. */
  const browser = (userId: string) => ({ context: { userId } });
  const reasonsOf = async (ids: string[]) =>
    Object.fromEntries(
      (
        await db.dataSource.query(`SELECT task_id, change_reason FROM task_change_history WHERE task_id = ANY($1::uuid[]) AND field_name = 'startDate'`, [ids])
      ).map((r: { task_id: string; change_reason: string | null }) => [r.task_id, r.change_reason]),
    );

  it('a carried reason lands on the moved tasks only, in exactly the leveling shape only; the carrier is taken out and never stored', async () => {
    const owner = await createUser(db.dataSource);
    const p = await createProject(db.dataSource, await createTeam(db.dataSource, owner));
    const dates = { startDate: '2026-11-23', endDate: '2026-11-24', assigneeId: owner.id };
    const [task, forged, long, still, posing, nobody] = [
      await createTask(db.dataSource, p, { name: 'Frame', ...dates }),
      await createTask(db.dataSource, p, { name: 'Forged', ...dates }),
      await createTask(db.dataSource, p, { name: 'Long', ...dates }),
      await createTask(db.dataSource, p, { name: 'Still', ...dates }),
      await createTask(db.dataSource, p, { name: 'Posing', ...dates }),
      await createTask(db.dataSource, p, { name: 'Nobody', ...dates, assigneeId: null }),
    ];
    const docNow = new Y.Doc();
    await store.load(p.id, docNow);
    edit(docNow, browser(owner.id), () => {
      writeTask(docNow, task.id, { startDate: '2026-11-30', endDate: '2026-12-04' });
      writeTask(docNow, forged.id, { startDate: '2026-11-25', endDate: '2026-11-26' });
      writeTask(docNow, long.id, { startDate: '2026-11-25', endDate: '2026-11-26' });
      writeTask(docNow, still.id, { name: 'Still, renamed' });
      writeTask(docNow, posing.id, { startDate: '2026-11-25', endDate: '2026-11-26' });
      writeTask(docNow, nobody.id, { startDate: '2026-11-25', endDate: '2026-11-26' });
      carryReasons(
        docNow,
        new Map([
          [task.id, 'Levelled: Ana over-allocated 23-27 Nov'],
          [forged.id, 'Approved by the CEO'],
          [long.id, `Levelled: ${'x'.repeat(5_000)} over-allocated 23 Nov`],
          // The prefix alone is no leveling reason: any other wording after it is the editor's own.
          [posing.id, 'Levelled: approved by the CEO, do not move'],
          // Leveling moves a task for its people's load: one nobody is assigned to was not levelled.
          [nobody.id, 'Levelled: Ana over-allocated 23-24 Nov'],
          // Not moved by this edit: its rename keeps the author's reason (none).
          [still.id, 'Levelled: Ana over-allocated 23-24 Nov'],
          ['not-a-task', 'Levelled: nobody'],
        ]),
      );
    });
    await store.whenSettled(docNow);
    await store.whenSettled(docNow);
    const reasons = await reasonsOf([task.id, forged.id, long.id, still.id, posing.id, nobody.id]);
    expect(reasons[task.id]).toBe('Levelled: Ana over-allocated 23-27 Nov');
    expect(reasons[forged.id]).toBeNull();
    expect(reasons[long.id]).toBeNull();
    expect(reasons[posing.id]).toBeNull();
    expect(reasons[nobody.id]).toBeNull();
    expect(reasons[still.id]).toBeUndefined();
    const renamed = await db.dataSource.query(`SELECT change_reason, changed_by FROM task_change_history WHERE task_id = $1 AND field_name = 'name'`, [still.id]);
    expect(renamed).toEqual([{ change_reason: null, changed_by: owner.id }]);
    expect(await row(task.id)).toMatchObject({ start_date: '2026-11-30' });
    // Nothing accumulates: the map is empty again, and no stored update holds a carried reason.
    expect(editReasonsMap(docNow).size).toBe(0);
    const log: { update: Uint8Array }[] = await db.dataSource.query(`SELECT "update" FROM project_document_updates WHERE project_id = $1`, [p.id]);
    expect(log.some((l) => Buffer.from(l.update).includes('Levelled'))).toBe(false);
    expect(log.some((l) => Buffer.from(l.update).includes('Approved by the CEO'))).toBe(false);
  });

  it("a carried reason never replaces the cascade's reason of a successor the same edit moved by dependency", async () => {
    const owner = await createUser(db.dataSource);
    const p = await createProject(db.dataSource, await createTeam(db.dataSource, owner));
    const [design, build] = [
      await createTask(db.dataSource, p, { name: 'Design', startDate: '2026-11-23', endDate: '2026-11-24', assigneeId: owner.id }),
      await createTask(db.dataSource, p, { name: 'Build', startDate: '2026-11-25', endDate: '2026-11-26', assigneeId: owner.id }),
    ];
    const doc = new Y.Doc();
    await store.load(p.id, doc);
    edit(doc, browser(owner.id), () => addDependency(doc, build.id, design.id));
    await store.whenSettled(doc);
    // The browser levels Design and, in the same transaction, moves Build by the link (its own cascade), carrying
    // a leveling reason for both.
    edit(doc, browser(owner.id), () => {
      writeTask(doc, design.id, { startDate: '2026-11-25', endDate: '2026-11-26' });
      applyCascade(doc, documentCascade(doc, [design.id]));
      carryReasons(
        doc,
        new Map([
          [design.id, 'Levelled: Ana over-allocated 23-24 Nov'],
          [build.id, 'Levelled: Ana over-allocated 23-24 Nov'],
        ]),
      );
    });
    await store.whenSettled(doc);
    await store.whenSettled(doc);
    expect(readTask(doc, build.id)).toMatchObject({ startDate: '2026-11-27' });
    expect(await reasonsOf([design.id, build.id])).toEqual({ [design.id]: 'Levelled: Ana over-allocated 23-24 Nov', [build.id]: 'Moved by dependency on «Design»' });
  });

  it('scaled mode: the process the edit came in on reads the reasons, takes them out and relays them with the update; the owner stores them', async () => {
    const owner = await createUser(db.dataSource);
    const p = await createProject(db.dataSource, await createTeam(db.dataSource, owner));
    const task = await createTask(db.dataSource, p, { name: 'Frame', startDate: '2026-11-23', endDate: '2026-11-24', assigneeId: owner.id });
    const ownerDoc = new Y.Doc();
    await store.load(p.id, ownerDoc);
    // Another process, without the lock: what it sends to the cluster is recorded, and then given to the owner.
    const sent: { t: string }[] = [];
    const peers: DocumentPeer[] = [];
    const cluster = {
      instanceId: 'elsewhere',
      send: (_projectId: string, message: { t: string }) => void sent.push(message),
      join: async (projectId: string, doc: Y.Doc, hooks: PeerHooks) => peers[peers.push(new DocumentPeer(projectId, doc, cluster, hooks)) - 1]!,
      listen: async () => {},
    } as unknown as DocumentCluster;
    const elsewhere = new Y.Doc();
    await new ProjectDocumentStore(db.dataSource, silent, () => {}, cluster).load(p.id, elsewhere);
    edit(elsewhere, browser(owner.id), () => {
      writeTask(elsewhere, task.id, { startDate: '2026-11-25', endDate: '2026-11-26' });
      carryReasons(elsewhere, new Map([[task.id, 'Levelled: Ana over-allocated 23-24 Nov']]));
    });
    expect(editReasonsMap(elsewhere).size).toBe(0);
    const updates = sent.filter((m): m is { t: 'update'; reasons?: [string, string][] } => m.t === 'update');
    expect(updates[0]!.reasons).toEqual([[task.id, 'Levelled: Ana over-allocated 23-24 Nov']]);
    // The owner receives them as relayed updates (the edit, then the carrier's removal) and judges them.
    const ownerPeer = new DocumentPeer(p.id, ownerDoc, { instanceId: 'owner', send: () => {} } as unknown as DocumentCluster, {
      whenPersisted: () => Promise.resolve(),
      ownershipGained: () => {},
    });
    for (const message of updates) ownerPeer.receive(message as Parameters<DocumentPeer['receive']>[0]);
    await store.whenSettled(ownerDoc);
    expect(await reasonsOf([task.id])).toEqual({ [task.id]: 'Levelled: Ana over-allocated 23-24 Nov' });
    expect(editReasonsMap(ownerDoc).size).toBe(0);
    for (const peer of [...peers, ownerPeer]) peer.close();
  });

  it('made offline: the edit and its reasons arrive inside the sync with later edits, and the reasons still land', async () => {
    const { doc, task, owner } = await project({ assigned: true });
    const device = new Y.Doc();
    Y.applyUpdate(device, Y.encodeStateAsUpdate(doc));
    const known = Y.encodeStateVector(device);
    device.transact(() => {
      writeTask(device, task.id, { startDate: '2026-11-30', endDate: '2026-12-04' });
      carryReasons(device, new Map([[task.id, 'Levelled: Ana over-allocated 23-27 Nov']]));
    });
    device.transact(() => writeTask(device, task.id, { progress: 20 }));
    // What the device's sync sends: everything since the server last heard from it, as one update.
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(device, known), browser(owner.id));
    await store.whenSettled(doc);
    await store.whenSettled(doc);
    expect(await reasonsOf([task.id])).toEqual({ [task.id]: 'Levelled: Ana over-allocated 23-27 Nov' });
    expect(editReasonsMap(doc).size).toBe(0);
    expect(await row(task.id)).toMatchObject({ progress: 20 });
  });

  it("a carried reason is the edit's own: the next edit of the same task, and a server edit's own reasons, are unaffected", async () => {
    const { doc, task, owner } = await project({ assigned: true });
    edit(doc, browser(owner.id), () => {
      writeTask(doc, task.id, { startDate: '2026-11-24', endDate: '2026-11-30' });
      carryReasons(doc, new Map([[task.id, 'Levelled: Ana over-allocated 23 Nov']]));
    });
    edit(doc, browser(owner.id), () => writeTask(doc, task.id, { startDate: '2026-11-25', endDate: '2026-12-01' }));
    edit(doc, serverEdit(owner.id, undefined, new Map([[task.id, 'Levelled: Bo over-allocated 25 Nov']])), () => writeTask(doc, task.id, { startDate: '2026-11-26', endDate: '2026-12-02' }));
    await store.whenSettled(doc);
    await store.whenSettled(doc);
    const rows = await db.dataSource.query(`SELECT change_reason FROM task_change_history WHERE task_id = $1 AND field_name = 'startDate' ORDER BY seq`, [task.id]);
    expect(rows.map((r: { change_reason: string | null }) => r.change_reason)).toEqual(['Levelled: Ana over-allocated 23 Nov', null, 'Levelled: Bo over-allocated 25 Nov']);
    expect(editReasonsMap(doc).size).toBe(0);
  });
});
