import Router from '@koa/router';
import { createWebhookInputSchema } from '@planline/domain';
import { answers } from '../../http/openapi.js';
import { currentUser, requireAuth, sessionOnly } from '../../middleware/auth.js';
import { uuidParams } from '../../middleware/params.js';
import { validate } from '../../middleware/validate.js';
import { TEAM_NOT_FOUND } from '../access/access.policy.js';
import { WEBHOOK_NOT_FOUND } from './webhooks.policy.js';
import type { WebhooksService } from './webhooks.service.js';

/**
 * Issue 40: a team's webhooks, for its owner and admins, on Pro and above (402 on Free), from a signed-in session only
 * ([token-reach]: an API token never reaches them). The secret is in the answers of POST and rotate-secret, once.
 */
export function webhooksRoutes(webhooks: WebhooksService): Router {
  const router = new Router({ prefix: '/api' });
  const team = uuidParams({ teamId: TEAM_NOT_FOUND });
  const hook = uuidParams({ teamId: TEAM_NOT_FOUND, webhookId: WEBHOOK_NOT_FOUND });
  const user = (state: Parameters<typeof currentUser>[0]) => currentUser(state).id;

  router.get('/teams/:teamId/webhooks', requireAuth, sessionOnly, team, answers(402), async (ctx) => {
    ctx.body = await webhooks.list(user(ctx.state), ctx.params.teamId!);
  });

  router.post('/teams/:teamId/webhooks', requireAuth, sessionOnly, team, validate('body', createWebhookInputSchema), answers(402), async (ctx) => {
    const created = await webhooks.create(user(ctx.state), ctx.params.teamId!, ctx.state.body);
    ctx.set('Cache-Control', 'no-store');
    ctx.status = 201;
    ctx.body = created;
  });

  router.post('/teams/:teamId/webhooks/:webhookId/rotate-secret', requireAuth, sessionOnly, hook, answers(402), async (ctx) => {
    const rotated = await webhooks.rotateSecret(user(ctx.state), ctx.params.teamId!, ctx.params.webhookId!);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = rotated;
  });

  router.delete('/teams/:teamId/webhooks/:webhookId', requireAuth, sessionOnly, hook, async (ctx) => {
    await webhooks.remove(user(ctx.state), ctx.params.teamId!, ctx.params.webhookId!);
    ctx.status = 204;
  });

  router.get('/teams/:teamId/webhooks/:webhookId/deliveries', requireAuth, sessionOnly, hook, answers(402), async (ctx) => {
    ctx.body = await webhooks.deliveries(user(ctx.state), ctx.params.teamId!, ctx.params.webhookId!);
  });

  return router;
}
