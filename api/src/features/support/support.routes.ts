import Router from '@koa/router';
import { supportTicketInputSchema } from '@planline/domain';
import { validate } from '../../middleware/validate.js';
import type { SupportService } from './support.service.js';

/** The help centre is public: signed in or not, anyone may send a ticket (the signed-in user is recorded). */
export function supportRoutes(support: SupportService): Router {
  const router = new Router({ prefix: '/api' });

  router.post('/support/ticket', validate('body', supportTicketInputSchema), async (ctx) => {
    ctx.status = 201;
    ctx.body = await support.submit(ctx.state.body, ctx.state.user?.id ?? null);
  });

  return router;
}
