import { publicUserSchema, type LoginInput, type PublicUser, type RegisterInput } from '@planline/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/query-client';
import { AUTH_USER_KEY } from './auth.queries';

async function readUser(res: Response): Promise<PublicUser | null> {
  const parsed = publicUserSchema.safeParse(await res.json().catch(() => null));
  return parsed.success ? parsed.data : null;
}

/** After a session is created the auth read is refetched, and awaited, before anyone navigates. */
function useRefreshAuth() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY });
}

export function useRegister() {
  const refreshAuth = useRefreshAuth();
  return useMutation({
    mutationFn: async (input: RegisterInput) => readUser(await apiRequest('POST', '/api/auth/register', input)),
    onSuccess: refreshAuth,
  });
}

export function useLogin() {
  const refreshAuth = useRefreshAuth();
  return useMutation({
    mutationFn: async (input: LoginInput) => readUser(await apiRequest('POST', '/api/auth/login', input)),
    onSuccess: refreshAuth,
  });
}
