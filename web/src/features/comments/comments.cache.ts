import type { Comment, CommentPage } from '@planline/domain';
import type { InfiniteData } from '@tanstack/react-query';

/** A thread as the cache holds it: the pages read so far, oldest first. */
export type CommentThread = InfiniteData<CommentPage, string | null>;

/**
 * A comment written into a thread read so far: an edit or deletion replaces it where it is; a new one joins the
 * end only once the last page is read (until then "Load more" brings it, in its place). Unchanged when it is
 * already there as it is (the author's own answer and its event both arrive).
 */
export function withComment(thread: CommentThread, comment: Comment): CommentThread {
  let found = false;
  const pages = thread.pages.map((page) => {
    const index = page.comments.findIndex((c) => c.id === comment.id);
    if (index < 0) return page;
    found = true;
    const comments = page.comments.slice();
    comments[index] = comment;
    return { ...page, comments };
  });
  if (found) return { ...thread, pages };
  const last = thread.pages[thread.pages.length - 1];
  if (!last || last.next !== null) return thread;
  return { ...thread, pages: [...thread.pages.slice(0, -1), { ...last, comments: [...last.comments, comment] }] };
}

/** Counts per task after a comment was posted (+1) or deleted (-1); a task at 0 leaves the map. */
export function countedComments(counts: Record<string, number>, taskId: string, change: 1 | -1): Record<string, number> {
  const n = (counts[taskId] ?? 0) + change;
  const next = { ...counts };
  if (n > 0) next[taskId] = n;
  else delete next[taskId];
  return next;
}

/** How near a comment's time must be to a move's for the comment to be the one written with it. */
export const WITH_MOVE_MS = 10 * 60_000;

/**
 * The comment written with a move (issue 38, time travel): by the person who moved the bar (by name, as the move
 * records it), within WITH_MOVE_MS of the move, the nearest one; null when there is none.
 */
export function commentWithMove(comments: readonly Comment[], move: { by: string | null; movedAt: string }, nameOf: (c: Comment) => string): Comment | null {
  if (!move.by) return null;
  const at = Date.parse(move.movedAt);
  let best: Comment | null = null;
  for (const c of comments) {
    if (c.deletedAt || !c.author || nameOf(c) !== move.by) continue;
    const gap = Math.abs(Date.parse(c.createdAt) - at);
    if (gap <= WITH_MOVE_MS && (!best || gap < Math.abs(Date.parse(best.createdAt) - at))) best = c;
  }
  return best;
}
