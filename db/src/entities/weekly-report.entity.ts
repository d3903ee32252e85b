import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One report per project and week. */
@Entity({ name: 'weekly_reports' })
export class WeeklyReportEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid' })
  projectId!: string;

  /** 'yyyy-MM-dd'. */
  @Column({ type: 'date' })
  weekEndingDate!: string;

  @Column({ type: 'text', nullable: true })
  ganttScreenshot!: string | null;

  @Column({ type: 'integer', default: 0 })
  tasksCompleted!: number;

  @Column({ type: 'integer', default: 0 })
  tasksTotal!: number;

  /** Whole percent, 0-100. */
  @Column({ type: 'integer', default: 0 })
  progressPercentage!: number;

  @Column({ type: 'text', nullable: true })
  summary!: string | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
