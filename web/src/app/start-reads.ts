import type { QueryClient } from '@tanstack/react-query';
import { authUserQuery } from '../features/auth';
import { prefetchWorkspace } from '../features/workspace';

/**
 * Starts the page's first reads before React's first render, which takes 50–100 ms on a slow machine: the auth
 * read, and for a signed-in user at "/" the workspace's reads and project document (workspace-prefetch.ts). They
 * then also go out ahead of the workspace's code files, which would otherwise hold the browser's six connections.
 * The components' own queries find these in the cache, done or in flight.
 */
export function startFirstReads(queryClient: QueryClient): void {
  queryClient
    .fetchQuery(authUserQuery)
    .then((user) => {
      if (user && window.location.pathname === '/') prefetchWorkspace(queryClient, user.id);
    })
    .catch(() => {});
}
