import { notificationSettingsSchema, type NotificationSettings } from '@planline/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { parsedQueryFn } from '../../lib/parsed-query';
import { apiRequest } from '../../lib/query-client';

export const NOTIFICATION_SETTINGS_KEY = ['/api/me/notification-settings'] as const;
const settingsFn = parsedQueryFn(notificationSettingsSchema);

/** GET /api/me/notification-settings: how the person is e-mailed about mentions, and about everything else. */
export function useNotificationSettings() {
  return useQuery({ queryKey: NOTIFICATION_SETTINGS_KEY, queryFn: settingsFn });
}

/** PUT /api/me/notification-settings; the answer is what is now stored. */
export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: NotificationSettings): Promise<NotificationSettings> =>
      notificationSettingsSchema.parse(await (await apiRequest('PUT', '/api/me/notification-settings', settings)).json()),
    onSuccess: (saved) => queryClient.setQueryData(NOTIFICATION_SETTINGS_KEY, saved),
  });
}
