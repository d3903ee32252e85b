import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { PaidPlan } from '@planline/domain';

/** A checkout of test mode (no STRIPE_SECRET_KEY): our own page stands in for the provider's. */
@Entity({ name: 'checkout_sessions' })
export class CheckoutSessionEntity {
  /** `cs_test_…`, unguessable; only its creator can read or pay it. */
  @PrimaryColumn({ type: 'varchar', length: 255 })
  id!: string;

  @Column({ type: 'uuid' })
  teamId!: string;

  @Column({ type: 'uuid' })
  createdBy!: string;

  @Column({ type: 'varchar', length: 20 })
  plan!: PaidPlan;

  /** As given, `{CHECKOUT_SESSION_ID}` included; replaced when the payer is sent back. */
  @Column({ type: 'text' })
  successUrl!: string;

  @Column({ type: 'text' })
  cancelUrl!: string;

  @Column({ type: 'varchar', length: 20, default: 'open' })
  status!: 'open' | 'complete' | 'expired';

  @Column({ type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  completedAt!: Date | null;
}
