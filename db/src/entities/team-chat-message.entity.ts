import { Column, Entity, PrimaryColumn } from 'typeorm';

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
