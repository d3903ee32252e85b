import { commentCountsSchema, commentPageSchema, commentSchema, type Comment, type CommentInput, type ServerToClientEvents } from '@planline/domain';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest, throwIfResNotOk } from '../../lib/query-client';
import { parsedQueryFn } from '../../lib/parsed-query';
import { countedComments, withComment, type CommentThread } from './comments.cache';

/*
 * Task comments (issue 38) over REST; the project's 'comment:*' events (features/realtime) write into these caches,
 * so every browser with the task open shows a comment as it is posted, edited or deleted.
 */

/** A task's thread now (`at` null) or as it was at an instant of the past view. */
export const commentThreadKey = (taskId: string, at: string | null = null) => ['/api/tasks', taskId, 'comments', at ?? 'now'] as const;
export const commentCountsKey = (projectId: string) => ['/api/projects', projectId, 'comment-counts'] as const;

async function readPage(taskId: string, at: string | null, after: string | null) {
  const query = new URLSearchParams();
  if (after) query.set('after', after);
  if (at) query.set('at', at);
  const res = await fetch(`/api/tasks/${taskId}/comments${query.size ? `?${query}` : ''}`, { credentials: 'include' });
  await throwIfResNotOk(res);
  return commentPageSchema.parse(await res.json());
}

/** The thread, oldest first, a page at a time ("Load more" reads the next). */
export function useCommentThread(taskId: string, at: string | null = null) {
  return useInfiniteQuery({
    queryKey: commentThreadKey(taskId, at),
    queryFn: ({ pageParam }) => readPage(taskId, at, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });
}

const countsFn = parsedQueryFn(commentCountsSchema);

/** How many comments one task has (0 when none), from the project's counts read once and kept live. */
export function useCommentCount(projectId: string, taskId: string): number {
  const counts = useQuery({ queryKey: commentCountsKey(projectId), queryFn: countsFn, select: (all) => all[taskId] ?? 0 });
  return counts.data ?? 0;
}

function storeComment(queryClient: QueryClient, comment: Comment): void {
  queryClient.setQueryData<CommentThread>(commentThreadKey(comment.taskId), (thread) => (thread ? withComment(thread, comment) : thread));
}

type CommentEvent = Parameters<ServerToClientEvents['comment:created']>[0];

/** A 'comment:created|updated|deleted' event into the thread and the row's count. */
export function applyCommentEvent(queryClient: QueryClient, kind: 'created' | 'updated' | 'deleted', { projectId, taskId, comment }: CommentEvent): void {
  storeComment(queryClient, comment);
  if (kind === 'updated') return;
  queryClient.setQueryData<Record<string, number>>(commentCountsKey(projectId), (counts) =>
    counts ? countedComments(counts, taskId, kind === 'created' ? 1 : -1) : counts,
  );
}

const parseComment = async (res: Response) => commentSchema.parse(await res.json());

export function usePostComment(taskId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CommentInput) => parseComment(await apiRequest('POST', `/api/tasks/${taskId}/comments`, input)),
    onSuccess: (comment) => storeComment(queryClient, comment),
  });
}

export function useEditComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ commentId, input }: { commentId: string; input: CommentInput }) =>
      parseComment(await apiRequest('PATCH', `/api/comments/${commentId}`, input)),
    onSuccess: (comment) => storeComment(queryClient, comment),
  });
}

export function useDeleteComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (comment: Comment) => {
      await apiRequest('DELETE', `/api/comments/${comment.id}`);
    },
    // Shown at once; the 'comment:deleted' event brings the server's own time (and the count) a moment later.
    onSuccess: (_none, comment) => storeComment(queryClient, { ...comment, body: '', mentionedUserIds: [], deletedAt: comment.deletedAt ?? new Date().toISOString() }),
  });
}
