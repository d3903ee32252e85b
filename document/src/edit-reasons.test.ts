import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { nonSchemaItems } from './document-schema.js';
import { carriedEntries, carryReasons, editReasonsMap } from './edit-reasons.js';
import { writeTask } from './task-document.js';

const A = '11111111-2222-4333-8444-555555555555';

/** What a server copy of `doc` reads as carried by the transaction `edit` makes there. */
function carriedBy(edit: (doc: Y.Doc) => void) {
  const client = new Y.Doc();
  const server = new Y.Doc();
  let carried: ReturnType<typeof carriedEntries> | null = null;
  let junk = -1;
  server.on('update', (_u: Uint8Array, _o: unknown, _d: Y.Doc, tr: Y.Transaction) => {
    carried = carriedEntries(server, tr.changed);
    junk = nonSchemaItems(server, tr.changed).length;
  });
  client.on('update', (update: Uint8Array) => Y.applyUpdate(server, update));
  client.transact(() => edit(client));
  return { carried: carried!, junk };
}

describe('[leveling-carrier] reasons an edit carries in its transaction', () => {
  it('are read by task id as strings; every item written there is listed to be taken out', () => {
    const { carried, junk } = carriedBy((doc) => {
      writeTask(doc, A, { name: 'Design', startDate: '2026-11-23', endDate: '2026-11-25' });
      carryReasons(doc, new Map([[A, 'Levelled: Ana over-allocated 23-25 Nov']]));
      editReasonsMap(doc).set('not-a-task', 'Levelled: x');
      editReasonsMap(doc).set('11111111-2222-4333-8444-666666666666', { not: 'a string' });
    });
    expect([...carried.reasons]).toEqual([[A, 'Levelled: Ana over-allocated 23-25 Nov']]);
    expect(carried.items).toHaveLength(3);
    // In transit, not junk: the store reads it before taking it out (no warning for every leveling).
    expect(junk).toBe(0);
  });

  it('an edit that carries nothing reads nothing; a whole document with entries left over finds them as junk', () => {
    expect(carriedBy((doc) => writeTask(doc, A, { name: 'Design' })).carried).toEqual({ reasons: new Map(), items: [] });
    const doc = new Y.Doc();
    doc.transact(() => carryReasons(doc, new Map([[A, 'Levelled: left over']])));
    expect(nonSchemaItems(doc)).toHaveLength(1);
  });
});
