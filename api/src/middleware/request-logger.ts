import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from '../logger.js';

/** One structured line per request; `ctx.state.log` is the request-scoped child logger. */
export function requestLogger(logger: Logger): Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    const requestId = randomUUID();
    ctx.state.log = logger.child({ requestId });
    ctx.set('X-Request-Id', requestId);
    try {
      await next();
    } finally {
      const ms = Math.round((performance.now() - started) * 10) / 10;
      const line = { method: ctx.method, path: redactSecrets(ctx.path), status: ctx.status, ms, userId: ctx.state.user?.id };
      if (ctx.status >= 500) ctx.state.log.error(line, 'request');
      else ctx.state.log.info(line, 'request');
    }
  };
}

/** Paths whose last part is a credential (the calendar feed's token): logged without it. */
export function redactSecrets(path: string): string {
  return path.replace(/^\/api\/calendar\/[^/]+$/, '/api/calendar/[token].ics');
}
