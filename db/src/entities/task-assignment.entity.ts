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

  /** The share of the person's working day the task takes, 1-200 % (issue 36). */
  @Column({ type: 'smallint', default: 100 })
  allocation!: number;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
