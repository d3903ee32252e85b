import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { TeamRole } from '@planline/domain';
import { UserEntity } from './user.entity.js';

@Entity({ name: 'team_members' })
export class TeamMemberEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid' })
  teamId!: string;

  @Column({ type: 'uuid' })
  userId!: string;

  /** Loaded on demand: the member list shows name, email and picture. */
  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: UserEntity;

  @Column({ type: 'varchar', length: 20, default: 'member' })
  role!: TeamRole;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
