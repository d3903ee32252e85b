import { chatMessageSchema, chatPageSchema, chatPresenceSchema, chatTaskOptionSchema, type ChatInput, type ChatMessage, type ChatPresence } from '@planline/domain';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/query-client';
import { parsedQueryFn } from '../../lib/parsed-query';
import { withMessage, type ChatPages } from './chat-cache';

/* Under the team's key (['/api/teams', id]): a person removed from the team forgets these with it. */
export const chatKey = (teamId: string) => ['/api/teams', teamId, 'chat'] as const;
export const chatPresenceKey = (teamId: string) => ['/api/teams', teamId, 'chat', 'presence'] as const;
const chatTasksKey = (teamId: string, q: string) => ['/api/teams', teamId, 'chat', `tasks?q=${encodeURIComponent(q)}`] as const;

const presenceFn = parsedQueryFn(chatPresenceSchema);
const taskOptionsFn = parsedQueryFn(chatTaskOptionSchema.array());

/** GET /api/teams/{id}/chat, page after page back in time as the person scrolls up. */
export function useChatPages(teamId: string) {
  return useInfiniteQuery({
    queryKey: chatKey(teamId),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }) => {
      const url = `/api/teams/${teamId}/chat${pageParam ? `?before=${encodeURIComponent(pageParam)}` : ''}`;
      const res = await fetch(url, { credentials: 'include', signal });
      if (!res.ok) throw new Error(`${res.status}: ${await res.text().catch(() => res.statusText)}`);
      return chatPageSchema.parse(await res.json());
    },
    getNextPageParam: (last) => last.next,
    // Live: the socket's events keep it current; a reconnect reads it again.
    staleTime: Infinity,
  });
}

export function useChatPresence(teamId: string) {
  return useQuery({ queryKey: chatPresenceKey(teamId), queryFn: presenceFn });
}

/** The # picker's options: the team's tasks whose name holds `q` (read while the picker is open). */
export function useChatTaskOptions(teamId: string, q: string, enabled: boolean) {
  return useQuery({ queryKey: chatTasksKey(teamId, q), queryFn: taskOptionsFn, enabled, staleTime: 30_000 });
}

export function usePostChatMessage(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ChatInput) =>
      chatMessageSchema.parse(await (await apiRequest('POST', `/api/teams/${teamId}/chat`, input)).json()),
    onSuccess: (message) => cacheChatMessage(queryClient, message),
  });
}

/** A message into the open chat's cache (a chat nobody has open stays unread). */
export function cacheChatMessage(queryClient: QueryClient, message: ChatMessage): void {
  queryClient.setQueryData<ChatPages>(chatKey(message.teamId), (data) => withMessage(data, message));
}

export function cacheChatPresence(queryClient: QueryClient, presence: ChatPresence): void {
  queryClient.setQueryData<ChatPresence>(chatPresenceKey(presence.teamId), presence);
}
