import { calendarFeedLinkSchema, calendarFeedStatusSchema, type CalendarFeedLink } from '@planline/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { parsedQueryFn } from '../../lib/parsed-query';
import { apiRequest } from '../../lib/query-client';

export const CALENDAR_FEED_KEY = ['/api/me/calendar-feed'] as const;
const statusFn = parsedQueryFn(calendarFeedStatusSchema);

/** GET /api/me/calendar-feed: whether the person has a working calendar link (the link itself is shown once). */
export function useCalendarFeedStatus() {
  return useQuery({ queryKey: CALENDAR_FEED_KEY, queryFn: statusFn });
}

/** POST /api/me/calendar-feed: a new link, which replaces (and so turns off) the one before. */
export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<CalendarFeedLink> => calendarFeedLinkSchema.parse(await (await apiRequest('POST', '/api/me/calendar-feed')).json()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CALENDAR_FEED_KEY }),
  });
}

/** DELETE /api/me/calendar-feed: the link stops working at once. */
export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiRequest('DELETE', '/api/me/calendar-feed');
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CALENDAR_FEED_KEY }),
  });
}
