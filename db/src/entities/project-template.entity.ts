import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A project template (issue 37, api/src/features/templates); its tasks are TemplateTaskEntity rows. */
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

  /** The team it was saved in (its members see it); null for a built-in template's row. */
  @Column({ type: 'uuid', nullable: true })
  teamId!: string | null;

  /** The row of a template shipped in code (domain/src/templates): it only counts the projects made from it. */
  @Column({ type: 'boolean', default: false })
  builtIn!: boolean;

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
