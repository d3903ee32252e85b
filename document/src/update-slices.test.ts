import { dependenciesMap, readTask, tasksMap, writeTask } from './task-document.js';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { sliceUpdate } from './update-slices.js';

/** A server-built plan (one client, many tasks), then edits and deletions by two other clients. */
function editedPlan(tasks: number): Y.Doc {
  const server = new Y.Doc();
  server.transact(() => {
    for (let i = 0; i < tasks; i++) writeTask(server, `t${i}`, { name: `Task ${i}`, startDate: '2026-01-05', endDate: '2026-01-09', progress: i % 101, order: i });
    dependenciesMap(server).set('t1->t0', { type: 'FS', lagDays: 0 });
  });
  for (const [clientID, i] of [[11, 3], [12, 5]] as const) {
    const other = new Y.Doc();
    other.clientID = clientID;
    Y.applyUpdate(other, Y.encodeStateAsUpdate(server));
    other.transact(() => {
      writeTask(other, `t${i}`, { name: `Renamed by ${clientID}`, progress: 50 });
      tasksMap(other).delete(`t${i + 1}`);
      writeTask(other, `new-${clientID}`, { name: 'Added', startDate: '2026-02-02', endDate: '2026-02-03' });
    });
    Y.applyUpdate(server, Y.encodeStateAsUpdate(other));
  }
  return server;
}

describe('sliceUpdate', () => {
  it('[sliced-sync] slices, then the rest, make the same document as the whole update', () => {
    const source = editedPlan(500);
    const update = Y.encodeStateAsUpdate(source);
    const { slices, rest } = sliceUpdate(update, 100);
    expect(slices.length).toBeGreaterThan(10);
    const target = new Y.Doc();
    const pending: boolean[] = [];
    for (const slice of slices) {
      Y.applyUpdate(target, slice);
      pending.push(target.store.pendingStructs !== null);
    }
    // Each slice integrates as it comes: nothing waits for a later one.
    expect(pending.every((p) => !p)).toBe(true);
    Y.applyUpdate(target, rest);
    expect(tasksMap(target).toJSON()).toEqual(tasksMap(source).toJSON());
    expect(dependenciesMap(target).toJSON()).toEqual(dependenciesMap(source).toJSON());
    expect(readTask(target, 't3')?.name).toBe('Renamed by 11');
    expect(tasksMap(target).has('t4')).toBe(false);
    expect(Y.encodeStateVector(target)).toEqual(Y.encodeStateVector(source));
  });

  it('[sliced-sync] applies over a document that already holds part of it (a kept copy) without loss', () => {
    const source = editedPlan(300);
    const local = new Y.Doc();
    Y.applyUpdate(local, Y.encodeStateAsUpdate(editedPlan(0)));
    local.transact(() => writeTask(local, 'offline', { name: 'Made offline' }));
    const { slices, rest } = sliceUpdate(Y.encodeStateAsUpdate(source), 64);
    for (const slice of slices) Y.applyUpdate(local, slice);
    Y.applyUpdate(local, rest);
    expect(readTask(local, 'offline')?.name).toBe('Made offline');
    expect(tasksMap(local).size).toBe(tasksMap(source).size + 1);
  });

  it('[sliced-sync] cuts every kind of content yjs writes where yjs itself would read it', () => {
    const source = new Y.Doc();
    source.transact(() => {
      const values = source.getMap('values');
      values.set('text', 'Ünïcödé ✓ and 🚀 astral');
      values.set('numbers', [0, -1, 2 ** 40, 1.5, Number.MAX_VALUE]);
      values.set('big', 12345678901234567890n);
      values.set('flags', { yes: true, no: false, none: null, nested: { list: ['a', { b: [null] }] } });
      values.set('bytes', new Uint8Array([1, 2, 255]));
      values.set('gone', undefined);
      const text = new Y.Text();
      values.set('rich', text);
      text.insert(0, 'Plan 🚀 ünd mehr');
      text.format(0, 4, { bold: true });
      text.insertEmbed(2, { image: 'x.png' });
      const xml = new Y.XmlElement('task');
      source.getXmlFragment('xml').insert(0, [xml]);
      xml.setAttribute('id', 'x');
      source.getArray('list').insert(0, [1, 'two', { three: 3 }]);
      source.getArray('docs').insert(0, [new Y.Doc({ guid: 'sub' })]);
      for (let i = 0; i < 50; i++) writeTask(source, `t${i}`, { name: `Tâche ${i} ✓`, startDate: '2026-01-05', endDate: '2026-01-09', progress: i });
    });
    // Deleted content and GC structs, then a diff that starts inside a run of structs.
    source.transact(() => {
      for (let i = 0; i < 10; i++) tasksMap(source).delete(`t${i}`);
      (source.getMap('values').get('rich') as Y.Text).delete(1, 3);
    });
    const before = Y.encodeStateVector(source);
    const earlier = Y.encodeStateAsUpdate(source);
    source.transact(() => writeTask(source, 't20', { name: 'Later 🚀' }));
    const cases = [
      { base: null, update: Y.encodeStateAsUpdate(source) },
      // A diff applies over the state it was taken from.
      { base: earlier, update: Y.encodeStateAsUpdate(source, before) },
    ];
    for (const { base, update } of cases) {
      const whole = new Y.Doc();
      const sliced = new Y.Doc();
      if (base) {
        Y.applyUpdate(whole, base);
        Y.applyUpdate(sliced, base);
      }
      Y.applyUpdate(whole, update);
      const { slices, rest } = sliceUpdate(update, 7);
      for (const slice of slices) {
        Y.applyUpdate(sliced, slice);
        expect(sliced.store.pendingStructs).toBeNull();
      }
      Y.applyUpdate(sliced, rest);
      expect(Y.encodeStateVector(sliced)).toEqual(Y.encodeStateVector(whole));
      expect(sliced.getMap('values').toJSON()).toEqual(whole.getMap('values').toJSON());
      expect((sliced.getMap('values').get('rich') as Y.Text).toDelta()).toEqual((whole.getMap('values').get('rich') as Y.Text).toDelta());
      expect(sliced.getXmlFragment('xml').toString()).toBe(whole.getXmlFragment('xml').toString());
      expect(sliced.getArray('list').toJSON()).toEqual(whole.getArray('list').toJSON());
      expect(tasksMap(sliced).toJSON()).toEqual(tasksMap(whole).toJSON());
    }
  });

  it('[sliced-sync] a merged update with a gap (a Skip) slices up to the gap and leaves the rest whole', () => {
    const doc = new Y.Doc();
    const updates: Uint8Array[] = [];
    doc.on('update', (u: Uint8Array) => updates.push(u));
    for (let i = 0; i < 30; i++) writeTask(doc, `t${i}`, { name: `Task ${i}` });
    // Without the middle updates the merge has a hole in the client's clocks.
    const merged = Y.mergeUpdates([...updates.slice(0, 10), ...updates.slice(20)]);
    const { slices, rest } = sliceUpdate(merged, 5);
    const whole = new Y.Doc();
    Y.applyUpdate(whole, merged);
    const sliced = new Y.Doc();
    for (const slice of slices) Y.applyUpdate(sliced, slice);
    Y.applyUpdate(sliced, rest);
    expect(tasksMap(sliced).toJSON()).toEqual(tasksMap(whole).toJSON());
    expect(Y.encodeStateVector(sliced)).toEqual(Y.encodeStateVector(whole));
    // Given the missing part, both end whole.
    for (const u of updates.slice(10, 20)) {
      Y.applyUpdate(whole, u);
      Y.applyUpdate(sliced, u);
    }
    expect(tasksMap(sliced).size).toBe(30);
    expect(tasksMap(sliced).toJSON()).toEqual(tasksMap(whole).toJSON());
  });

  it('leaves a small or empty update whole in the rest', () => {
    const empty = sliceUpdate(Y.encodeStateAsUpdate(new Y.Doc()), 100);
    expect(empty.slices).toEqual([]);
    const doc = new Y.Doc();
    Y.applyUpdate(doc, empty.rest);
    expect(tasksMap(doc).size).toBe(0);
  });
});
