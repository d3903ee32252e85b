import { NOTIFICATIONS_PAGE_SIZE, rooms, type Notification, type NotificationPage, type NotificationQuery } from '@planline/domain';
import type { RealtimeBus } from '@planline/realtime';
import type { DataSource } from 'typeorm';
import { AppError } from '../../errors.js';
import { requireTaskAccess } from '../tasks/tasks.policy.js';
import { presentNotification } from './notifier.js';
import { inboxPage, isWatching, markAllRead, memberTeams, openableProjects, patchNotification, setWatching, unreadCounts, type NotificationRow } from './notifications.queries.js';

export const NOTIFICATION_NOT_FOUND = 'Notification not found';
const BAD_CURSOR = 'before is not a cursor this inbox gave';

/** `before` cursors: the row's created_at in microseconds and its id. */
const cursorOf = (row: NotificationRow) => Buffer.from(`${row.us}.${row.id}`).toString('base64url');
function parseCursor(cursor: string): { us: string; id: string } {
  const [us, id] = Buffer.from(cursor, 'base64url').toString().split('.');
  if (!us || !/^\d{1,17}$/.test(us) || !id || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) throw new AppError('validation_failed', BAD_CURSOR);
  return { us, id };
}

/** The inbox (issue 38): a person's own notifications, their read state, and which tasks they watch. */
export class NotificationsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly bus: RealtimeBus,
  ) {}

  async list(userId: string, query: NotificationQuery): Promise<NotificationPage> {
    const before = query.before ? parseCursor(query.before) : undefined;
    const [rows, unread] = await Promise.all([
      inboxPage(this.dataSource, userId, { ...query, before }, NOTIFICATIONS_PAGE_SIZE),
      this.unread(userId),
    ]);
    const page = rows.slice(0, NOTIFICATIONS_PAGE_SIZE);
    // Removed members keep their old notifications, which no longer open the project nor name its tasks.
    const openable = await this.openable(userId, page);
    return {
      notifications: page.map((r) => presentNotification(r, openable(r))),
      unread,
      next: rows.length > NOTIFICATIONS_PAGE_SIZE ? cursorOf(page.at(-1)!) : null,
    };
  }

  async patch(userId: string, id: string, patch: { read?: boolean; archived?: boolean }): Promise<Notification> {
    const row = await patchNotification(this.dataSource, userId, id, patch);
    if (!row) throw new AppError('not_found', NOTIFICATION_NOT_FOUND);
    const openable = await this.openable(userId, [row]);
    await this.changed(userId);
    return presentNotification(row, openable(row));
  }

  async readAll(userId: string): Promise<{ unread: number }> {
    await markAllRead(this.dataSource, userId);
    return { unread: await this.changed(userId) };
  }

  async watching(userId: string, taskId: string): Promise<{ watching: boolean }> {
    await requireTaskAccess(this.dataSource, userId, taskId);
    return { watching: await isWatching(this.dataSource, taskId, userId) };
  }

  async watch(userId: string, taskId: string, watching: boolean): Promise<{ watching: boolean }> {
    await requireTaskAccess(this.dataSource, userId, taskId);
    await setWatching(this.dataSource, taskId, userId, watching);
    return { watching };
  }

  /**
   * Whether the person can still open what each row is about: its project (a member of its team, or its guest), or
   * for a team chat mention the team's chat (a member still). One read of each kind for the whole page.
   */
  private async openable(userId: string, rows: NotificationRow[]): Promise<(row: NotificationRow) => boolean> {
    const chatTeams = rows.flatMap((r) => (!r.project_id && r.chat_message_id && r.team_id ? [r.team_id] : []));
    const [projects, teams] = await Promise.all([
      openableProjects(this.dataSource, userId, [...new Set(rows.flatMap((r) => (r.project_id ? [r.project_id] : [])))]),
      memberTeams(this.dataSource, userId, [...new Set(chatTeams)]),
    ]);
    return (r) => (r.project_id ? projects.has(r.project_id) : !!r.chat_message_id && !!r.team_id && teams.has(r.team_id));
  }

  private async unread(userId: string): Promise<number> {
    return (await unreadCounts(this.dataSource, [userId])).get(userId) ?? 0;
  }

  /** The person's other tabs and devices update their badge. */
  private async changed(userId: string): Promise<number> {
    const unread = await this.unread(userId);
    this.bus.emit(rooms.user(userId), 'notifications:changed', { unread });
    return unread;
  }
}
