import { isDatabaseUnavailable } from '@planline/db';
import type { ErrorBody } from '@planline/domain';
import type { Middleware } from 'koa';
import { AppError, databaseUnavailable } from '../errors.js';

interface HttpLikeError {
  status?: number;
  statusCode?: number;
  expose?: boolean;
  type?: string;
  message?: string;
}

/** Errors raised by Koa's own parts (body parser, http-errors), with messages a person can act on. */
function fromHttpError(err: HttpLikeError): AppError | null {
  const status = err.status ?? err.statusCode;
  if (!status || status < 400 || status >= 500) return null;
  if (status === 413 || err.type === 'entity.too.large') {
    return new AppError('payload_too_large', 'Request body is too large: the limit is 1 MB');
  }
  if (status === 415) return new AppError('unsupported_media_type', 'Send the request body as JSON (Content-Type: application/json)');
  if (status === 400 && (err.type === 'entity.parse.failed' || /json/i.test(err.message ?? ''))) {
    return new AppError('bad_request', 'Request body is not valid JSON');
  }
  if (status === 400) return new AppError('bad_request', err.expose && err.message ? err.message : 'Bad request');
  if (status === 404) return new AppError('not_found', 'Not found');
  if (status === 401) return new AppError('unauthorized', 'Unauthorized');
  if (status === 403) return new AppError('forbidden', 'Forbidden');
  return null;
}

/**
 * The single place where failures become HTTP answers: `{ message, code, ...extra }` with the status of the
 * code. A database that cannot be reached (PostgreSQL restarting) is a 503 that says so, whichever query
 * found out. Anything else unexpected is a 500 with a generic message (and a log line with the stack): a bug.
 */
export function errorHandler(): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (raw) {
      let err = raw instanceof AppError ? raw : fromHttpError(raw as HttpLikeError);
      if (!err && isDatabaseUnavailable(raw)) {
        ctx.state.log?.warn({ err: raw }, 'database unavailable');
        err = databaseUnavailable();
      }
      if (err) {
        ctx.status = err.status;
        ctx.body = { message: err.message, code: err.code, ...err.extra } satisfies ErrorBody;
        if (typeof err.extra.retryAfterSeconds === 'number') {
          ctx.set('Retry-After', String(err.extra.retryAfterSeconds));
        }
        return;
      }
      ctx.state.log?.error({ err: raw }, 'unhandled error');
      ctx.status = 500;
      ctx.body = { message: 'Something went wrong on our side. Please try again.', code: 'internal' } satisfies ErrorBody;
    }
  };
}
