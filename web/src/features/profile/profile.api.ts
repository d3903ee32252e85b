import { publicUserSchema, type ProfileInput } from '@planline/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/query-client';
import { AUTH_USER_KEY } from '../auth';

/** PUT /api/auth/user; the answer is the updated user, which becomes the auth read's value. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ProfileInput) => (await apiRequest('PUT', '/api/auth/user', input)).json(),
    onSuccess: async (data: unknown) => {
      const parsed = publicUserSchema.safeParse(data);
      if (parsed.success) queryClient.setQueryData(AUTH_USER_KEY, parsed.data);
      else await queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY });
    },
  });
}
