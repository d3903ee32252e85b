import { Column, Entity, PrimaryColumn } from 'typeorm';

/** taskId follows dependsOnTaskId by the link's type and lag (domain LINK_TYPES); a task never depends on itself. */
@Entity({ name: 'task_dependencies' })
export class TaskDependencyEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid' })
  taskId!: string;

  @Column({ type: 'uuid' })
  dependsOnTaskId!: string;

  @Column({ type: 'varchar', length: 2, default: 'FS' })
  type!: 'FS' | 'SS' | 'FF' | 'SF';

  /** In working days; negative is a lead. */
  @Column({ type: 'integer', default: 0 })
  lagDays!: number;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
