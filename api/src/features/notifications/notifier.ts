import type { RealtimeBus } from '@planline/realtime';
import type { DataSource, EntityManager } from 'typeorm';
import type { Logger } from '../../logger.js';

/*
 * Issue 38: what the team is told. The comments and the chat call these; the write path's persisted changes, join
 * requests and restores reach them from their own services. Every notice follows the same rules: never the actor,
 * at most one notification per person per action (a mention outranks a comment on a watched task), only people who
 * can still see the project, delivered live on `user:{id}` and e-mailed by each person's settings.
 */

/** A comment was posted (or edited to mention more people: `mentionedUserIds` are then only the new ones). */
export interface CommentNotice {
  commentId: string;
  taskId: string;
  projectId: string;
  actorId: string;
  mentionedUserIds: string[];
  /** The comment's body (the excerpt is cut from it). */
  body: string;
  /** An edit notifies only the people it newly mentions, not the watchers. */
  edit: boolean;
}

/** A chat message mentioned people. */
export interface ChatMentionNotice {
  teamId: string;
  messageId: string;
  actorId: string;
  mentionedUserIds: string[];
  message: string;
}

export class Notifier {
  constructor(
    readonly dataSource: DataSource,
    readonly bus: RealtimeBus,
    readonly logger: Logger,
  ) {}

  /**
   * The commenter and the people mentioned start watching the task (unless they chose to stop), inside the comment's
   * own transaction.
   */
  async watchOnComment(_manager: EntityManager, _taskId: string, _userIds: string[]): Promise<void> {
    // Built by the notifications work of issue 38.
  }

  /** Mentions, then watchers: called once the comment is stored. Never throws: a failure is logged. */
  async commentPosted(_notice: CommentNotice): Promise<void> {
    // Built by the notifications work of issue 38.
  }

  /** Mentions in a chat message: called once it is stored. Never throws: a failure is logged. */
  async chatMentioned(_notice: ChatMentionNotice): Promise<void> {
    // Built by the notifications work of issue 38.
  }
}
