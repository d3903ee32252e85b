import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Server-side session store (PRODUCT-SPEC §3 sessions: sid, sess, expire). */
@Entity({ name: 'sessions' })
export class SessionEntity {
  @PrimaryColumn({ type: 'varchar', length: 255 })
  sid!: string;

  @Column({ type: 'jsonb' })
  sess!: Record<string, unknown>;

  @Column({ type: 'timestamptz' })
  expire!: Date;

  /** Kept beside the blob so every session of a user can be ended at once (logout elsewhere, deletion). */
  @Column({ type: 'uuid', nullable: true })
  userId!: string | null;
}
