import { QueryClient, type QueryFunction } from '@tanstack/react-query';

/**
 * The fetch layer of PRODUCT-SPEC §7. Every error it throws has the message `${status}: ${body}` so that
 * callers (and isUnauthorizedError / serverMessage in api-error.ts) can read the status and the API's JSON.
 */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const bodyText = await res.text().catch(() => '');
  throw new Error(`${res.status}: ${bodyText || res.statusText}`);
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A write (or a one-off read) with the session cookie; the body is JSON only when data is given. */
export async function apiRequest(method: HttpMethod, url: string, data?: unknown): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: data !== undefined ? { 'Content-Type': 'application/json' } : {},
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: 'include',
  });
  await throwIfResNotOk(res);
  return res;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/**
 * Reads use the query key as the URL: ['/api/teams', id, 'members'] → GET /api/teams/{id}/members. With `urlParts`,
 * only that many leading parts make the URL; the rest keep apart answers of one URL cached in different shapes.
 */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior; urlParts?: number }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    const res = await fetch(queryKey.slice(0, options.urlParts).join('/'), { credentials: 'include' });
    if (options.on401 === 'returnNull' && res.status === 401) return null;
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}

/** No polling, no refetch on focus, never stale, no retries: the spec's query client. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}
