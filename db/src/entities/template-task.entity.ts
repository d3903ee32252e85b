import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { TaskPriority, TemplateLink, TemplateTaskKind } from '@planline/domain';

/** One task of a saved template (issue 37): a phase, a task or a milestone, named by a key local to the template. */
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

  /** Unique within the template; links and phases name tasks by it. */
  @Column({ type: 'varchar', length: 40, nullable: true })
  key!: string | null;

  @Column({ type: 'varchar', length: 40, nullable: true })
  parentKey!: string | null;

  @Column({ type: 'varchar', length: 20, default: 'task' })
  kind!: TemplateTaskKind;

  /** Its predecessors with type and lag in working days (depends_on lists their keys). */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  links!: TemplateLink[];

  /** In working days (0 for a milestone, null for a phase). */
  @Column({ type: 'integer', nullable: true })
  estimatedDuration!: number | null;

  @Column({ type: 'varchar', length: 20, default: 'medium' })
  priority!: TaskPriority;

  /** Keys of its predecessors in the same template (a template has no task ids until it is applied). */
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  dependsOn!: string[];

  /** The name of the phase it belongs to, for reading; parentKey is what is followed. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  phase!: string | null;

  @Column({ type: 'integer', default: 0 })
  order!: number;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
