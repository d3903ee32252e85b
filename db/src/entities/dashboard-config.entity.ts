import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One layout per user and project, and one per user for the no-project dashboard (projectId null). */
@Entity({ name: 'dashboard_configs' })
export class DashboardConfigEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid' })
  userId!: string;

  @Column({ type: 'uuid', nullable: true })
  projectId!: string | null;

  /** The list of widgets (a JSON array, CHECK in the migration); parsed with the domain layout schema. */
  @Column({ type: 'jsonb' })
  layout!: unknown[];

  @Column({ type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}
