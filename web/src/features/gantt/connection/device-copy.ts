import { IndexeddbPersistence } from 'y-indexeddb';
import type * as Y from 'yjs';
import { deviceDocumentName, deviceDocumentsAvailable, forgetDeviceDocument, noteDeviceDocument } from '../../../lib/device-documents';

/**
 * Beside the document, the copy keeps what the server last allowed ('write' | 'read'). Its presence also says
 * the copy has held the server's document once: only such a copy is worth painting (a first visit closed before
 * its sync leaves an empty one).
 */
const SCOPE_KEY = 'scope';

export interface StoredCopy {
  /** A return visit: the server's document was in the copy, as of its last sync. */
  synced: boolean;
  /** What the server allowed at that sync; edits wait for the server's word when it allowed only reading. */
  readOnly: boolean;
}

/**
 * This browser's copy of a project's document, in IndexedDB under the signed-in person's name
 * (lib/device-documents.ts): every update of the document is appended to it (y-indexeddb), and opening it
 * merges what it holds into the document, so a return visit has the chart before the socket syncs and edits
 * made offline survive a reload.
 */
export interface DeviceCopy {
  /**
   * The origin of the transaction that merges the stored updates in. It is neither this browser's edit (the
   * undo manager ignores it) nor news for the server (the provider does not stream it; the sync sends the
   * server what it lacks).
   */
  readonly origin: unknown;
  /** Settles once the stored document is in the Y.Doc; null when the copy could not be read. */
  readonly loaded: Promise<StoredCopy | null>;
  /** The document has synced with the server, which allowed `readOnly`: a later visit may paint from the copy. */
  rememberSync(readOnly: boolean): void;
  /** Stops keeping the document and deletes the copy (the person lost access to the project). */
  forget(): Promise<void>;
  destroy(): void;
}

/** Null where the browser has no IndexedDB: the chart then waits for the server, as before issue 18. */
export function openDeviceCopy(doc: Y.Doc, userId: string, projectId: string): DeviceCopy | null {
  if (!deviceDocumentsAvailable()) return null;
  const name = deviceDocumentName(userId, projectId);
  noteDeviceDocument(name);
  const persistence = new IndexeddbPersistence(name, doc);
  // y-indexeddb writes each update in the document's 'update' event; once the database is closed under it (a
  // sign-out in another tab deletes the copy) that throws inside the transaction of whoever edited. The copy is
  // gone then, and there is nothing left to keep the update in: the edit itself must still go through.
  const store = persistence._storeUpdate;
  doc.off('update', store);
  const keep = (update: Uint8Array, origin: unknown) => {
    try {
      store(update, origin);
    } catch {
      // See above: the copy was deleted or its database closed.
    }
  };
  doc.on('update', keep);

  const loaded: Promise<StoredCopy | null> = Promise.all([persistence.whenSynced, persistence.get(SCOPE_KEY)]).then(
    ([, scope]) => ({ synced: scope === 'read' || scope === 'write', readOnly: scope !== 'write' }),
    () => null,
  );

  let closed = false;
  const destroy = () => {
    if (closed) return;
    closed = true;
    doc.off('update', keep);
    void persistence.destroy().catch(() => {});
  };
  return {
    origin: persistence,
    loaded,
    rememberSync(readOnly) {
      if (!closed) void persistence.set(SCOPE_KEY, readOnly ? 'read' : 'write').catch(() => {});
    },
    async forget() {
      destroy();
      await forgetDeviceDocument(userId, projectId);
    },
    destroy,
  };
}
