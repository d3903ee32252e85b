export { CommentCountBadge } from './comment-count-badge';
export { applyCommentEvent, commentCountsKey, commentThreadKey } from './comments.queries';
export { MoveComment, TaskComments } from './task-comments';
