import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The project's Yjs document state, saved in the same transaction as its task rows so a restart rebuilds the
 * document exactly (ARCHITECTURE §3); rows alone are only used when no state exists.
 */
@Entity({ name: 'project_documents' })
export class ProjectDocumentEntity {
  @PrimaryColumn({ type: 'uuid' })
  projectId!: string;

  /** Y.encodeStateAsUpdate output. `pg` returns a Buffer, PGlite a Uint8Array: both are Uint8Array. */
  @Column({ type: 'bytea' })
  state!: Uint8Array;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}
