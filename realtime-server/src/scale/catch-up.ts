import { dependencyLinks, readTask, sameTask, tasksMap, type DocTask } from '@planline/document';
import type { DataSource } from 'typeorm';
import * as Y from 'yjs';
import type { PersistedRows } from '../documents/change-judge.js';
import { encodeIntegrated, waitingForUpdates } from '../documents/held-back.js';
import type { ServerEdit } from '../documents/origins.js';
import { readProjectRows, readStoredState } from '../documents/project-rows.js';
import type { DocumentPeer } from './document-cluster.js';

/**
 * Scaled mode, on taking a document's lock: the rows may have moved on under another owner, and the document may
 * hold changes no owner persisted (the last one died, or they were still pending here). Rereads the rows, brings
 * the stored document state into `doc` (with `loadOrigin`: not a change), and returns the difference between
 * document and rows as one change to store, credited to the author of the pending updates when there is only one.
 */
export async function readCatchUp(dataSource: DataSource, projectId: string, doc: Y.Doc, peer: DocumentPeer, loadOrigin: unknown) {
  const rows: PersistedRows = await readProjectRows(dataSource, projectId);
  const stored = await readStoredState(dataSource, projectId);
  if (stored.state) Y.applyUpdate(doc, stored.state, loadOrigin);

  const snapshots = new Map<string, DocTask | null>();
  for (const id of new Set([...tasksMap(doc).keys(), ...rows.tasks.keys()])) {
    const inDoc = readTask(doc, id);
    const row = rows.tasks.get(id);
    if (!inDoc || !row || !sameTask(inDoc, row)) snapshots.set(id, inDoc);
  }
  const authors = new Map(peer.pendingAuthors().map((a) => [`${a.userId}|${a.reason}`, a]));
  const only = authors.size === 1 ? [...authors.values()][0]! : { userId: null, reason: null };
  return {
    rows,
    log: stored.log,
    pendingIds: peer.pendingIds(),
    difference: {
      // What the document holds back is not stored: it was never judged (held-back.ts); once integrated, it is a change.
      update: encodeIntegrated(doc, stored.state ? Y.encodeStateVectorFromUpdate(stored.state) : undefined),
      origin: { kind: 'server-edit', userId: only.userId, reason: only.reason ?? undefined } satisfies ServerEdit,
      snapshots,
      edges: dependencyLinks(doc),
      incomplete: waitingForUpdates(doc),
    },
  };
}
