import { publicUserSchema, type PublicUser } from '@planline/domain';
import { getQueryFn } from '../../lib/query-client';

export const AUTH_USER_KEY = ['/api/auth/user'] as const;

const readUser = getQueryFn<unknown>({ on401: 'returnNull' });

/**
 * GET /api/auth/user. Any failure means signed out (PRODUCT-SPEC §4), so this never throws: a network error, a
 * 5xx, or an answer that is not a user (the SPA's index.html when no API is behind the proxy) all yield null.
 */
export async function fetchAuthUser(context: Parameters<typeof readUser>[0]): Promise<PublicUser | null> {
  try {
    const data = await readUser(context);
    if (data === null) return null;
    const parsed = publicUserSchema.safeParse(data);
    if (!parsed.success) {
      console.warn('GET /api/auth/user answered something that is not a user; treating as signed out', parsed.error);
      return null;
    }
    return parsed.data;
  } catch {
    return null;
  }
}

/** The auth read's options: for useAuth, and for the read started before React's first render (start-reads.ts). */
export const authUserQuery = { queryKey: AUTH_USER_KEY, queryFn: fetchAuthUser };
