import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { Plan } from '@planline/domain';

@Entity({ name: 'users' })
export class UserEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  /** Unique regardless of case (index on lower(email), see the migration). */
  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ type: 'varchar', length: 100 })
  firstName!: string;

  @Column({ type: 'varchar', length: 100 })
  lastName!: string;

  @Column({ type: 'text', nullable: true, select: false })
  passwordHash!: string | null;

  @Column({ type: 'text', nullable: true })
  profileImageUrl!: string | null;

  @Column({ type: 'varchar', length: 20, default: 'free' })
  currentPlan!: Plan;

  @Column({ type: 'boolean', default: false })
  isEmailVerified!: boolean;

  /** Bumped when the password changes, so sessions made before it can be told apart. */
  @Column({ type: 'integer', default: 0 })
  credentialsVersion!: number;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}
