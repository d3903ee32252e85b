import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A team member's capacity (issue 36); a member without a row has the default (8 hours, the project calendar's days). */
@Entity({ name: 'member_capacities' })
export class MemberCapacityEntity {
  @PrimaryColumn({ type: 'uuid' })
  teamId!: string;

  @PrimaryColumn({ type: 'uuid' })
  userId!: string;

  /** 0.5-24, to the quarter hour and finer (two decimals). */
  @Column({ type: 'numeric', precision: 4, scale: 2, default: 8 })
  hoursPerDay!: string;

  /** ISO weekdays 1 (Monday) to 7; null: the project calendar's working days. */
  @Column({ type: 'smallint', array: true, nullable: true })
  workingDays!: number[] | null;

  /** [{ from, to, note }], dates 'yyyy-MM-dd'. */
  @Column({ type: 'jsonb', default: () => "'[]'::jsonb" })
  daysOff!: { from: string; to: string; note: string }[];

  @Column({ type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}
