import { canManageInvites, type Comment } from '@planline/domain';
import { AppError } from '../../errors.js';
import type { ProjectAccess, Sql } from '../access/access.queries.js';
import { requireProjectAccess } from '../access/access.policy.js';
import { mentionProblems } from './comments.queries.js';

export const COMMENT_NOT_FOUND = 'Comment not found';

/**
 * A comment's project as the caller reaches it (its team's members and its guests, like reading its tasks), or 404:
 * outsiders and removed members are not told the comment exists.
 */
export async function requireCommentAccess(sql: Sql, userId: string, comment: Comment | null): Promise<{ comment: Comment; access: ProjectAccess }> {
  if (!comment) throw new AppError('not_found', COMMENT_NOT_FOUND);
  const access = await requireProjectAccess(sql, userId, comment.projectId).catch(() => {
    throw new AppError('not_found', COMMENT_NOT_FOUND);
  });
  return { comment, access };
}

/** Only its author edits a comment (403 to everyone else who can see it). */
export function requireCommentAuthor(userId: string, comment: Comment): void {
  if (comment.author?.id !== userId) throw new AppError('forbidden', 'Only its author can edit a comment');
}

/** Its author deletes a comment, and so do the owner and admins of the project's team; others 403. */
export function requireCommentRemover(userId: string, comment: Comment, access: ProjectAccess): void {
  if (comment.author?.id === userId) return;
  if (access.access === 'team' && access.role && canManageInvites(access.role)) return;
  throw new AppError('forbidden', 'Only its author, or the owner or an admin of the team, can delete a comment');
}

/**
 * Every person mentioned must see the project (its team or its guests); else a 400 naming the problem. An id that is
 * nobody's gets the same answer as someone outside the project, so a mention cannot be used to learn whether an id
 * is a person's.
 */
export async function requireMentionable(sql: Sql, projectId: string, userIds: string[]): Promise<void> {
  const { unknown, outside } = await mentionProblems(sql, projectId, userIds);
  const refused = [...unknown, ...outside];
  if (refused.length) {
    const message =
      refused.length === 1
        ? "The person you mentioned is not one of this project's people: invite them to it first, or remove the mention"
        : `${refused.length} of the people you mentioned are not among this project's people: invite them to it first, or remove the mentions`;
    throw new AppError('validation_failed', message, { issues: [{ path: 'mentionedUserIds', message }], userIds: refused });
  }
}
