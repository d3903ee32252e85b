import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { TicketCategory, TicketPriority } from '@planline/domain';

/** A help-centre support ticket (PRODUCT-SPEC §3); sent on by e-mail through `email_outbox`. */
@Entity({ name: 'support_tickets' })
export class SupportTicketEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'varchar', length: 200 })
  name!: string;

  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ type: 'varchar', length: 200 })
  subject!: string;

  @Column({ type: 'varchar', length: 20, default: 'medium' })
  priority!: TicketPriority;

  @Column({ type: 'varchar', length: 20, default: 'general' })
  category!: TicketCategory;

  @Column({ type: 'text' })
  message!: string;

  /** The signed-in sender, if any; set to null when that user is deleted. */
  @Column({ type: 'uuid', nullable: true })
  userId!: string | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
