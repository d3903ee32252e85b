import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { TaskPriority } from '@planline/domain';

// Unused for now: PRODUCT-SPEC §3 lists TemplateTask in the data model, so its table exists; no feature reads or writes it yet.
@Entity({ name: 'template_tasks' })
export class TemplateTaskEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid' })
  templateId!: string;

  @Column({ type: 'varchar', length: 255 })
  name!: string;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  /** In days. */
  @Column({ type: 'integer', nullable: true })
  estimatedDuration!: number | null;

  @Column({ type: 'varchar', length: 20, default: 'medium' })
  priority!: TaskPriority;

  /** Names of other tasks of the same template (a template has no task ids until it is applied). */
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  dependsOn!: string[];

  @Column({ type: 'varchar', length: 255, nullable: true })
  phase!: string | null;

  @Column({ type: 'integer', default: 0 })
  order!: number;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
