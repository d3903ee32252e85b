import type { UserEntity } from '@planline/db';
import type { Middleware } from 'koa';
import { AppError } from '../errors.js';
import { describesSession, describesSessionOnly } from '../http/openapi.js';
import type { AuthService } from '../features/auth/auth.service.js';
import type { ApiTokensService, TokenIdentity } from '../features/api-tokens/api-tokens.service.js';
import { endSession, sessionIdentity } from '../http/session.js';

declare module 'koa' {
  interface DefaultState {
    user?: UserEntity;
    /** Issue 40: set when the request is authorised by an API token (`Authorization: Bearer …`), not a session. */
    token?: TokenIdentity;
  }
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Resolves the request to its user on every request: by its API token when it carries an Authorization header
 * (issue 40; then its session cookie, if any, is not read), else by its session. A session whose user is gone, or
 * whose credentials version is older than the user's (password changed since), is ended here. A token that is not
 * valid is a 401 at once, whatever the route: a script must learn its token is wrong, not read as nobody. A
 * read-only token is refused every state-changing method here, for every route.
 */
export function loadSessionUser(auth: AuthService, tokens?: ApiTokensService): Middleware {
  return async (ctx, next) => {
    const authorization = ctx.get('Authorization');
    if (authorization && tokens && ctx.path.startsWith('/api/')) {
      const bearer = BEARER.exec(authorization);
      if (!bearer) throw new AppError('unauthorized', 'Send the API token as Authorization: Bearer <token>');
      const token = await tokens.authenticate(bearer[1]!);
      const user = await auth.findById(token.userId);
      if (!user) throw new AppError('unauthorized', 'This API token is not valid: its account was deleted');
      if (token.scope === 'read' && !READ_METHODS.has(ctx.method)) {
        throw new AppError('forbidden', 'This API token can only read. Make a read-write token on your profile page to change things.');
      }
      ctx.state.user = user;
      ctx.state.token = token;
      return next();
    }
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

/**
 * [token-reach] A route an API token never reaches (issue 40): signing in and out and the account's password,
 * billing, the tokens themselves and webhooks. Only a signed-in session in the app may use them.
 */
export const sessionOnly: Middleware = describesSessionOnly(async (ctx, next) => {
  if (ctx.state.token) throw new AppError('forbidden', 'API tokens cannot be used here (sign-in, billing, tokens and webhooks): use the app, signed in');
  await next();
});

/** The signed-in user, for handlers behind requireAuth. */
export function currentUser(state: { user?: UserEntity }): UserEntity {
  if (!state.user) throw new AppError('unauthorized', 'Unauthorized');
  return state.user;
}
