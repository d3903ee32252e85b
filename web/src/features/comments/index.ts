export { CommentCountBadge } from './comment-count-badge';
export { applyCommentEvent, commentCountsKey, commentThreadKey } from './comments.queries';

// [lazy-parts] Parts no first screen shows, given as their code's loaders (lib/lazy-part.tsx): a page asks for
// them when one is first shown. Not exported as components too: the page imports this index, and would then
// have their code with its own.
export const loadTaskComments = () => import('./task-comments').then((m) => m.TaskComments);
export const loadMoveComment = () => import('./task-comments').then((m) => m.MoveComment);
