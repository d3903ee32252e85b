import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { nonSchemaItems, removeNonSchemaItems } from './document-schema.js';
import { dependenciesMap, tasksMap, writeTask } from './task-document.js';

const A = '11111111-2222-4333-8444-555555555555';
const B = '66666666-7777-4888-9999-aaaaaaaaaaaa';

/** A document with two tasks and a link, as the schema writes it. */
function plan(): Y.Doc {
  const doc = new Y.Doc();
  doc.transact(() => {
    writeTask(doc, A, { name: 'Design', startDate: '2026-11-23', endDate: '2026-11-25', progress: 10 });
    writeTask(doc, B, { name: 'Build', startDate: '2026-11-26', endDate: '2026-11-30' });
    dependenciesMap(doc).set(`${B}->${A}`, true);
  });
  return doc;
}

/** What a server copy of `doc` finds outside the schema in an edit made with `edit`, per transaction. */
function judgeEdit(edit: (doc: Y.Doc) => void): { found: number; after: Y.Doc } {
  const client = plan();
  const server = new Y.Doc();
  Y.applyUpdate(server, Y.encodeStateAsUpdate(client));
  const before = Y.encodeStateVector(client);
  client.transact(() => edit(client));
  let found = 0;
  server.on('update', (_u: Uint8Array, origin: unknown, _d: Y.Doc, tr: Y.Transaction) => {
    if (origin === 'repair') return;
    found += removeNonSchemaItems(server, 'repair', tr);
  });
  Y.applyUpdate(server, Y.encodeStateAsUpdate(client, before), 'client');
  return { found, after: server };
}

/** Live entries and list content of the root `name`, read through public API from copies of `doc`. */
function live(doc: Y.Doc, name: string): number {
  const copy = () => {
    const out = new Y.Doc();
    Y.applyUpdate(out, Y.encodeStateAsUpdate(doc));
    return out;
  };
  return copy().getMap(name).size + copy().getArray(name).length;
}

describe('[doc-schema] what may exist in a project document', () => {
  it('a plan written by the schema helpers has nothing outside it', () => {
    expect(nonSchemaItems(plan())).toEqual([]);
    expect(judgeEdit((doc) => writeTask(doc, A, { progress: 50, name: 'Design v2' })).found).toBe(0);
    expect(judgeEdit((doc) => tasksMap(doc).delete(B)).found).toBe(0);
  });

  it.each([
    ['a new root map', (doc: Y.Doc) => doc.getMap('junk').set('k', 'v')],
    ['a new root array', (doc: Y.Doc) => doc.getArray('junk').push([1, 2])],
    ['a new root text', (doc: Y.Doc) => doc.getText('junk').insert(0, 'hello')],
    ['a task that is not a map', (doc: Y.Doc) => tasksMap(doc).set(B, 1 as never)],
    ['a task under a key that is not a task id', (doc: Y.Doc) => tasksMap(doc).set('x', new Y.Map())],
    ['a task under an upper-case id', (doc: Y.Doc) => tasksMap(doc).set(B.toUpperCase(), new Y.Map())],
    ['a field the schema does not name', (doc: Y.Doc) => tasksMap(doc).get(A)!.set('owner', 'me')],
    ['a nested text in a field', (doc: Y.Doc) => tasksMap(doc).get(A)!.set('name', new Y.Text('x') as never)],
    ['a nested map in a field', (doc: Y.Doc) => tasksMap(doc).get(A)!.set('assigneeIds', new Y.Map() as never)],
    ['binary in a field', (doc: Y.Doc) => tasksMap(doc).get(A)!.set('description', new Uint8Array([1, 2]) as never)],
    ['a dependency key that is not two ids', (doc: Y.Doc) => dependenciesMap(doc).set('a->b', true)],
    ['a task linked to itself', (doc: Y.Doc) => dependenciesMap(doc).set(`${A}->${A}`, true)],
    ['a dependency value that is not true', (doc: Y.Doc) => dependenciesMap(doc).set(`${A}->${B}`, 'x' as never)],
  ])('%s is found and taken out', (_label, edit) => {
    const { found, after } = judgeEdit(edit);
    expect(found).toBeGreaterThan(0);
    expect(nonSchemaItems(after)).toEqual([]);
    for (const name of after.share.keys()) if (name !== 'tasks' && name !== 'dependencies') expect(live(after, name)).toBe(0);
  });

  it.each(['tasks', 'dependencies', 'project'])('list content in the %s root (from a client that made it an array) is found and taken out', (root) => {
    const rogue = new Y.Doc();
    rogue.getArray(root).push(['x', { y: 1 }]);
    const { found, after } = judgeEdit((doc) => Y.applyUpdate(doc, Y.encodeStateAsUpdate(rogue)));
    expect(found).toBeGreaterThan(0);
    expect(nonSchemaItems(after)).toEqual([]);
    expect(live(after, root)).toBe(live(plan(), root));
  });

  it('what a nested type holds is found with it, in the same transaction and in a later one', () => {
    const { found, after } = judgeEdit((doc) => {
      const nested = new Y.Map<unknown>();
      tasksMap(doc).get(A)!.set('notes', nested as never);
      nested.set('deep', new Y.Text('hello'));
    });
    expect(found).toBeGreaterThan(0);
    expect(nonSchemaItems(after)).toEqual([]);
    expect(tasksMap(after).get(A)!.has('notes')).toBe(false);

    // Stored before the schema: a nested type's later content is found with the whole-document scan.
    const doc = plan();
    const nested = new Y.Map<unknown>();
    tasksMap(doc).get(B)!.set('notes', nested as never);
    nested.set('later', 1);
    expect(nonSchemaItems(doc).length).toBeGreaterThan(0);
    expect(removeNonSchemaItems(doc, null)).toBeGreaterThan(0);
    expect(tasksMap(doc).get(B)!.has('notes')).toBe(false);
    expect(tasksMap(doc).get(B)!.get('name')).toBe('Build');
  });

  it('junk appended right after content left unjudged (relayed) is taken out alone, on the server as in a copy', () => {
    const server = new Y.Doc();
    const client = new Y.Doc();
    const send = (origin: string) => {
      Y.applyUpdate(server, Y.encodeStateAsUpdate(client, Y.encodeStateVector(server)), origin);
    };
    let removed = 0;
    server.on('update', (_u: Uint8Array, origin: unknown, _d: Y.Doc, tr: Y.Transaction) => {
      if (origin === 'client') removed += removeNonSchemaItems(server, 'repair', tr);
    });
    client.getArray('junk').push(['kept']);
    send('relayed');
    // Appended right after the first by the same client: one item for Yjs, once the transaction is done.
    client.getArray('junk').push(['taken']);
    send('client');
    expect(removed).toBe(1);
    const copy = new Y.Doc();
    Y.applyUpdate(copy, Y.encodeStateAsUpdate(server));
    expect(copy.getArray('junk').toArray()).toEqual(['kept']);
    expect(server.getArray('junk').toArray()).toEqual(['kept']);
    expect(server.getArray('junk').length).toBe(1);
  });

  it('a valid edit in the same transaction as junk stands', () => {
    const { after } = judgeEdit((doc) => {
      writeTask(doc, A, { progress: 70 });
      tasksMap(doc).get(A)!.set('evil', 'x');
    });
    expect(tasksMap(after).get(A)!.get('progress')).toBe(70);
    expect(tasksMap(after).get(A)!.has('evil')).toBe(false);
    expect(dependenciesMap(after).get(`${B}->${A}`)).toBe(true);
  });

  it('a whole-document scan finds what was stored before the schema was enforced', () => {
    const doc = plan();
    doc.getMap('old-junk').set('k', 'v');
    tasksMap(doc).get(B)!.set('stale', 1);
    expect(nonSchemaItems(doc)).toHaveLength(2);
    expect(removeNonSchemaItems(doc, null)).toBeGreaterThan(0);
    expect(nonSchemaItems(doc)).toEqual([]);
    expect(tasksMap(doc).get(B)!.get('name')).toBe('Build');
  });
});
