import * as Y from 'yjs';
import { watchPersonInput } from '../../../lib/person-input';
import { deviceDocumentName, deviceDocumentsAvailable, forgetDeviceDocument, noteDeviceDocument } from '../../../lib/device-documents';
import type { PlainDocument } from '../model/tasks-store';
import { snapshotInSlots, snapshotNow, snapshotText } from './snapshot-writer';
import { CUSTOM_STORE, openCopyDatabase, UpdateLog, UPDATES_STORE } from './update-log';

/**
 * Beside the document, the copy keeps what the server last allowed ('write' | 'read'). Its presence also says
 * the copy has held the server's document once: only such a copy is worth painting (a first visit closed before
 * its sync leaves an empty one).
 */
const SCOPE_KEY = 'scope';
/**
 * And the document's tasks and links as JSON (a PlainDocument): parsing it takes ~30 ms at 10,000 tasks where
 * merging the stored Yjs updates takes ~0.6 s, so the chart paints from it first.
 */
const SNAPSHOT_KEY = 'snapshot';
/**
 * The key of the last stored update the snapshot includes. A page left soon after an edit may go before its
 * snapshot is written: the stored updates then hold more than the snapshot, and painting it would show older bars
 * for a moment, then move them. Such a snapshot is not painted: the chart waits for the stored document (a
 * return visit shows its picture meanwhile, src/first-screen.ts).
 */
const SNAPSHOT_UP_TO_KEY = 'snapshotUpTo';
/**
 * The snapshot is written once the document and the person have been quiet this long, and at least this often
 * while the document keeps changing, unless the person is busy with the page then. It is made in slots between
 * frames that give way to the person's input (snapshot-writer.ts: ~1 s of work at 100,000 tasks), and at once only
 * as the page goes.
 */
const SNAPSHOT_QUIET_MS = 2000;
const SNAPSHOT_MAX_WAIT_MS = 10_000;

export interface StoredCopy {
  /** A return visit: the server's document was in the copy, as of its last sync. */
  synced: boolean;
  /** What the server allowed at that sync; edits wait for the server's word when it allowed only reading. */
  readOnly: boolean;
  /** The tasks and links as they were when last written, to paint before the document is merged in. */
  snapshot: PlainDocument | null;
}

/**
 * This browser's copy of a project's document, in IndexedDB under the signed-in person's name
 * (lib/device-documents.ts): every update of the document is appended to it (update-log.ts), and opening it
 * merges what it holds into the document, so a return visit has the chart before the socket syncs and edits
 * made offline survive a reload.
 */
export interface DeviceCopy {
  /**
   * Whether a transaction is the copy merging its stored updates in. That is neither this browser's edit (the
   * undo manager tracks only its own origin) nor news for the server (the provider does not stream it; the sync
   * sends the server what it lacks).
   */
  isMerge(origin: unknown): boolean;
  /** Settles once the stored document is in the Y.Doc: whether the copy held a synced one (false: none, or unreadable). */
  readonly loaded: Promise<boolean>;
  /** Whether this browser had opened the copy before (lib/device-documents.ts): when not, it holds nothing to paint. */
  readonly known: boolean;
  /** The document has synced with the server, which allowed `readOnly`: a later visit may paint from the copy. */
  rememberSync(readOnly: boolean): void;
  /**
   * Stops storing the document's updates one by one, while it takes a big one in slices (sliced-sync.ts): each
   * slice would be encoded again for the 'update' event and written on its own (thousands of writes, after which
   * the log is folded, encoding the whole document on the main thread).
   */
  pause(sliceOrigin: unknown): void;
  /**
   * Goes back to storing each update, and stores `whole` (what the slices brought) once the sync is remembered
   * (rememberSync), after the chart has painted as editable. Had anything else changed the document meanwhile (an
   * edit on a kept copy), the whole document is stored instead, so that edit survives.
   */
  resume(whole: Uint8Array): void;
  /** Stops keeping the document and deletes the copy (the person lost access to the project). */
  forget(): Promise<void>;
  destroy(): void;
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/** Reads the scope and the snapshot, before the log reads (and merges) every stored update. */
async function readStored(name: string): Promise<StoredCopy> {
  const db = await openCopyDatabase(name);
  let stored: { synced: boolean; readOnly: boolean; snapshot: unknown };
  try {
    const read = db.transaction([UPDATES_STORE, CUSTOM_STORE], 'readonly');
    const custom = read.objectStore(CUSTOM_STORE);
    const [scope, snapshot, upTo, last] = await Promise.all([
      request(custom.get(SCOPE_KEY)),
      request(custom.get(SNAPSHOT_KEY)),
      request(custom.get(SNAPSHOT_UP_TO_KEY)),
      request(read.objectStore(UPDATES_STORE).openKeyCursor(null, 'prev')),
    ]);
    const current = typeof upTo === 'number' && (last === null || (typeof last.key === 'number' && last.key <= upTo));
    stored = { synced: scope === 'read' || scope === 'write', readOnly: scope !== 'write', snapshot: current ? snapshot : null };
  } finally {
    db.close();
  }
  return { ...stored, snapshot: parseSnapshot(await snapshotText(stored.snapshot)) };
}

function parseSnapshot(value: string | null): PlainDocument | null {
  if (value === null) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    if (!parsed || typeof parsed !== 'object') return null;
    const { tasks, dependencies } = parsed as Record<string, unknown>;
    const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
    return isRecord(tasks) && isRecord(dependencies) ? { tasks: tasks as PlainDocument['tasks'], dependencies } : null;
  } catch {
    return null;
  }
}

/**
 * Resolves once the updates store's writes asked for so far are done (or failed): a read of the same store waits
 * for them, where a write to another store (the scope's) would not.
 */
function updatesWritten(db: IDBDatabase | null): Promise<void> {
  return new Promise((resolve) => {
    try {
      const count = db!.transaction(UPDATES_STORE).objectStore(UPDATES_STORE).count();
      count.onsuccess = count.onerror = () => resolve();
    } catch {
      resolve(); // closed under us (a sign-out elsewhere): nothing to wait for
    }
  });
}

/** Resolves after the browser has painted what was rendered before the call (at once where nothing paints). */
function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestAnimationFrame !== 'function') return void setTimeout(resolve, 0);
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}

/**
 * Opens the copy. `onStored` hears the scope and snapshot first; the stored updates are merged in only after the
 * browser has painted what it rendered from them. Null where the browser has no IndexedDB: the chart then waits
 * for the server, as before issue 18.
 */
export function openDeviceCopy(
  doc: Y.Doc,
  userId: string,
  projectId: string,
  onStored: (stored: StoredCopy) => void,
  /** Whether the page has recorded the copy already (noteDeviceDocument), asked by a page for its worker. */
  recorded?: boolean,
): DeviceCopy | null {
  if (!deviceDocumentsAvailable()) return null;
  const name = deviceDocumentName(userId, projectId);
  const known = recorded ?? noteDeviceDocument(name);
  let closed = false;
  let log: UpdateLog | null = null;
  let snapshotting = false;
  let paused = false;
  let changedMeanwhile = false;
  // What a sliced first sync brought, to store once the chart is editable (or, edited meanwhile, the document).
  let wholeToStore: Uint8Array | 'document' | null = null;
  let notePause: ((tr: Y.Transaction) => void) | null = null;
  let quietTimer: ReturnType<typeof setTimeout> | undefined;
  let dueTimer: ReturnType<typeof setTimeout> | undefined;

  // The stored updates the snapshot includes are those before its write's transaction (IndexedDB runs it after
  // theirs): it is written right after it is made, in the same task.
  const store = (snapshot: string | Blob) => {
    const db = log?.db;
    if (closed || !db) return;
    try {
      const write = db.transaction([UPDATES_STORE, CUSTOM_STORE], 'readwrite');
      const last = write.objectStore(UPDATES_STORE).openKeyCursor(null, 'prev');
      last.onsuccess = () => {
        const custom = write.objectStore(CUSTOM_STORE);
        custom.put(snapshot, SNAPSHOT_KEY);
        custom.put(typeof last.result?.key === 'number' ? last.result.key : 0, SNAPSHOT_UP_TO_KEY);
      };
    } catch {
      // The database was closed or deleted under the copy: nothing to keep it in.
    }
  };
  // A snapshot being made in slots (snapshot-writer.ts). It is the document as it is when made: a quiet moment
  // that comes meanwhile needs no write of its own.
  let making: { cancelled: boolean } | null = null;
  const writeSnapshot = () => {
    clearTimeout(quietTimer);
    clearTimeout(dueTimer);
    quietTimer = dueTimer = undefined;
    if (closed || !log?.db || !snapshotting) return;
    if (making) return;
    const run = (making = { cancelled: false });
    void snapshotInSlots(doc, input, () => closed || run.cancelled)
      .then((snapshot) => {
        if (snapshot) store(snapshot);
      })
      .catch(() => {
        // Not kept this time: the next quiet moment tries again.
      })
      .finally(() => {
        if (making === run) making = null;
      });
  };
  // Overdue while the document keeps changing; while someone scrolls or drags, the quiet timer writes it after.
  const writeWhenDue = () => {
    dueTimer = undefined;
    if (performance.now() - input.lastAt() >= SNAPSHOT_QUIET_MS) writeSnapshot();
  };
  const scheduleSnapshot = () => {
    if (!snapshotting) return;
    clearTimeout(quietTimer);
    quietTimer = setTimeout(writeSnapshot, SNAPSHOT_QUIET_MS);
    dueTimer ??= setTimeout(writeWhenDue, SNAPSHOT_MAX_WAIT_MS);
  };
  const onInput = () => {
    if (quietTimer === undefined) return;
    clearTimeout(quietTimer);
    quietTimer = setTimeout(writeSnapshot, SNAPSHOT_QUIET_MS);
  };
  // A page closed inside the wait would leave the snapshot behind the stored updates: the next visit would
  // paint older bars for a moment. The write usually completes as the page goes.
  const onPageHide = () => {
    if (!quietTimer && !making) return;
    if (making) making.cancelled = true;
    making = null;
    clearTimeout(quietTimer);
    clearTimeout(dueTimer);
    quietTimer = dueTimer = undefined;
    if (!closed && snapshotting) store(snapshotNow(doc));
  };
  const input = watchPersonInput(onInput);
  if (typeof window !== 'undefined') window.addEventListener('pagehide', onPageHide);

  // Each update is stored in the document's 'update' event; once the database is closed under the log (a sign-out
  // in another tab deletes the copy) that throws inside the transaction of whoever edited. The copy is gone then,
  // and there is nothing left to keep the update in: the edit itself must still go through.
  const keep = (update: Uint8Array, origin: unknown) => {
    if (!log) return;
    try {
      log.append(update, origin);
    } catch {
      // See above: the copy was deleted or its database closed.
    }
    scheduleSnapshot();
  };

  const loaded = readStored(name)
    .then(async (stored) => {
      if (closed) return false;
      onStored(stored);
      if (stored.snapshot) await afterPaint();
      if (closed) return false;
      // Updates the document had before this point (a sync that came first) are stored by the log as the
      // document's state when it opens, before it merges the stored ones in.
      log = new UpdateLog(name, doc);
      if (!paused) doc.on('update', keep);
      await log.merged;
      snapshotting ||= stored.synced;
      return stored.synced;
    })
    .catch(() => false);

  const destroy = () => {
    if (closed) return;
    closed = true;
    clearTimeout(quietTimer);
    clearTimeout(dueTimer);
    input.stop();
    if (typeof window !== 'undefined') window.removeEventListener('pagehide', onPageHide);
    doc.off('update', keep);
    if (notePause) doc.off('afterTransaction', notePause);
    void log?.destroy().catch(() => {});
  };
  return {
    isMerge: (origin) => log?.isMerge(origin) ?? false,
    known,
    loaded,
    pause(sliceOrigin) {
      if (paused) return;
      paused = true;
      changedMeanwhile = false;
      doc.off('update', keep);
      notePause = (tr: Y.Transaction) => {
        if (tr.origin !== sliceOrigin && (tr.changed.size > 0 || tr.deleteSet.clients.size > 0)) changedMeanwhile = true;
      };
      doc.on('afterTransaction', notePause);
    },
    resume(whole) {
      if (!paused || closed) return;
      paused = false;
      if (notePause) doc.off('afterTransaction', notePause);
      doc.on('update', keep);
      // Stored once the chart shows the document as editable (rememberSync): putting ~50 MB into IndexedDB holds
      // the page ~0.6 s at 100,000 tasks, and the copy is not marked synced before it is in.
      wholeToStore = changedMeanwhile ? 'document' : whole;
    },
    rememberSync(readOnly) {
      snapshotting = true;
      if (closed) return;
      // Once the copy is open: a sync that comes first is stored with the document when it opens.
      void loaded.then(async () => {
        if (wholeToStore) await afterPaint();
        if (closed || !log) return;
        if (wholeToStore) {
          keep(wholeToStore === 'document' ? Y.encodeStateAsUpdate(doc) : wholeToStore, null);
          wholeToStore = null;
          // The scope marks the copy synced: written once the whole is in.
          await updatesWritten(log.db);
          if (closed || !log) return;
        }
        void log.set(SCOPE_KEY, readOnly ? 'read' : 'write').catch(() => {});
        scheduleSnapshot();
      });
    },
    async forget() {
      destroy();
      await forgetDeviceDocument(userId, projectId);
    },
    destroy,
  };
}
