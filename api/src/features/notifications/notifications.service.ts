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
/** A team chat mention (no project; a join request or answer has its own reason). */
const isChatMention = (row: NotificationRow) => row.reason === 'mention' && !row.project_id && !!row.team_id;
/** Someone who left the team keeps its chat mentions without the chat's words, as its e-mail skips them. */
async function hideLeftChat(sql: DataSource, userId: string, rows: NotificationRow[], shown: Notification[]): Promise<Notification[]> {
  const teams = await memberTeams(sql, userId, [...new Set(rows.filter(isChatMention).map((r) => r.team_id!))]);
  return shown.map((n, i) => (isChatMention(rows[i]!) && !teams.has(rows[i]!.team_id!) ? { ...n, excerpt: null } : n));
}

function parseCursor(cursor: string): { us: string; id: string } {
  const [us, id] = Buffer.from(cursor, 'base64url').toString().split('.');
  if (!us || !/^\d{1,17}$/.test(us) || !id || !/^[0-9a-f-]{36}$/i.test(id)) throw new AppError('validation_failed', BAD_CURSOR);
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
    const openable = await openableProjects(this.dataSource, userId, [...new Set(page.flatMap((r) => (r.project_id ? [r.project_id] : [])))]);
    return {
      notifications: await hideLeftChat(
        this.dataSource,
        userId,
        page,
        page.map((r) => presentNotification(r, !!r.project_id && openable.has(r.project_id))),
      ),
      unread,
      next: rows.length > NOTIFICATIONS_PAGE_SIZE ? cursorOf(page.at(-1)!) : null,
    };
  }

  async patch(userId: string, id: string, patch: { read?: boolean; archived?: boolean }): Promise<Notification> {
    const row = await patchNotification(this.dataSource, userId, id, patch);
    if (!row) throw new AppError('not_found', NOTIFICATION_NOT_FOUND);
    const openable = row.project_id ? (await openableProjects(this.dataSource, userId, [row.project_id])).has(row.project_id) : false;
    await this.changed(userId);
    return (await hideLeftChat(this.dataSource, userId, [row], [presentNotification(row, openable)]))[0]!;
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
