import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { TeamRole } from '@planline/domain';

@Entity({ name: 'project_members' })
export class ProjectMemberEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid' })
  projectId!: string;

  @Column({ type: 'uuid' })
  userId!: string;

  @Column({ type: 'varchar', length: 20, default: 'member' })
  role!: TeamRole;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
