import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { ProjectEditedBy, ProjectStatus } from '@planline/domain';

@Entity({ name: 'projects' })
export class ProjectEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'varchar', length: 255 })
  name!: string;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  @Column({ type: 'uuid' })
  teamId!: string;

  /** Like ABC-1234: 2-8 upper-case letters or digits, a hyphen, a number; unique across all teams. */
  @Column({ type: 'varchar', length: 20 })
  projectCode!: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  inviteToken!: string | null;

  /** 'yyyy-MM-dd'. */
  @Column({ type: 'date', nullable: true })
  startDate!: string | null;

  /** 'yyyy-MM-dd', not before startDate. */
  @Column({ type: 'date', nullable: true })
  endDate!: string | null;

  @Column({ type: 'varchar', length: 20, default: 'active' })
  status!: ProjectStatus;

  /** Whether edits cascade along links (issue 17); new projects do, projects from before the setting do not. */
  @Column({ type: 'boolean', default: true })
  autoSchedule!: boolean;

  /** 0 = Sunday … 6 = Saturday, at least one; sorted, no duplicates (the domain schema normalises them). */
  @Column({ type: 'smallint', array: true, default: () => "'{1,2,3,4,5}'" })
  workingWeekdays!: number[];

  /** 'yyyy-MM-dd' dates, sorted, no duplicates. */
  @Column({ type: 'date', array: true, default: () => "'{}'" })
  holidays!: string[];

  /** Who last changed the name, description and status (a 409 names them to a person who started before). */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  editedBy!: ProjectEditedBy;

  /** Names of holidays that have one, by 'yyyy-MM-dd' (a date not in `holidays` is never kept). */
  @Column({ type: 'jsonb', default: () => "'{}'::jsonb" })
  holidayNames!: Record<string, string>;

  /** Raised with every change to the project's task rows (the API's task list cache); bigint, read as text. */
  @Column({ type: 'bigint', default: 0 })
  tasksVersion!: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}
