import * as Y from 'yjs';

/**
 * [device-copy] This device's log of a document's updates in IndexedDB, in the layout y-indexeddb 9 writes (an
 * 'updates' store of Yjs updates under increasing keys, a 'custom' store beside it), so every copy kept before it
 * is read as it is, with nothing lost. It replaces y-indexeddb, whose listener the copy had to take off the
 * document (through its private `_storeUpdate`, and `_db` to hear a failed opening): the copy stores each update
 * itself, may pause while a big sync arrives in slices, and goes on without the log when the database is closed
 * under it.
 */

export const UPDATES_STORE = 'updates';
export const CUSTOM_STORE = 'custom';
/** Past this many stored updates the log is folded into one (y-indexeddb's PREFERRED_TRIM_SIZE). */
export const FOLD_FROM = 500;
/** How long after the last append the fold waits. */
const FOLD_DELAY_MS = 1000;

/** Opens (or creates, with both stores) the copy's database. */
export function openCopyDatabase(name: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(name);
    open.onupgradeneeded = () => {
      open.result.createObjectStore(UPDATES_STORE, { autoIncrement: true });
      open.result.createObjectStore(CUSTOM_STORE);
    };
    open.onsuccess = () => {
      const db = open.result;
      // Another tab deleting the copy (a sign-out) asks it to close: it does, and the deletion goes ahead.
      db.onversionchange = () => db.close();
      resolve(db);
    };
    open.onerror = () => reject(open.error);
  });
}

function done(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = transaction.onabort = () => reject(transaction.error);
  });
}

export class UpdateLog {
  /** The open database: null until it is open, and after `destroy`. */
  db: IDBDatabase | null = null;
  /** Settles once every stored update is merged into the document (rejects when the database cannot be opened). */
  readonly merged: Promise<void>;
  /** The first key not merged yet (another tab may have appended after it). */
  private next = 0;
  private size = 0;
  private foldTimer: ReturnType<typeof setTimeout> | undefined;
  private destroyed = false;

  constructor(
    readonly name: string,
    private readonly doc: Y.Doc,
  ) {
    this.merged = this.open();
  }

  private async open(): Promise<void> {
    const db = await openCopyDatabase(this.name);
    if (this.destroyed) return db.close();
    this.db = db;
    const write = db.transaction([UPDATES_STORE], 'readwrite');
    const updates = write.objectStore(UPDATES_STORE);
    const stored = updates.getAll();
    stored.onsuccess = () => {
      // What the document had before (a sync that came first) is stored first, then the stored updates merged in.
      updates.add(Y.encodeStateAsUpdate(this.doc));
      this.apply(stored.result as Uint8Array[]);
      this.readPosition(updates);
    };
    await done(write);
  }

  /** Whether a transaction is the log merging stored updates in: not news for the log, nor for the server. */
  isMerge(origin: unknown): boolean {
    return origin === this;
  }

  /** Appends an update of the document (throws when the database was closed under the log). */
  append(update: Uint8Array, origin: unknown): void {
    if (!this.db || this.destroyed || origin === this) return;
    this.db.transaction([UPDATES_STORE], 'readwrite').objectStore(UPDATES_STORE).add(update);
    if (++this.size < FOLD_FROM) return;
    clearTimeout(this.foldTimer);
    this.foldTimer = setTimeout(() => void this.fold().catch(() => {}), FOLD_DELAY_MS);
  }

  /**
   * Folds the log into one update: what other tabs appended is merged in first, then the document's state stored
   * and every update before it deleted.
   */
  async fold(): Promise<void> {
    this.foldTimer = undefined;
    const db = this.db;
    if (!db || this.destroyed) return;
    const write = db.transaction([UPDATES_STORE], 'readwrite');
    const updates = write.objectStore(UPDATES_STORE);
    const fresh = updates.getAll(IDBKeyRange.lowerBound(this.next));
    fresh.onsuccess = () => {
      this.apply(fresh.result as Uint8Array[]);
      const added = updates.add(Y.encodeStateAsUpdate(this.doc));
      added.onsuccess = () => {
        const key = added.result as number;
        updates.delete(IDBKeyRange.upperBound(key, true));
        this.readPosition(updates);
      };
    };
    await done(write);
  }

  /** A value of the 'custom' store. */
  async set(key: string, value: unknown): Promise<void> {
    const db = await this.merged.then(() => this.db);
    if (!db) return;
    const write = db.transaction([CUSTOM_STORE], 'readwrite');
    write.objectStore(CUSTOM_STORE).put(value, key);
    await done(write);
  }

  destroy(): Promise<void> {
    this.destroyed = true;
    clearTimeout(this.foldTimer);
    return this.merged.then(
      () => {
        this.db?.close();
        this.db = null;
      },
      () => {},
    );
  }

  private apply(updates: readonly Uint8Array[]): void {
    if (!updates.length || this.destroyed) return;
    Y.transact(this.doc, () => updates.forEach((update) => Y.applyUpdate(this.doc, update)), this, false);
  }

  private readPosition(updates: IDBObjectStore): void {
    const last = updates.openKeyCursor(null, 'prev');
    last.onsuccess = () => {
      this.next = typeof last.result?.key === 'number' ? last.result.key + 1 : 0;
    };
    const count = updates.count();
    count.onsuccess = () => {
      this.size = count.result;
    };
  }
}
