import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { Plan, SubscriptionStatus } from '@planline/domain';

@Entity({ name: 'teams' })
export class TeamEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'varchar', length: 255 })
  name!: string;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  /** Eight upper-case letters or digits, what people type to ask to join. */
  @Column({ type: 'char', length: 8 })
  teamCode!: string;

  /** A user who owns a team cannot be deleted until the team is handed over or deleted (a foreign key violation). */
  @Column({ type: 'uuid' })
  ownerId!: string;

  @Column({ type: 'varchar', length: 20, default: 'free' })
  subscriptionPlan!: Plan;

  @Column({ type: 'varchar', length: 20, default: 'active' })
  subscriptionStatus!: SubscriptionStatus;

  @Column({ type: 'timestamptz', nullable: true })
  trialEndsAt!: Date | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  stripeCustomerId!: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  stripeSubscriptionId!: string | null;

  /** Token of the team's member invite link. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  inviteToken!: string | null;

  /** Token of the team's admin invite link; the role comes from which token was used. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  adminInviteToken!: string | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}
