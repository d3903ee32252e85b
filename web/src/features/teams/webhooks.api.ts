import { createdWebhookSchema, webhookDeliveriesSchema, webhookSchema, type CreatedWebhook, type CreateWebhookInput } from '@planline/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { parsedQueryFn } from '../../lib/parsed-query';
import { apiRequest } from '../../lib/query-client';

export const webhooksKey = (teamId: string) => [`/api/teams/${teamId}/webhooks`] as const;
const deliveriesKey = (teamId: string, webhookId: string) => [`/api/teams/${teamId}/webhooks/${webhookId}/deliveries`] as const;
const listFn = parsedQueryFn(webhookSchema.array());
const deliveriesFn = parsedQueryFn(webhookDeliveriesSchema);

/** Issue 40, GET /api/teams/{teamId}/webhooks: the team's endpoints (never their secrets). 402 on Free. */
export function useWebhooks(teamId: string, enabled: boolean) {
  return useQuery({ queryKey: webhooksKey(teamId), queryFn: listFn, enabled, retry: false });
}

/** An endpoint's recent deliveries, newest first, read while its list is open. */
export function useWebhookDeliveries(teamId: string, webhookId: string, enabled: boolean) {
  return useQuery({ queryKey: deliveriesKey(teamId, webhookId), queryFn: deliveriesFn, enabled, refetchInterval: enabled ? 10_000 : false });
}

/** POST …/webhooks: the answer holds the secret, shown this once. */
export function useCreateWebhook(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateWebhookInput): Promise<CreatedWebhook> =>
      createdWebhookSchema.parse(await (await apiRequest('POST', `/api/teams/${teamId}/webhooks`, input)).json()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey(teamId) }),
  });
}

/** POST …/webhooks/{id}/rotate-secret: a new secret, shown this once; the old one stops signing. */
export function useRotateWebhookSecret(teamId: string) {
  return useMutation({
    mutationFn: async (webhookId: string): Promise<CreatedWebhook> =>
      createdWebhookSchema.parse(await (await apiRequest('POST', `/api/teams/${teamId}/webhooks/${webhookId}/rotate-secret`)).json()),
  });
}

export function useDeleteWebhook(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (webhookId: string) => {
      await apiRequest('DELETE', `/api/teams/${teamId}/webhooks/${webhookId}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey(teamId) }),
  });
}
