import { notificationPageSchema, type Notification, type NotificationPage, type NotificationReason } from '@planline/domain';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/query-client';
import { parsedQueryFn } from '../../lib/parsed-query';

/** Everything the inbox reads starts with this, so one invalidation refreshes the badge and the lists. */
export const NOTIFICATIONS_KEY = ['/api/notifications'] as const;
/**
 * The badge's count: the first page of unread ones says how many there are in all. Under NOTIFICATIONS_KEY, so that
 * a read or mark-all-read here refreshes it even when no socket tells this tab (its key was once a URL of its own,
 * which the mutations' invalidation never reached).
 */
export const UNREAD_COUNT_KEY = ['/api/notifications', 'unread'] as const;

export type InboxShow = 'all' | 'unread' | 'archived';
export interface InboxFilters {
  show: InboxShow;
  reason: NotificationReason | '';
  projectId: string;
}

const inboxKey = (f: InboxFilters) => ['/api/notifications', 'inbox', f.show, f.reason, f.projectId] as const;

function inboxUrl(f: InboxFilters, before: string | null): string {
  const params = new URLSearchParams();
  if (f.show === 'unread') params.set('unread', 'true');
  if (f.show === 'archived') params.set('archived', 'true');
  if (f.reason) params.set('reason', f.reason);
  if (f.projectId) params.set('projectId', f.projectId);
  if (before) params.set('before', before);
  const query = params.toString();
  return `/api/notifications${query ? `?${query}` : ''}`;
}

const unreadFn = async () => notificationPageSchema.parse(await (await apiRequest('GET', '/api/notifications?unread=true')).json());

/** How many unread notifications the person has (the bell's badge); live events keep it current. */
export function useUnreadCount(): number | null {
  const query = useQuery({ queryKey: UNREAD_COUNT_KEY, queryFn: unreadFn, select: (page: NotificationPage) => page.unread });
  return query.data ?? null;
}

export function useInbox(filters: InboxFilters) {
  return useInfiniteQuery({
    queryKey: inboxKey(filters),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) => notificationPageSchema.parse(await (await apiRequest('GET', inboxUrl(filters, pageParam))).json()),
    getNextPageParam: (page) => page.next,
  });
}

/** The count changed (a new notification, or read state changed elsewhere): the badge shows it, the lists read again. */
export function notificationsChanged(queryClient: QueryClient, unread: number): void {
  queryClient.setQueryData<NotificationPage>(UNREAD_COUNT_KEY, (page) => (page ? { ...page, unread } : page));
  void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY, predicate: (q) => q.queryKey[1] === 'inbox' });
}

export function usePatchNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...patch }: { id: string; read?: boolean; archived?: boolean }) =>
      (await (await apiRequest('PATCH', `/api/notifications/${id}`, patch)).json()) as Notification,
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await (await apiRequest('POST', '/api/notifications/read-all')).json()) as { unread: number },
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}

const watchKey = (taskId: string) => ['/api/tasks', taskId, 'watch'] as const;
const watchFn = parsedQueryFn<{ watching: boolean }>({ parse: (d) => ({ watching: !!(d as { watching?: unknown }).watching }) });

export function useWatching(taskId: string) {
  return useQuery({ queryKey: watchKey(taskId), queryFn: watchFn });
}

export function useSetWatching(taskId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (watching: boolean) =>
      (await (await apiRequest(watching ? 'POST' : 'DELETE', `/api/tasks/${taskId}/watch`)).json()) as { watching: boolean },
    onSuccess: (state) => queryClient.setQueryData(watchKey(taskId), state),
  });
}
