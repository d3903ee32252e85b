import { afterAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { mergeUpdatesOffThread, stopMergeWorker } from './off-thread-merge.js';

/** [off-thread-merge] Folding a document's log merges in a worker thread what Y.mergeUpdates merges. */
afterAll(() => stopMergeWorker());

function plan(tasks: number): { state: Uint8Array; updates: Uint8Array[]; doc: Y.Doc } {
  const doc = new Y.Doc();
  const map = doc.getMap<Y.Map<unknown>>('tasks');
  doc.transact(() => {
    for (let i = 0; i < tasks; i++) {
      const task = new Y.Map<unknown>();
      task.set('name', `Task ${i}`);
      task.set('progress', 0);
      map.set(`t${i}`, task);
    }
  });
  const state = Y.encodeStateAsUpdate(doc);
  const updates: Uint8Array[] = [];
  doc.on('update', (update: Uint8Array) => updates.push(update));
  for (let i = 0; i < 50; i++) map.get(`t${i % tasks}`)!.set('progress', i);
  return { state, updates, doc };
}

describe('[off-thread-merge] mergeUpdatesOffThread', () => {
  it('gives what Y.mergeUpdates gives, and a document read from it is the one that made the updates', async () => {
    const { state, updates, doc } = plan(2000);
    const merged = await mergeUpdatesOffThread([state, ...updates]);
    expect(merged).toEqual(Y.mergeUpdates([state, ...updates]));
    const read = new Y.Doc();
    Y.applyUpdate(read, merged);
    expect(read.getMap('tasks').toJSON()).toEqual(doc.getMap('tasks').toJSON());
  });

  it('merges several at once, each to its own answer', async () => {
    const plans = [plan(10), plan(300), plan(40)];
    const merged = await Promise.all(plans.map(({ state, updates }) => mergeUpdatesOffThread([state, ...updates])));
    plans.forEach(({ state, updates }, i) => expect(merged[i]).toEqual(Y.mergeUpdates([state, ...updates])));
  });

  it('refuses bytes that are no update, and merges again after that', async () => {
    const garbage = new Uint8Array([255, 255, 255, 255, 1, 2, 3]);
    expect(() => Y.mergeUpdates([garbage, garbage])).toThrow();
    await expect(mergeUpdatesOffThread([garbage, garbage])).rejects.toThrow(/merging updates failed/);
    const { state, updates } = plan(5);
    expect(await mergeUpdatesOffThread([state, ...updates])).toEqual(Y.mergeUpdates([state, ...updates]));
  });
});

describe('[off-thread-merge] a worker that goes', () => {
  it('fails the merges it held, and only those: a merge sent to the next worker is answered', async () => {
    const { state, updates } = plan(3000);
    const held = mergeUpdatesOffThread([state, ...updates]);
    // The worker is stopped while it holds the merge; the next merge starts another worker.
    const stopping = stopMergeWorker();
    const next = mergeUpdatesOffThread([state, ...updates]);
    await stopping;
    await expect(held).rejects.toThrow(/exited/);
    expect(await next).toEqual(Y.mergeUpdates([state, ...updates]));
  });
});
