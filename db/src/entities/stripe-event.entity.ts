import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A provider webhook event already applied: stored with its effect, so a repeated delivery changes nothing. */
@Entity({ name: 'stripe_events' })
export class StripeEventEntity {
  @PrimaryColumn({ type: 'varchar', length: 255 })
  id!: string;

  @Column({ type: 'varchar', length: 100 })
  type!: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  receivedAt!: Date;
}
