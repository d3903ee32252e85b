import { randomUUID } from 'node:crypto';
import { COMMENTS_PAGE_SIZE, rooms, type Comment, type CommentInput, type CommentPage } from '@planline/domain';
import type { RealtimeBus } from '@planline/realtime';
import type { DataSource } from 'typeorm';
import { AppError } from '../../errors.js';
import { requireProjectAccess } from '../access/access.policy.js';
import type { PostThrottle } from '../conversation/post-throttle.js';
import type { Notifier } from '../notifications/notifier.js';
import { requireTaskAccess, TASK_NOT_FOUND } from '../tasks/tasks.policy.js';
import { COMMENT_NOT_FOUND, requireCommentAccess, requireCommentAuthor, requireCommentRemover, requireMentionable } from './comments.policy.js';
import { commentCounts, commentOfTask, commentPage, findComment, insertComment, softDeleteComment, updateCommentBody } from './comments.queries.js';

const BAD_CURSOR = 'after is not a cursor this thread gave: load the comments again from the start';

/** The opaque `after` cursor: the last comment of a page, by id (its row stays when deleted, so it always resolves). */
const cursorOf = (commentId: string) => Buffer.from(commentId, 'utf8').toString('base64url');
function commentIdOf(cursor: string): string {
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id)) throw new AppError('bad_request', BAD_CURSOR);
  return id;
}

/**
 * Task comments (issue 38): read and written by whoever may open the task's project (its members and guests); the
 * author edits, the author or the team's owner and admins delete. Each change reaches the project's room after commit.
 */
export class CommentsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly bus: RealtimeBus,
    private readonly notifier: Notifier,
    private readonly throttle: PostThrottle,
  ) {}

  /** A page of the thread, oldest first; `at`: the comments that existed at that instant (time travel). */
  async list(userId: string, taskId: string, query: { after?: string; at?: Date }): Promise<CommentPage> {
    await requireTaskAccess(this.dataSource, userId, taskId);
    const afterId = query.after ? commentIdOf(query.after) : null;
    if (afterId && !(await commentOfTask(this.dataSource, taskId, afterId))) throw new AppError('bad_request', BAD_CURSOR);
    const rows = await commentPage(this.dataSource, taskId, { afterId, at: query.at ?? null, limit: COMMENTS_PAGE_SIZE + 1 });
    const comments = rows.slice(0, COMMENTS_PAGE_SIZE);
    return { comments, next: rows.length > COMMENTS_PAGE_SIZE ? cursorOf(comments[comments.length - 1]!.id) : null };
  }

  async create(userId: string, taskId: string, input: CommentInput): Promise<Comment> {
    const projectId = await requireTaskAccess(this.dataSource, userId, taskId);
    await requireMentionable(this.dataSource, projectId, input.mentionedUserIds);
    // Counted only once the comment is known good: a refused one costs nothing of the minute's 30.
    await this.throttle.reserve(userId);
    const id = randomUUID();
    const comment = await this.dataSource.transaction(async (manager) => {
      // The task may have gone since the check (deleted): its row is locked so the comment cannot outlive it.
      const task: unknown[] = await manager.query(`SELECT 1 FROM tasks WHERE id = $1 AND project_id = $2 FOR SHARE`, [taskId, projectId]);
      if (!task.length) throw new AppError('not_found', TASK_NOT_FOUND);
      await insertComment(manager, { id, taskId, projectId, userId, body: input.body, mentionedUserIds: input.mentionedUserIds });
      await this.notifier.watchOnComment(manager, taskId, [userId, ...input.mentionedUserIds]);
      return (await findComment(manager, id))!;
    });
    this.bus.emit(rooms.project(projectId), 'comment:created', { projectId, taskId, comment });
    void this.notifier.commentPosted({ commentId: id, taskId, projectId, actorId: userId, mentionedUserIds: input.mentionedUserIds, body: input.body, edit: false });
    return comment;
  }

  /** The author's edit: sets editedAt; only the people it newly mentions are told. */
  async update(userId: string, commentId: string, input: CommentInput): Promise<Comment> {
    const { comment: before } = await requireCommentAccess(this.dataSource, userId, await findComment(this.dataSource, commentId));
    requireCommentAuthor(userId, before);
    if (before.deletedAt) throw new AppError('conflict', 'This comment was deleted: it can no longer be edited');
    await requireMentionable(this.dataSource, before.projectId, input.mentionedUserIds);
    const comment = await this.dataSource.transaction(async (manager) => {
      if (!(await updateCommentBody(manager, commentId, input.body, input.mentionedUserIds))) {
        throw new AppError('conflict', 'This comment was deleted: it can no longer be edited');
      }
      return (await findComment(manager, commentId))!;
    });
    this.bus.emit(rooms.project(comment.projectId), 'comment:updated', { projectId: comment.projectId, taskId: comment.taskId, comment });
    const added = input.mentionedUserIds.filter((id) => !before.mentionedUserIds.includes(id));
    if (added.length) {
      void this.notifier.commentPosted({
        commentId,
        taskId: comment.taskId,
        projectId: comment.projectId,
        actorId: userId,
        mentionedUserIds: added,
        body: input.body,
        edit: true,
      });
    }
    return comment;
  }

  /** Soft delete by the author or the team's owner and admins: the thread keeps "comment deleted". */
  async remove(userId: string, commentId: string): Promise<void> {
    const { comment, access } = await requireCommentAccess(this.dataSource, userId, await findComment(this.dataSource, commentId));
    requireCommentRemover(userId, comment, access);
    if (!(await softDeleteComment(this.dataSource, commentId))) return;
    const deleted = await findComment(this.dataSource, commentId);
    if (!deleted) throw new AppError('not_found', COMMENT_NOT_FOUND);
    this.bus.emit(rooms.project(deleted.projectId), 'comment:deleted', { projectId: deleted.projectId, taskId: deleted.taskId, comment: deleted });
  }

  async counts(userId: string, projectId: string): Promise<Record<string, number>> {
    await requireProjectAccess(this.dataSource, userId, projectId);
    return commentCounts(this.dataSource, projectId);
  }
}
