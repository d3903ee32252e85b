import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The additional assignees of a task (the document's assigneeIds); the main one is tasks.assignee_id. */
@Entity({ name: 'task_assignments' })
export class TaskAssignmentEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid' })
  taskId!: string;

  @Column({ type: 'uuid' })
  userId!: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
