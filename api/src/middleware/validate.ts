import type { Middleware } from 'koa';
import type { z } from 'zod';
import { validationError } from '../errors.js';

type Part = 'body' | 'query' | 'params';

/**
 * Parses one part of the request with a domain schema and keeps the result in `ctx.state.<part>`; on failure a
 * 400 lists every problem. Handlers read only the parsed value, never the raw input, so extra fields in a body
 * (`role`, `ownerId`, ...) cannot reach a service.
 */
export function validate(part: Part, schema: z.ZodType): Middleware {
  return async (ctx, next) => {
    const raw = part === 'body' ? ctx.request.body : part === 'query' ? ctx.query : ctx.params;
    const result = schema.safeParse(raw ?? {});
    if (!result.success) throw validationError(result.error);
    ctx.state[part] = result.data;
    await next();
  };
}
