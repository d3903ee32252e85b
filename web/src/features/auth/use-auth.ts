import { useQuery } from '@tanstack/react-query';
import { authUserQuery } from './auth.queries';

export function useAuth() {
  const { data, isLoading, refetch } = useQuery(authUserQuery);
  const user = data ?? null;
  return { user, isLoading, isAuthenticated: user !== null, refetch };
}
