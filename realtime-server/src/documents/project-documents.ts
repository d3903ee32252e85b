import type { Hocuspocus } from '@hocuspocus/server';
import { projectDocumentName } from '@planline/domain';
import type * as Y from 'yjs';
import type { ProjectDocumentStore, ServerEdit } from './project-store.js';

/**
 * How long a document stays loaded after the server's last edit or read of it, or after its last browser left:
 * a reload, or a teammate opening the project a little later, finds it ready instead of rebuilding it from the
 * rows (~1 s for 10,000 tasks).
 */
export const SERVER_DOCUMENT_IDLE_MS = 30_000;

type DirectConnection = Awaited<ReturnType<Hocuspocus['openDirectConnection']>>;

interface Held {
  connection: Promise<DirectConnection>;
  timer?: NodeJS.Timeout;
}

/**
 * The server's way to change a project: one transaction on the live document (the same one browsers edit),
 * answered only once it is persisted. REST, quick add and the AI creator all write through here. A document
 * the server used stays loaded for a while, so a burst of API edits does not reload it from the database
 * each time.
 */
export class ProjectDocuments {
  private readonly held = new Map<string, Held>();
  private closing = false;

  constructor(
    private readonly hocuspocus: Hocuspocus,
    private readonly store: ProjectDocumentStore,
    private readonly idleMs = SERVER_DOCUMENT_IDLE_MS,
  ) {}

  /**
   * Runs `edit` inside one document transaction with `origin` (who and why). `edit` must check before it
   * changes anything: Yjs keeps whatever a transaction did before it threw.
   */
  async edit<T>(projectId: string, origin: ServerEdit, edit: (doc: Y.Doc) => T): Promise<T> {
    const doc = await this.document(projectId);
    const before = this.store.lastChange(doc);
    let result!: T;
    doc.transact(() => {
      result = edit(doc);
    }, origin);
    // An edit that changed nothing (the same values again) has no change of its own to wait for: it waits for
    // the earlier ones to be tried, so what it answers from the rows includes them, not for how they ended.
    if (this.store.lastChange(doc) === before) await this.store.whenSettled(doc);
    else await this.store.whenPersisted(doc);
    return result;
  }

  /** Reads the live document (loading it if nobody has it open). */
  async read<T>(projectId: string, read: (doc: Y.Doc) => T): Promise<T> {
    return read(await this.document(projectId));
  }

  /**
   * Keeps the document loaded for SERVER_DOCUMENT_IDLE_MS more (its last browser just left). Resolves once the
   * hold is in place, so Hocuspocus, which unloads a document without connections, sees one.
   */
  async keepLoaded(projectId: string): Promise<void> {
    if (this.closing) return;
    await this.document(projectId).catch(() => undefined);
  }

  /** Lets go of every document the server holds, and holds no more (shutdown). */
  async releaseAll(): Promise<void> {
    this.closing = true;
    await Promise.all([...this.held.keys()].map((projectId) => this.release(projectId)));
  }

  private async document(projectId: string): Promise<Y.Doc> {
    let held = this.held.get(projectId);
    if (!held) {
      held = { connection: this.hocuspocus.openDirectConnection(projectDocumentName(projectId), {}) };
      this.held.set(projectId, held);
      held.connection.catch(() => this.held.delete(projectId));
    }
    clearTimeout(held.timer);
    held.timer = setTimeout(() => void this.release(projectId), this.idleMs);
    held.timer.unref();
    const connection = await held.connection;
    if (!connection.document) throw new Error('project document closed');
    return connection.document;
  }

  private async release(projectId: string): Promise<void> {
    const held = this.held.get(projectId);
    if (!held) return;
    this.held.delete(projectId);
    clearTimeout(held.timer);
    await (await held.connection.catch(() => null))?.disconnect();
  }
}
