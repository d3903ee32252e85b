import { displayName, type Comment } from '@planline/domain';
import { MessageSquare } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { ErrorBlock, LoadingBlock } from '../../components/ui/query-state';
import { errorStatus, retryAfterSeconds, serverMessage } from '../../lib/api-error';
import { CommentComposer } from './comment-composer';
import { commentWithMove } from './comments.cache';
import { useCommentThread, useDeleteComment, useEditComment, usePostComment } from './comments.queries';
import { Markdown } from './markdown';
import type { MentionPerson } from './mentions';

interface TaskCommentsProps {
  taskId: string;
  /** The project's people, for @ mentions and the authors' names. */
  people: readonly MentionPerson[];
  currentUserId: string;
  /** The owner and admins of the project's team delete anyone's comment. */
  canModerate: boolean;
  /** The past view: the comments that existed at this instant, read-only. */
  at?: string | null;
}

/** What a refused post or edit says: the server's words, a 429's wait, else a general line. */
function refusal(err: unknown): string {
  if (errorStatus(err) === 429) {
    const wait = retryAfterSeconds(err);
    return serverMessage(err) ?? `You are posting too fast. Please wait${wait ? ` ${wait} s` : ' a moment'} and try again.`;
  }
  return serverMessage(err) ?? "We couldn't save your comment. Check your connection and try again.";
}

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Task Details' Comments tab: the thread oldest first ("Load more" for later pages), then the box to write one. */
export function TaskComments({ taskId, people, currentUserId, canModerate, at = null }: TaskCommentsProps) {
  const thread = useCommentThread(taskId, at);
  const post = usePostComment(taskId);
  const [postError, setPostError] = useState<string | null>(null);
  const comments = thread.data?.pages.flatMap((p) => p.comments) ?? [];

  if (thread.isPending) return <LoadingBlock label="Loading comments" />;
  if (thread.isError) {
    return <ErrorBlock message={serverMessage(thread.error) ?? "We couldn't load the comments."} onRetry={() => void thread.refetch()} retrying={thread.isFetching} />;
  }

  return (
    <div className="space-y-4" data-comments>
      <p className="flex items-center gap-2 text-sm font-medium text-slate-700">
        <MessageSquare aria-hidden="true" className="h-4 w-4 text-slate-500" />
        {at ? 'Comments as they were then' : 'Comments'}
      </p>
      {comments.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 p-4 text-sm text-slate-600">
          {at ? 'No comments yet at that moment.' : 'No comments yet. Start the conversation below.'}
        </p>
      ) : (
        <ol aria-label="Comments" className="space-y-2">
          {comments.map((comment) => (
            <CommentItem key={comment.id} comment={comment} people={people} currentUserId={currentUserId} canModerate={canModerate} readOnly={at !== null} />
          ))}
        </ol>
      )}
      {thread.hasNextPage ? (
        <Button variant="outline" size="sm" onClick={() => void thread.fetchNextPage()} disabled={thread.isFetchingNextPage}>
          {thread.isFetchingNextPage ? 'Loading…' : 'Load more comments'}
        </Button>
      ) : null}
      {thread.isFetchNextPageError ? (
        <p role="alert" className="text-sm text-red-700">
          We couldn't load more comments. Try again.
        </p>
      ) : null}
      {at ? null : (
        <div className="border-t border-slate-200 pt-3">
          <CommentComposer
            label="New comment"
            people={people.filter((p) => p.id !== currentUserId)}
            submitLabel="Post"
            pending={post.isPending}
            onSubmit={async (input) => {
              setPostError(null);
              try {
                await post.mutateAsync(input);
                return true;
              } catch (err) {
                setPostError(refusal(err));
                return false;
              }
            }}
          />
          {postError ? (
            <p role="alert" className="mt-2 text-sm text-red-700">
              {postError}
            </p>
          ) : null}
        </div>
      )}
    </div>
  );
}

interface CommentItemProps {
  comment: Comment;
  people: readonly MentionPerson[];
  currentUserId: string;
  canModerate: boolean;
  readOnly: boolean;
}

function CommentItem({ comment, people, currentUserId, canModerate, readOnly }: CommentItemProps) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const edit = useEditComment();
  const remove = useDeleteComment();
  const mine = comment.author?.id === currentUserId;
  const author = comment.author ? displayName({ ...comment.author, email: '' }) : 'Deleted user';
  const deleted = comment.deletedAt !== null;

  return (
    <li data-comment={comment.id} className="rounded-md border border-slate-200 bg-white p-3 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-x-2">
        <p className="font-semibold text-slate-900">{author}</p>
        <p className="text-xs text-slate-600">
          <time dateTime={comment.createdAt}>{when(comment.createdAt)}</time>
          {comment.editedAt && !deleted ? <span title={`Edited ${when(comment.editedAt)}`}> · edited</span> : null}
        </p>
      </div>
      {deleted ? (
        <p className="mt-1 text-slate-500 italic">comment deleted</p>
      ) : editing ? (
        <div className="mt-2">
          <CommentComposer
            label="Edit comment"
            people={people.filter((p) => p.id !== currentUserId)}
            initialText={comment.body}
            initialMentions={people.filter((p) => comment.mentionedUserIds.includes(p.id))}
            submitLabel="Save"
            pending={edit.isPending}
            autoFocus
            onCancel={() => setEditing(false)}
            onSubmit={async (input) => {
              setError(null);
              try {
                await edit.mutateAsync({ commentId: comment.id, input });
                setEditing(false);
                return true;
              } catch (err) {
                setError(refusal(err));
                return false;
              }
            }}
          />
        </div>
      ) : (
        <div className="mt-1 text-slate-800">
          <Markdown text={comment.body} />
        </div>
      )}
      {!readOnly && !deleted && !editing && (mine || canModerate) ? (
        <div className="mt-2 flex flex-wrap items-center gap-2">
          {confirming ? (
            <>
              <span className="text-xs text-slate-700">Delete this comment?</span>
              <Button
                variant="destructive"
                size="sm"
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(comment, {
                    onError: (err) => setError(serverMessage(err) ?? "We couldn't delete the comment. Try again."),
                    onSettled: () => setConfirming(false),
                  })
                }
              >
                {remove.isPending ? 'Deleting…' : 'Delete'}
              </Button>
              <Button variant="outline" size="sm" onClick={() => setConfirming(false)}>
                Keep
              </Button>
            </>
          ) : (
            <>
              {mine ? (
                <Button variant="ghost" size="sm" aria-label={`Edit comment by ${author}`} onClick={() => setEditing(true)}>
                  Edit
                </Button>
              ) : null}
              <Button variant="ghost" size="sm" aria-label={`Delete comment by ${author}`} onClick={() => setConfirming(true)}>
                Delete
              </Button>
            </>
          )}
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </li>
  );
}

const authorName = (c: Comment) => (c.author ? displayName({ ...c.author, email: '' }) : '');

/**
 * Beside a moved bar's note (the past view): the comment its mover wrote on the task with the move, if any, read
 * from the thread as it is now.
 */
export function MoveComment({ taskId, move }: { taskId: string; move: { by: string | null; movedAt: string } }) {
  const thread = useCommentThread(taskId);
  const comment = thread.data ? commentWithMove(thread.data.pages.flatMap((p) => p.comments), move, authorName) : null;
  if (!comment) return null;
  return (
    <figure data-move-comment={comment.id} className="mt-2 rounded-md border border-amber-200 bg-white px-3 py-2 text-sm">
      <figcaption className="text-xs text-slate-600">
        {authorName(comment)} wrote with this move, <time dateTime={comment.createdAt}>{when(comment.createdAt)}</time>:
      </figcaption>
      <div className="mt-1 text-slate-800">
        <Markdown text={comment.body} />
      </div>
    </figure>
  );
}
