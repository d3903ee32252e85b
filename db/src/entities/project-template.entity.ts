import { Column, Entity, PrimaryColumn } from 'typeorm';

// Unused for now: PRODUCT-SPEC §3 lists ProjectTemplate in the data model, so its table exists; no feature reads or writes it yet.
@Entity({ name: 'project_templates' })
export class ProjectTemplateEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'varchar', length: 255 })
  name!: string;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  category!: string | null;

  @Column({ type: 'boolean', default: false })
  isPublic!: boolean;

  /** Null once the author is deleted; a public template outlives its author. */
  @Column({ type: 'uuid', nullable: true })
  createdBy!: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  googleDocsId!: string | null;

  @Column({ type: 'text', nullable: true })
  googleDocsUrl!: string | null;

  /** Free-form; parsed with a domain schema where it is read. */
  @Column({ type: 'jsonb', nullable: true })
  templateData!: unknown;

  @Column({ type: 'integer', default: 0 })
  usageCount!: number;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}
