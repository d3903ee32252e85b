import type { UserEntity } from '@planline/db';
import type { Middleware } from 'koa';
import { AppError } from '../errors.js';
import { describesSession } from '../http/openapi.js';
import type { AuthService } from '../features/auth/auth.service.js';
import { endSession, sessionIdentity } from '../http/session.js';

declare module 'koa' {
  interface DefaultState {
    user?: UserEntity;
  }
}

/**
 * Resolves the session to its user on every request. A session whose user is gone, or whose credentials
 * version is older than the user's (password changed since), is ended here.
 */
export function loadSessionUser(auth: AuthService): Middleware {
  return async (ctx, next) => {
    const identity = sessionIdentity(ctx);
    if (identity) {
      const user = await auth.findById(identity.userId);
      if (user && user.credentialsVersion === identity.credentialsVersion) ctx.state.user = user;
      else endSession(ctx);
    }
    await next();
  };
}

/** 401 `{ message: 'Unauthorized' }`: the web's unauthorised check reads '401: ' plus 'Unauthorized'. */
export const requireAuth: Middleware = describesSession(async (ctx, next) => {
  if (!ctx.state.user) throw new AppError('unauthorized', 'Unauthorized');
  await next();
});

/** The signed-in user, for handlers behind requireAuth. */
export function currentUser(state: { user?: UserEntity }): UserEntity {
  if (!state.user) throw new AppError('unauthorized', 'Unauthorized');
  return state.user;
}
