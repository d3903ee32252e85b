import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { UserEntity } from './user.entity.js';

/** One changed field of one task, written in the same transaction as the change (ARCHITECTURE §3). */
@Entity({ name: 'task_change_history' })
export class TaskChangeHistoryEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  /** Write order (ties on created_at are common within one change); filled by the database. */
  @Column({ type: 'bigint', insert: false, update: false })
  seq!: string;

  /** No foreign key: a deleted task's rows stay (its 'deleted' row holds the whole task), for time travel. */
  @Column({ type: 'uuid' })
  taskId!: string;

  /** The rows go with their project. */
  @Column({ type: 'uuid' })
  projectId!: string;

  /** On a 'dependency' row: the predecessor of the link made, changed or removed (the values name it for people). */
  @Column({ type: 'uuid', nullable: true })
  dependsOnTaskId!: string | null;

  /** Null once the user who made the change is deleted; the history stays. */
  @Column({ type: 'uuid', nullable: true })
  changedBy!: string | null;

  /** Loaded on demand: the history shows who changed what. */
  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'changed_by' })
  changedByUser?: UserEntity | null;

  @Column({ type: 'varchar', length: 64 })
  fieldName!: string;

  @Column({ type: 'text', nullable: true })
  oldValue!: string | null;

  @Column({ type: 'text', nullable: true })
  newValue!: string | null;

  @Column({ type: 'text', nullable: true })
  changeReason!: string | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
