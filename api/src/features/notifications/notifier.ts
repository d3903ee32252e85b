import { randomUUID } from 'node:crypto';
import { displayName, rooms, type Notification } from '@planline/domain';
import type { PersistedChanges, RealtimeBus } from '@planline/realtime';
import type { DataSource, EntityManager } from 'typeorm';
import type { Logger } from '../../logger.js';
import {
  insertNotifications,
  peopleWhoSee,
  projectPeople,
  unreadCounts,
  usersByIds,
  watchersOf,
  type ActorRow,
  type NotificationDraft,
  type NotificationRow,
} from './notifications.queries.js';
import { isRestoreReason, taskChangeDrafts, watchedTaskIds } from './task-notices.js';

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

export interface NotifierOptions {
  /** Called with the ids of the notifications just stored (e-mail delivery). */
  onCreated?: (ids: string[]) => void;
  /** How long the persisted changes of a project gather before they are turned into notifications. */
  gatherMs?: number;
}

const EXCERPT_CHARS = 160;
const excerptOf = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT_CHARS ? `${flat.slice(0, EXCERPT_CHARS - 1)}…` : flat;
};
const nameOf = (user: ActorRow | undefined) =>
  user ? displayName({ firstName: user.first_name, lastName: user.last_name, email: user.email }) : '';

/**
 * A stored row as the inbox shows it; `openable`: whether the person can still see what it is about (its project, or
 * for a team chat mention its team's chat).
 */
export function presentNotification(row: NotificationRow, openable: boolean): Notification {
  const chat = !row.project_id && !!row.chat_message_id;
  const hidden = (!!row.project_id || chat) && !openable;
  const iso = (v: Date | string) => new Date(v).toISOString();
  return {
    id: row.id,
    reason: row.reason,
    text: hidden ? (chat ? 'About a team chat you can no longer open' : 'About a project you can no longer open') : row.text,
    excerpt: hidden ? null : row.excerpt,
    actor: row.actor_id && row.first_name !== null ? { id: row.actor_id, firstName: row.first_name, lastName: row.last_name ?? '', profileImageUrl: row.profile_image_url } : null,
    teamId: hidden && chat ? null : row.team_id,
    projectId: hidden ? null : row.project_id,
    taskId: hidden ? null : row.task_id,
    commentId: hidden ? null : row.comment_id,
    read: row.read_at !== null,
    archived: row.archived_at !== null,
    createdAt: iso(row.created_at),
  };
}

export class Notifier {
  private readonly onCreated: (ids: string[]) => void;
  private readonly gatherMs: number;

  constructor(
    readonly dataSource: DataSource,
    readonly bus: RealtimeBus,
    readonly logger: Logger,
    options: NotifierOptions = {},
  ) {
    this.onCreated = options.onCreated ?? (() => {});
    this.gatherMs = options.gatherMs ?? 50;
  }

  /**
   * The commenter and the people mentioned start watching the task (unless they chose to stop), inside the comment's
   * own transaction.
   */
  async watchOnComment(manager: EntityManager, taskId: string, userIds: string[]): Promise<void> {
    const ids = [...new Set(userIds)];
    if (!ids.length) return;
    await manager.query(
      `INSERT INTO task_watchers (task_id, user_id, watching)
       SELECT $1, u.id, true FROM users u WHERE u.id = ANY($2::uuid[])
       ON CONFLICT (task_id, user_id) DO NOTHING`,
      [taskId, ids],
    );
  }

  /** Mentions, then watchers: called once the comment is stored. Never throws: a failure is logged. */
  async commentPosted(notice: CommentNotice): Promise<void> {
    await this.guard('comment notifications failed', async () => {
      const mentioned = new Set(notice.mentionedUserIds);
      const candidates = new Set(mentioned);
      if (!notice.edit) {
        const { watching, stopped } = await watchersOf(this.dataSource, [notice.taskId]);
        const assignees: { user_id: string }[] = await this.dataSource.query(`SELECT user_id FROM task_assignments WHERE task_id = $1`, [notice.taskId]);
        for (const userId of [...watching.map(([, id]) => id), ...assignees.map((a) => a.user_id)]) {
          if (!stopped.has(`${notice.taskId}|${userId}`)) candidates.add(userId);
        }
      }
      candidates.delete(notice.actorId);
      const seeing = await peopleWhoSee(this.dataSource, notice.projectId, candidates);
      if (!seeing.size) return;
      const [task]: { name: string }[] = await this.dataSource.query(`SELECT name FROM tasks WHERE id = $1`, [notice.taskId]);
      const actor = nameOf((await usersByIds(this.dataSource, [notice.actorId])).get(notice.actorId)) || 'Someone';
      const taskName = `«${task?.name ?? 'a task'}»`;
      const base = { actorId: notice.actorId, projectId: notice.projectId, taskId: notice.taskId, commentId: notice.commentId, excerpt: excerptOf(notice.body) };
      await this.store(
        [...seeing].map((userId) =>
          mentioned.has(userId)
            ? { ...base, userId, reason: 'mention' as const, text: `${actor} mentioned you on ${taskName}` }
            : { ...base, userId, reason: 'comment' as const, text: `${actor} commented on ${taskName}` },
        ),
      );
    });
  }

  /** Mentions in a chat message: called once it is stored. Never throws: a failure is logged. */
  async chatMentioned(notice: ChatMentionNotice): Promise<void> {
    await this.guard('chat mention notifications failed', async () => {
      const rows: { user_id: string }[] = await this.dataSource.query(
        `SELECT user_id FROM team_members WHERE team_id = $1 AND user_id = ANY($2::uuid[]) AND user_id <> $3`,
        [notice.teamId, notice.mentionedUserIds, notice.actorId],
      );
      if (!rows.length) return;
      const actor = nameOf((await usersByIds(this.dataSource, [notice.actorId])).get(notice.actorId)) || 'Someone';
      await this.store(
        rows.map((r) => ({
          userId: r.user_id,
          reason: 'mention' as const,
          actorId: notice.actorId,
          teamId: notice.teamId,
          chatMessageId: notice.messageId,
          text: `${actor} mentioned you in the team chat`,
          excerpt: excerptOf(notice.message),
        })),
      );
    });
  }

  /** Someone asked to join a team: its owner and admins are told. */
  async joinRequested(teamId: string, requesterId: string): Promise<void> {
    await this.guard('join request notifications failed', async () => {
      const rows: { user_id: string; team: string }[] = await this.dataSource.query(
        `SELECT tm.user_id, t.name AS team FROM team_members tm JOIN teams t ON t.id = tm.team_id
          WHERE tm.team_id = $1 AND tm.role IN ('owner', 'admin') AND tm.user_id <> $2`,
        [teamId, requesterId],
      );
      if (!rows.length) return;
      const actor = nameOf((await usersByIds(this.dataSource, [requesterId])).get(requesterId)) || 'Someone';
      await this.store(rows.map((r) => ({ userId: r.user_id, reason: 'join_request' as const, actorId: requesterId, teamId, text: `${actor} asked to join «${r.team}»` })));
    });
  }

  /**
   * Issue 40: a webhook was turned off after a day of failed deliveries. Whoever made it is told while they still
   * administer the team, else the team's owner.
   */
  async webhookDisabled(notice: { teamId: string; createdBy: string | null; url: string }): Promise<void> {
    await this.guard('webhook notifications failed', async () => {
      const rows: { user_id: string; team: string }[] = await this.dataSource.query(
        `SELECT tm.user_id, t.name AS team FROM team_members tm JOIN teams t ON t.id = tm.team_id
          WHERE tm.team_id = $1 AND ((tm.user_id = $2 AND tm.role IN ('owner', 'admin')) OR tm.role = 'owner')
          ORDER BY (tm.user_id = $2) DESC LIMIT 1`,
        [notice.teamId, notice.createdBy],
      );
      const to = rows[0];
      if (!to) return;
      await this.store([
        {
          userId: to.user_id,
          reason: 'webhook_disabled',
          actorId: null,
          teamId: notice.teamId,
          text: `The webhook to ${notice.url} of «${to.team}» was turned off: its deliveries failed for a day. Check the endpoint, then add it again in the team settings.`,
        },
      ]);
    });
  }

  /** A join request was approved or denied: the person who asked is told. */
  async joinAnswered(teamId: string, requesterId: string, actorId: string, response: 'approved' | 'denied'): Promise<void> {
    if (requesterId === actorId) return;
    await this.guard('join answer notifications failed', async () => {
      const [team]: { name: string }[] = await this.dataSource.query(`SELECT name FROM teams WHERE id = $1`, [teamId]);
      const actor = nameOf((await usersByIds(this.dataSource, [actorId])).get(actorId));
      await this.store([
        {
          userId: requesterId,
          reason: 'join_answered',
          actorId,
          teamId,
          text: `Your request to join «${team?.name ?? 'the team'}» was ${response}${actor ? ` — ${actor}` : ''}`,
        },
      ]);
    });
  }

  /**
   * The persisted-change listener (server.ts onPersisted). It only queues: the changes of a project gather for a
   * moment, then are read as edits (a person's consecutive changes: their move and the cascade after it) with one
   * read of the watchers and one INSERT for all of them, off the document's write turn. A project has at most one
   * pass in flight; what is persisted meanwhile waits for the next.
   */
  persistedListener(): (changes: PersistedChanges) => void {
    const waiting = new Map<string, PersistedChanges[]>();
    const busy = new Set<string>();
    const run = (projectId: string) => {
      const batch = waiting.get(projectId);
      if (!batch) {
        busy.delete(projectId);
        return;
      }
      waiting.delete(projectId);
      this.persistedBatch(projectId, batch)
        .catch((err: unknown) => this.logger.error({ err, projectId }, 'task change notifications failed'))
        .finally(() => run(projectId));
    };
    return (changes) => {
      if (!changes.actorId) return;
      const batch = waiting.get(changes.projectId);
      if (batch) batch.push(changes);
      else waiting.set(changes.projectId, [changes]);
      if (busy.has(changes.projectId)) return;
      busy.add(changes.projectId);
      setTimeout(() => run(changes.projectId), this.gatherMs).unref?.();
    };
  }

  /** One project's gathered changes: restores tell everyone, other edits tell the people whose tasks they touched. */
  async persistedBatch(projectId: string, batch: PersistedChanges[]): Promise<void> {
    const edits: PersistedChanges[][] = [];
    for (const c of batch) {
      const last = edits.at(-1);
      const restore = isRestoreReason(c.reason);
      if (last && last[0]!.actorId === c.actorId && isRestoreReason(last[0]!.reason) === restore) last.push(c);
      else edits.push([c]);
    }
    const actors = await usersByIds(this.dataSource, [...new Set(edits.map((e) => e[0]!.actorId!))]);
    // Watchers of every changed task of the batch, read once.
    const watched = await watchersOf(this.dataSource, watchedTaskIds(batch.filter((c) => !isRestoreReason(c.reason))));
    const watchers = new Map<string, string[]>();
    for (const [taskId, userId] of watched.watching) (watchers.get(taskId) ?? watchers.set(taskId, []).get(taskId)!).push(userId);
    const drafts: NotificationDraft[] = [];
    let people: Set<string> | null = null;
    for (const edit of edits) {
      const actorId = edit[0]!.actorId!;
      const actor = nameOf(actors.get(actorId));
      if (isRestoreReason(edit[0]!.reason)) {
        const { ids, projectName } = await projectPeople(this.dataSource, projectId);
        for (const userId of new Set(ids)) {
          if (userId === actorId) continue;
          drafts.push({ userId, reason: 'project_restored', actorId, projectId, text: `«${projectName}» was ${edit[0]!.reason!.replace(/^Restored/, 'restored')}${actor ? ` — ${actor}` : ''}` });
        }
        continue;
      }
      const made = taskChangeDrafts(edit, actor, watchers, watched.stopped);
      // Assignees the store let through can see the project; watchers removed since may not.
      people ??= await peopleWhoSee(this.dataSource, projectId, made.userIds);
      const more = made.userIds.filter((id) => !people!.has(id));
      if (more.length) for (const id of await peopleWhoSee(this.dataSource, projectId, more)) people.add(id);
      made.drafts.forEach((draft, i) => {
        const userId = made.userIds[i]!;
        if (people!.has(userId)) drafts.push({ ...draft, userId });
      });
    }
    await this.store(drafts);
  }

  /** Stores the drafts in one INSERT, then tells each person live with their unread count. */
  async store(drafts: NotificationDraft[]): Promise<string[]> {
    if (!drafts.length) return [];
    const rows = await insertNotifications(
      this.dataSource,
      drafts.map(() => randomUUID()),
      drafts,
    );
    const unread = await unreadCounts(this.dataSource, [...new Set(rows.map((r) => r.user_id))]);
    for (const row of rows) {
      this.bus.emit(rooms.user(row.user_id), 'notification:created', { notification: presentNotification(row, true), unread: unread.get(row.user_id) ?? 0 });
    }
    const ids = rows.map((r) => r.id);
    try {
      this.onCreated(ids);
    } catch (err) {
      this.logger.error({ err }, 'a notification listener failed');
    }
    return ids;
  }

  private async guard(message: string, work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (err) {
      this.logger.error({ err }, message);
    }
  }
}
