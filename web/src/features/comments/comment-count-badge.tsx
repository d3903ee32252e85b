import { MessageSquare } from 'lucide-react';
import { useCommentCount } from './comments.queries';

/** A task row's comment count (nothing when it has none), kept live by the project's comment events. */
export function CommentCountBadge({ projectId, taskId }: { projectId: string; taskId: string }) {
  const count = useCommentCount(projectId, taskId);
  if (count === 0) return null;
  return (
    <span data-comment-count={count} className="inline-flex shrink-0 items-center gap-0.5 rounded-full bg-slate-100 px-1.5 text-xs text-slate-700" title={`${count} comment${count === 1 ? '' : 's'}`}>
      <MessageSquare aria-hidden="true" className="h-3 w-3" />
      {count}
      <span className="sr-only"> comment{count === 1 ? '' : 's'}</span>
    </span>
  );
}
