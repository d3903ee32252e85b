import Router from '@koa/router';
import { createApiTokenInputSchema } from '@planline/domain';
import { currentUser, requireAuth, sessionOnly } from '../../middleware/auth.js';
import { uuidParams } from '../../middleware/params.js';
import { validate } from '../../middleware/validate.js';
import type { ApiTokensService } from './api-tokens.service.js';

const TOKEN_NOT_FOUND = 'No such API token: it may have been revoked already';

/**
 * Issue 40: a person's API tokens, managed from a signed-in session only (a token never makes or sees tokens).
 * The list never holds a token itself: it is in the POST's answer, once.
 */
export function apiTokensRoutes(tokens: ApiTokensService): Router {
  const router = new Router({ prefix: '/api' });
  const token = uuidParams({ tokenId: TOKEN_NOT_FOUND });

  router.get('/me/tokens', requireAuth, sessionOnly, async (ctx) => {
    ctx.body = await tokens.list(currentUser(ctx.state).id);
  });

  router.post('/me/tokens', requireAuth, sessionOnly, validate('body', createApiTokenInputSchema), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.status = 201;
    ctx.body = await tokens.create(currentUser(ctx.state).id, ctx.state.body);
  });

  router.delete('/me/tokens/:tokenId', requireAuth, sessionOnly, token, async (ctx) => {
    await tokens.revoke(currentUser(ctx.state).id, ctx.params.tokenId!);
    ctx.status = 204;
  });

  return router;
}
