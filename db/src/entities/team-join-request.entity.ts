import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { JoinRequestStatus } from '@planline/domain';
import { UserEntity } from './user.entity.js';

/** At most one pending request per (team, user); answered ones stay as history. */
@Entity({ name: 'team_join_requests' })
export class TeamJoinRequestEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid' })
  teamId!: string;

  @Column({ type: 'uuid' })
  userId!: string;

  /** Loaded on demand: owners see who is asking. */
  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: UserEntity;

  @Column({ type: 'varchar', length: 20, default: 'pending' })
  status!: JoinRequestStatus;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  requestedAt!: Date;

  /** Set together with an approved or denied status (CHECK in the migration). */
  @Column({ type: 'timestamptz', nullable: true })
  respondedAt!: Date | null;

  @Column({ type: 'uuid', nullable: true })
  respondedBy!: string | null;
}
