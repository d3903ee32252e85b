import { Column, Entity, PrimaryColumn } from 'typeorm';

// Unused for now: PRODUCT-SPEC §3 lists GoogleDocsSync in the data model, so its table exists; no feature reads or writes it yet.
@Entity({ name: 'google_docs_sync' })
export class GoogleDocsSyncEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid' })
  projectId!: string;

  @Column({ type: 'varchar', length: 255 })
  googleDocsId!: string;

  @Column({ type: 'text', nullable: true })
  googleDocsUrl!: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  lastSyncAt!: Date | null;

  @Column({ type: 'varchar', length: 20, default: 'active' })
  syncStatus!: string;

  /** Free-form; parsed with a domain schema where it is read. */
  @Column({ type: 'jsonb', nullable: true })
  syncSettings!: unknown;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}
