import type { Middleware } from 'koa';
import type { z } from 'zod';
import { AppError, validationError } from '../errors.js';
import { describesValidation } from '../http/openapi.js';

type Part = 'body' | 'query' | 'params';

/**
 * Where a parsed value holds U+0000, or null. PostgreSQL text cannot store it, so a name, code or token with one
 * would fail in the database as a 500; it is refused here, for every route, as a 400 that names the field.
 */
function pathOfNul(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object' || depth > 16) return null;
  for (const [key, item] of Object.entries(value)) {
    const found = pathOfNul(item, path ? `${path}.${key}` : key, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Parses one part of the request with a domain schema and keeps the result in `ctx.state.<part>`; on failure a
 * 400 lists every problem. Handlers read only the parsed value, never the raw input, so extra fields in a body
 * (`role`, `ownerId`, ...) cannot reach a service.
 */
export function validate(part: Part, schema: z.ZodType): Middleware {
  return describesValidation(async (ctx, next) => {
    const raw = part === 'body' ? ctx.request.body : part === 'query' ? ctx.query : ctx.params;
    const result = schema.safeParse(raw ?? {});
    if (!result.success) throw validationError(result.error);
    const nul = pathOfNul(result.data);
    if (nul !== null) {
      const message = `${nul || 'Input'} cannot contain a null character`;
      throw new AppError('validation_failed', message, { issues: [{ path: nul, message }] });
    }
    ctx.state[part] = result.data;
    await next();
  }, part, schema);
}
