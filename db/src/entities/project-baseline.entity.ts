import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A named snapshot of a project's stored plan (issue 19); its tasks and links are in the two tables below. */
@Entity({ name: 'project_baselines' })
export class ProjectBaselineEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid' })
  projectId!: string;

  /** 1-100 characters, something visible. */
  @Column({ type: 'varchar', length: 100 })
  name!: string;

  /** Who saved it; null once their account is deleted. */
  @Column({ type: 'uuid', nullable: true })
  createdBy!: string | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}

/** A task as stored when its baseline was saved. No foreign key to tasks: the task may be deleted since. */
@Entity({ name: 'project_baseline_tasks' })
export class ProjectBaselineTaskEntity {
  @PrimaryColumn({ type: 'uuid' })
  baselineId!: string;

  @PrimaryColumn({ type: 'uuid' })
  taskId!: string;

  @Column({ type: 'varchar', length: 255 })
  name!: string;

  /** 'yyyy-MM-dd'. */
  @Column({ type: 'date' })
  startDate!: string;

  /** 'yyyy-MM-dd', not before startDate. */
  @Column({ type: 'date' })
  endDate!: string;

  /** Whole percent, 0-100. */
  @Column({ type: 'integer' })
  progress!: number;

  /** The task's row order then, so the baseline lists in the timeline's order. */
  @Column({ type: 'integer', default: 0 })
  order!: number;
}

/** A link as stored when its baseline was saved (taskId follows dependsOnTaskId, by type and lag). */
@Entity({ name: 'project_baseline_links' })
export class ProjectBaselineLinkEntity {
  @PrimaryColumn({ type: 'uuid' })
  baselineId!: string;

  @PrimaryColumn({ type: 'uuid' })
  taskId!: string;

  @PrimaryColumn({ type: 'uuid' })
  dependsOnTaskId!: string;

  @Column({ type: 'varchar', length: 2 })
  type!: 'FS' | 'SS' | 'FF' | 'SF';

  /** In working days; negative is a lead. */
  @Column({ type: 'integer' })
  lagDays!: number;
}
