import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Failed sign-ins per account (lower-cased email) inside a sliding window; shared by every api process. */
@Entity({ name: 'login_throttle' })
export class LoginThrottleEntity {
  @PrimaryColumn({ type: 'varchar', length: 254 })
  emailKey!: string;

  @Column({ type: 'integer', default: 0 })
  failures!: number;

  @Column({ type: 'timestamptz' })
  windowStartedAt!: Date;
}
