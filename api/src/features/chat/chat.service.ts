import { randomUUID } from 'node:crypto';
import { CHAT_PAGE_SIZE, rooms, type ChatInput, type ChatMessage, type ChatPage, type ChatPresence, type ChatTaskOption, type TaskReference } from '@planline/domain';
import type { RealtimeBus } from '@planline/realtime';
import type { DataSource } from 'typeorm';
import { AppError } from '../../errors.js';
import type { Logger } from '../../logger.js';
import type { PostThrottle } from '../conversation/post-throttle.js';
import type { Notifier } from '../notifications/notifier.js';
import { requireChatMember, requireMentionable, requireTeamTasks } from './chat.policy.js';
import { insertMessage, messageExists, messagesPage, searchTeamTasks, teamTaskReferences, type StoredChatMessage } from './chat.queries.js';

const BAD_CURSOR = 'before is not a cursor this chat gave';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The cursor of the page after `message`: opaque to the client, the id of the oldest message it has. */
const cursorOf = (message: StoredChatMessage) => Buffer.from(message.id, 'utf8').toString('base64url');

function messageOfCursor(cursor: string): string {
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!UUID.test(id)) throw new AppError('validation_failed', BAD_CURSOR, { issues: [{ path: 'before', message: BAD_CURSOR }] });
  return id;
}

/** The team chat (issue 38): a team's members talk, mention each other and point at the team's tasks. */
export class ChatService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly bus: RealtimeBus,
    private readonly notifier: Notifier,
    private readonly throttle: PostThrottle,
    private readonly logger: Logger,
  ) {}

  /** Newest first; `next` reads the messages before the oldest of this page. */
  async page(userId: string, teamId: string, before: string | undefined): Promise<ChatPage> {
    await requireChatMember(this.dataSource, userId, teamId);
    const beforeId = before === undefined ? null : messageOfCursor(before);
    if (beforeId && !(await messageExists(this.dataSource, teamId, beforeId))) {
      throw new AppError('validation_failed', BAD_CURSOR, { issues: [{ path: 'before', message: BAD_CURSOR }] });
    }
    const rows = await messagesPage(this.dataSource, teamId, beforeId, CHAT_PAGE_SIZE + 1);
    const page = rows.slice(0, CHAT_PAGE_SIZE);
    return {
      messages: await this.withTasks(teamId, page),
      next: rows.length > CHAT_PAGE_SIZE ? cursorOf(page[page.length - 1]!) : null,
    };
  }

  /**
   * Stores a message of a member and tells the team's room. Refused before anything is stored: a mention of someone
   * outside the team, a task outside its projects (400), a 31st post in a minute (429).
   */
  async post(userId: string, teamId: string, input: ChatInput): Promise<ChatMessage> {
    await requireChatMember(this.dataSource, userId, teamId);
    await requireMentionable(this.dataSource, teamId, input.mentionedUserIds);
    await requireTeamTasks(this.dataSource, teamId, input.taskIds);
    await this.throttle.reserve(userId);
    const { stored, tasks } = await this.dataSource.transaction(async (m) => {
      // Again inside the write: a member removed meanwhile posts nothing, and a task deleted meanwhile is not named.
      await requireChatMember(m, userId, teamId);
      const stored = await insertMessage(m, { id: randomUUID(), teamId, userId, ...input });
      return { stored, tasks: await teamTaskReferences(m, teamId, input.taskIds) };
    });
    const message = present(stored, tasks);
    // The room holds members only (the server joins it after the membership check), who all see the team's projects.
    this.bus.emit(rooms.team(teamId), 'chat:message', { teamId, message });
    if (input.mentionedUserIds.length) {
      this.notifier
        .chatMentioned({ teamId, messageId: message.id, actorId: userId, mentionedUserIds: input.mentionedUserIds, message: message.message })
        .catch((err: unknown) => this.logger.error({ err, teamId }, 'chat mention notice failed'));
    }
    return message;
  }

  /** Who of the team has the app open now (their sockets are in the team's room). */
  async presence(userId: string, teamId: string): Promise<ChatPresence> {
    await requireChatMember(this.dataSource, userId, teamId);
    return { teamId, online: await this.bus.onlineInTeam(teamId) };
  }

  /** The # picker's search of the team's tasks by name. */
  async searchTasks(userId: string, teamId: string, text: string): Promise<ChatTaskOption[]> {
    await requireChatMember(this.dataSource, userId, teamId);
    return searchTeamTasks(this.dataSource, teamId, text.trim());
  }

  /** The messages with the tasks they reference as they are now (a deleted task is no longer shown). */
  private async withTasks(teamId: string, messages: StoredChatMessage[]): Promise<ChatMessage[]> {
    const ids = [...new Set(messages.flatMap((m) => m.taskIds))];
    const byId = new Map((await teamTaskReferences(this.dataSource, teamId, ids)).map((t) => [t.id, t]));
    return messages.map((m) => present(m, m.taskIds.flatMap((id) => byId.get(id) ?? [])));
  }
}

function present({ taskIds: _taskIds, ...message }: StoredChatMessage, tasks: TaskReference[]): ChatMessage {
  return { ...message, tasks };
}
