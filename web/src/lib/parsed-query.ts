import type { QueryFunction } from '@tanstack/react-query';
import { getQueryFn } from './query-client';

const readAll = getQueryFn<unknown>({ on401: 'throw' });

/** Anything with zod's parse: the domain schemas, without web depending on zod itself. */
export interface Parser<T> {
  parse(data: unknown): T;
}

/**
 * The default read (key parts joined into the URL), checked against the domain schema of the answer. `urlParts`:
 * only that many leading parts make the URL (see getQueryFn).
 */
export function parsedQueryFn<T>(schema: Parser<T>, urlParts?: number): QueryFunction<T> {
  const read = urlParts === undefined ? readAll : getQueryFn<unknown>({ on401: 'throw', urlParts });
  return async (context) => schema.parse(await read(context));
}
