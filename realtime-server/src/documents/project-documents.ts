import type { Hocuspocus } from '@hocuspocus/server';
import { projectDocumentName } from '@planline/domain';
import type * as Y from 'yjs';
import type { ProjectDocumentStore, ServerEdit } from './project-store.js';

/**
 * The server's way to change a project: one transaction on the live document (the same one browsers edit),
 * answered only once it is persisted. REST, quick add and the AI creator all write through here.
 */
export class ProjectDocuments {
  constructor(
    private readonly hocuspocus: Hocuspocus,
    private readonly store: ProjectDocumentStore,
  ) {}

  /**
   * Runs `edit` inside one document transaction with `origin` (who and why). `edit` must check before it
   * changes anything: Yjs keeps whatever a transaction did before it threw.
   */
  async edit<T>(projectId: string, origin: ServerEdit, edit: (doc: Y.Doc) => T): Promise<T> {
    const connection = await this.hocuspocus.openDirectConnection(projectDocumentName(projectId), { userId: origin.userId });
    try {
      const doc = connection.document;
      if (!doc) throw new Error('project document closed');
      let result!: T;
      doc.transact(() => {
        result = edit(doc);
      }, origin);
      await this.store.whenPersisted(doc);
      return result;
    } finally {
      await connection.disconnect();
    }
  }

  /** Reads the live document (loading it if nobody has it open). */
  async read<T>(projectId: string, read: (doc: Y.Doc) => T): Promise<T> {
    const connection = await this.hocuspocus.openDirectConnection(projectDocumentName(projectId), {});
    try {
      return read(connection.document!);
    } finally {
      await connection.disconnect();
    }
  }
}
