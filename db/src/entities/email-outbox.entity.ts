import { Column, Entity, PrimaryColumn } from 'typeorm';

/** An e-mail to send: written with what caused it, stamped `sentAt` once an SMTP server accepted it. */
@Entity({ name: 'email_outbox' })
export class EmailOutboxEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'varchar', length: 254 })
  toAddress!: string;

  @Column({ type: 'varchar', length: 254, nullable: true })
  replyTo!: string | null;

  @Column({ type: 'varchar', length: 300 })
  subject!: string;

  @Column({ type: 'text' })
  body!: string;

  @Column({ type: 'uuid', nullable: true })
  supportTicketId!: string | null;

  /** Extra headers (issue 38: List-Unsubscribe and List-Unsubscribe-Post on notification e-mail). */
  @Column({ type: 'jsonb', nullable: true })
  headers!: Record<string, string> | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  /** Null until sent (no SMTP_URL configured, or the server refused or was down). */
  @Column({ type: 'timestamptz', nullable: true })
  sentAt!: Date | null;
}
