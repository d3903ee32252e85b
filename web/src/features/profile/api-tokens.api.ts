import { apiTokenSchema, createdApiTokenSchema, type CreateApiTokenInput, type CreatedApiToken } from '@planline/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { parsedQueryFn } from '../../lib/parsed-query';
import { apiRequest } from '../../lib/query-client';

export const API_TOKENS_KEY = ['/api/me/tokens'] as const;
const listFn = parsedQueryFn(apiTokenSchema.array());

/** GET /api/me/tokens: the person's API tokens, newest first (never the tokens themselves). */
export function useApiTokens() {
  return useQuery({ queryKey: API_TOKENS_KEY, queryFn: listFn });
}

/** POST /api/me/tokens: the answer holds the token, shown this once. */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateApiTokenInput): Promise<CreatedApiToken> =>
      createdApiTokenSchema.parse(await (await apiRequest('POST', '/api/me/tokens', input)).json()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_TOKENS_KEY }),
  });
}

/** DELETE /api/me/tokens/{id}: the token stops working at once. */
export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (tokenId: string) => {
      await apiRequest('DELETE', `/api/me/tokens/${tokenId}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_TOKENS_KEY }),
  });
}
