import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { nonSchemaItems, removeNonSchemaItems } from './document-schema.js';
import { carriedEntries, carryReasons, editReasonsMap } from './edit-reasons.js';
import { writeTask } from './task-document.js';

const A = '11111111-2222-4333-8444-555555555555';

/** What a server copy of `doc` reads as carried by the transaction `edit` makes there. */
function carriedBy(edit: (doc: Y.Doc) => void) {
  const client = new Y.Doc();
  const server = new Y.Doc();
  let carried: ReturnType<typeof carriedEntries> | null = null;
  let outside = -1;
  server.on('update', (_u: Uint8Array, _o: unknown, _d: Y.Doc, tr: Y.Transaction) => {
    if (tr.origin === 'repair') return;
    // As the store does: what the transaction added outside the schema is read, then removed.
    outside = removeNonSchemaItems(server, 'repair', tr, (items) => (carried = carriedEntries(server, items)));
  });
  client.on('update', (update: Uint8Array) => Y.applyUpdate(server, update));
  client.transact(() => edit(client));
  return { carried: carried ?? { reasons: new Map<string, string>(), count: 0 }, outside, left: editReasonsMap(server).size };
}

describe('[leveling-carrier] reasons an edit carries in its transaction', () => {
  it('are read by task id as strings; every item written there is counted and taken out', () => {
    const { carried, outside, left } = carriedBy((doc) => {
      writeTask(doc, A, { name: 'Design', startDate: '2026-11-23', endDate: '2026-11-25' });
      carryReasons(doc, new Map([[A, 'Levelled: Ana over-allocated 23-25 Nov']]));
      editReasonsMap(doc).set('not-a-task', 'Levelled: x');
      editReasonsMap(doc).set('11111111-2222-4333-8444-666666666666', { not: 'a string' });
    });
    expect([...carried.reasons]).toEqual([[A, 'Levelled: Ana over-allocated 23-25 Nov']]);
    expect(carried.count).toBe(3);
    // Outside the schema, so removed with what else is; the store warns only of the rest (removed - count).
    expect(outside).toBe(3);
    expect(left).toBe(0);
  });

  it('an edit that carries nothing reads nothing; a whole document with entries left over finds them as junk', () => {
    expect(carriedBy((doc) => writeTask(doc, A, { name: 'Design' })).carried).toEqual({ reasons: new Map(), count: 0 });
    const doc = new Y.Doc();
    doc.transact(() => carryReasons(doc, new Map([[A, 'Levelled: left over']])));
    expect(nonSchemaItems(doc)).toHaveLength(1);
  });
});
