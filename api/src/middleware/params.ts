import type { Middleware } from 'koa';
import { z } from 'zod';
import { AppError } from '../errors.js';

const uuid = z.uuid();

/** A path id that is not a uuid names nothing: 404 with the entity's own message, never a 400 or a 500. */
export function uuidParams(notFound: Record<string, string>): Middleware {
  return async (ctx, next) => {
    for (const [param, message] of Object.entries(notFound)) {
      if (!uuid.safeParse(ctx.params[param]).success) throw new AppError('not_found', message);
      ctx.params[param] = ctx.params[param]!.toLowerCase();
    }
    await next();
  };
}
