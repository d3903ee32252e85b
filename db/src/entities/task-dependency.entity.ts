import { Column, Entity, PrimaryColumn } from 'typeorm';

/** taskId cannot start before dependsOnTaskId; a task never depends on itself. */
@Entity({ name: 'task_dependencies' })
export class TaskDependencyEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid' })
  taskId!: string;

  @Column({ type: 'uuid' })
  dependsOnTaskId!: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
