import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { TaskKind, TaskPriority, TaskStatus } from '@planline/domain';
import { UserEntity } from './user.entity.js';

/**
 * A row mirrors one task of the project's Yjs document (ARCHITECTURE §3); write through the document, not
 * straight to this table.
 */
@Entity({ name: 'tasks' })
export class TaskEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'varchar', length: 255 })
  name!: string;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  @Column({ type: 'uuid' })
  projectId!: string;

  /** Set to null when the user is deleted. */
  @Column({ type: 'uuid', nullable: true })
  assigneeId!: string | null;

  /** Loaded on demand: the timeline shows the assignee's name. */
  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'assignee_id' })
  assignee?: UserEntity | null;

  /** 'yyyy-MM-dd'. */
  @Column({ type: 'date' })
  startDate!: string;

  /** 'yyyy-MM-dd', not before startDate. */
  @Column({ type: 'date' })
  endDate!: string;

  @Column({ type: 'varchar', length: 20, default: 'pending' })
  status!: TaskStatus;

  @Column({ type: 'varchar', length: 20, default: 'medium' })
  priority!: TaskPriority;

  /** Issue 39: custom field values, field id → value (CustomValues, canonical). */
  @Column({ type: 'jsonb', default: () => "'{}'::jsonb" })
  custom!: Record<string, string | number | boolean>;

  /** '#rrggbb'. */
  @Column({ type: 'varchar', length: 7, default: '#3b82f6' })
  color!: string;

  /** Whole percent, 0-100. */
  @Column({ type: 'integer', default: 0 })
  progress!: number;

  /** Position on the timeline within the project; "order" in SQL (a reserved word, always quoted). */
  @Column({ type: 'integer', default: 0 })
  order!: number;

  /** The summary task above this one, of the same project; null at the top level. */
  @Column({ type: 'uuid', nullable: true })
  parentId!: string | null;

  /** 'task' or 'milestone' (one day: endDate = startDate). */
  @Column({ type: 'varchar', length: 20, default: 'task' })
  kind!: TaskKind;

  /**
   * The project's task list version (projects.tasks_version) of the last change to this task's row, its
   * assignees or the links to its predecessors, stamped in that change's transaction: a task list kept at version
   * V is brought up to date by reading the rows stamped after V. bigint, read as text.
   */
  @Column({ type: 'bigint', default: 0 })
  listVersion!: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}
