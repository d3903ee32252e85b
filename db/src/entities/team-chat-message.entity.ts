import { Column, Entity, PrimaryColumn } from 'typeorm';

// The team chat (issue 38).
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

  @Column({ type: 'uuid', array: true, default: () => "'{}'" })
  mentionedUserIds!: string[];

  @Column({ type: 'uuid', array: true, default: () => "'{}'" })
  taskIds!: string[];

  @Column({ type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
