import { useQuery } from '@tanstack/react-query';
import { AUTH_USER_KEY, fetchAuthUser } from './auth.queries';

export function useAuth() {
  const { data, isLoading, refetch } = useQuery({ queryKey: AUTH_USER_KEY, queryFn: fetchAuthUser });
  const user = data ?? null;
  return { user, isLoading, isAuthenticated: user !== null, refetch };
}
