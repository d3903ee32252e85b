import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, createQueryClient, getQueryFn, throwIfResNotOk } from './query-client';

function stubFetch(response: Response) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('throwIfResNotOk', () => {
  it('[errors-format] passes an OK response', async () => {
    await expect(throwIfResNotOk(new Response('fine', { status: 200 }))).resolves.toBeUndefined();
  });

  it('[errors-format] uses "<status>: <body>" for a failed response', async () => {
    const res = json({ message: 'Nope', code: 'conflict' }, 409);
    await expect(throwIfResNotOk(res)).rejects.toThrow('409: {"message":"Nope","code":"conflict"}');
  });

  it('[errors-format] falls back to the status text when the body is empty', async () => {
    const res = new Response(null, { status: 503, statusText: 'Service Unavailable' });
    await expect(throwIfResNotOk(res)).rejects.toThrow('503: Service Unavailable');
  });
});

describe('apiRequest', () => {
  it('[calls-credentials] sends JSON with credentials when data is given', async () => {
    const fetchMock = stubFetch(json({ id: 1 }, 201));
    const res = await apiRequest('POST', '/api/teams', { name: 'A' });
    expect(res.status).toBe(201);
    expect(fetchMock).toHaveBeenCalledWith('/api/teams', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"name":"A"}',
      credentials: 'include',
    });
  });

  it('[calls-body-only-when-given] sends no body and no Content-Type without data', async () => {
    const fetchMock = stubFetch(new Response(null, { status: 204 }));
    await apiRequest('DELETE', '/api/teams/1/members/2');
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBeUndefined();
    expect(init?.headers).toEqual({});
    expect(init?.credentials).toBe('include');
  });

  it('[errors-format] throws the status and body of a failed write', async () => {
    stubFetch(json({ message: 'Unauthorized', code: 'unauthorized' }, 401));
    await expect(apiRequest('PUT', '/api/auth/user', {})).rejects.toThrow(/^401: .*Unauthorized/);
  });
});

describe('getQueryFn', () => {
  const context = (queryKey: readonly unknown[]) =>
    ({ queryKey, signal: new AbortController().signal, meta: undefined, client: createQueryClient() }) as never;

  it('[calls-read-url] joins the key parts with slashes and GETs with credentials', async () => {
    const fetchMock = stubFetch(json([{ id: 'm1' }]));
    const result = await getQueryFn({ on401: 'throw' })(context(['/api/teams', 't1', 'members']));
    expect(result).toEqual([{ id: 'm1' }]);
    expect(fetchMock).toHaveBeenCalledWith('/api/teams/t1/members', { credentials: 'include' });
  });

  it('[calls-401-null] yields null on 401 when configured to', async () => {
    stubFetch(json({ message: 'Unauthorized', code: 'unauthorized' }, 401));
    await expect(getQueryFn({ on401: 'returnNull' })(context(['/api/auth/user']))).resolves.toBeNull();
  });

  it('[calls-401-throw] throws on 401 by default', async () => {
    stubFetch(json({ message: 'Unauthorized', code: 'unauthorized' }, 401));
    await expect(getQueryFn({ on401: 'throw' })(context(['/api/auth/user']))).rejects.toThrow(/^401: /);
  });

  it('[calls-401-null] still throws other failures', async () => {
    stubFetch(json({ message: 'Not found', code: 'not_found' }, 404));
    await expect(getQueryFn({ on401: 'returnNull' })(context(['/api/teams']))).rejects.toThrow(/^404: /);
  });
});

describe('createQueryClient', () => {
  it('[query-defaults] never polls, never refetches on focus, never goes stale, never retries', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries?.refetchInterval).toBe(false);
    expect(queries?.refetchOnWindowFocus).toBe(false);
    expect(queries?.staleTime).toBe(Infinity);
    expect(queries?.retry).toBe(false);
    expect(mutations?.retry).toBe(false);
  });
});
