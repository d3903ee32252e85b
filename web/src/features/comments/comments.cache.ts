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
