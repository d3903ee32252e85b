import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { PaidPlan, ProviderSubscriptionStatus } from '@planline/domain';

/**
 * One subscription at the card payment provider and the state last applied from its events; the team's plan
 * fields are derived from its rows (rule team-subscription).
 */
@Entity({ name: 'stripe_subscriptions' })
export class StripeSubscriptionEntity {
  /** The provider's id, `sub_…`. */
  @PrimaryColumn({ type: 'varchar', length: 255 })
  id!: string;

  @Column({ type: 'uuid' })
  teamId!: string;

  @Column({ type: 'varchar', length: 20 })
  plan!: PaidPlan;

  @Column({ type: 'varchar', length: 20 })
  status!: ProviderSubscriptionStatus;

  /** The `created` time of the event whose state this is; an older event is not applied over it. */
  @Column({ type: 'timestamptz' })
  stateAt!: Date;

  /** That event's lifecycle rank (SUBSCRIPTION_EVENT_RANK), for events of the same second. */
  @Column({ type: 'integer' })
  stateRank!: number;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}
