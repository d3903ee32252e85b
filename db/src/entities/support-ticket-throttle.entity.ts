import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Support tickets per sender address (lower-cased) inside a fixed window; shared by every api process. */
@Entity({ name: 'support_ticket_throttle' })
export class SupportTicketThrottleEntity {
  @PrimaryColumn({ type: 'varchar', length: 254 })
  emailKey!: string;

  @Column({ type: 'integer', default: 0 })
  tickets!: number;

  @Column({ type: 'timestamptz' })
  windowStartedAt!: Date;
}
