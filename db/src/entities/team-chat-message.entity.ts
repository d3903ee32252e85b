import { Column, Entity, PrimaryColumn } from 'typeorm';

// Unused for now: PRODUCT-SPEC §3 lists TeamChatMessage in the data model, so its table exists; no feature reads or writes it yet.
@Entity({ name: 'team_chat_messages' })
export class TeamChatMessageEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid' })
  teamId!: string;

  /** Deleted with its author (personal data). */
  @Column({ type: 'uuid' })
  userId!: string;

  @Column({ type: 'text' })
  message!: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
