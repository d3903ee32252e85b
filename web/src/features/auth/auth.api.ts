import type { LoginInput, RegisterInput } from '@planline/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/query-client';
import { AUTH_USER_KEY } from './auth.queries';
import { usePostAuthTarget } from './post-auth-target.store';

/**
 * After a session is created: remember where to go, then refetch (and await) the auth read, whose user flips
 * the route table; the signed-in /auth route then redirects to the remembered target.
 * Resolves to whether the refetch found the user; false means the session cookie did not stick.
 */
function useStartSession() {
  const queryClient = useQueryClient();
  const setTarget = usePostAuthTarget((state) => state.setTarget);
  return async (target: string): Promise<boolean> => {
    setTarget(target);
    await queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY });
    return queryClient.getQueryData(AUTH_USER_KEY) != null;
  };
}

export function useRegister() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: async ({ input, target }: { input: RegisterInput; target: string }) => {
      await apiRequest('POST', '/api/auth/register', input);
      return startSession(target);
    },
  });
}

export function useLogin() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: async ({ input, target }: { input: LoginInput; target: string }) => {
      await apiRequest('POST', '/api/auth/login', input);
      return startSession(target);
    },
  });
}
