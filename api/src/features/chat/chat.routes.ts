import Router from '@koa/router';
import { chatInputSchema, chatPageQuerySchema, chatTaskSearchQuerySchema } from '@planline/domain';
import { answers } from '../../http/openapi.js';
import { currentUser, requireAuth } from '../../middleware/auth.js';
import { uuidParams } from '../../middleware/params.js';
import { validate } from '../../middleware/validate.js';
import { TEAM_NOT_FOUND } from '../access/access.policy.js';
import type { ChatService } from './chat.service.js';

const teamParam = uuidParams({ teamId: TEAM_NOT_FOUND });

/** The team chat (issue 38): its pages, new messages, who is online, and the # picker's task search. */
export function chatRoutes(chat: ChatService): Router {
  const router = new Router({ prefix: '/api/teams/:teamId/chat' });

  router.get('/', requireAuth, teamParam, validate('query', chatPageQuerySchema), async (ctx) => {
    ctx.body = await chat.page(currentUser(ctx.state).id, ctx.params.teamId!, ctx.state.query.before);
  });

  // 429: the per-person limit on comments and messages together (PostThrottle).
  router.post('/', requireAuth, teamParam, answers(429), validate('body', chatInputSchema), async (ctx) => {
    ctx.status = 201;
    ctx.body = await chat.post(currentUser(ctx.state).id, ctx.params.teamId!, ctx.state.body);
  });

  router.get('/presence', requireAuth, teamParam, async (ctx) => {
    ctx.body = await chat.presence(currentUser(ctx.state).id, ctx.params.teamId!);
  });

  router.get('/tasks', requireAuth, teamParam, validate('query', chatTaskSearchQuerySchema), async (ctx) => {
    ctx.body = await chat.searchTasks(currentUser(ctx.state).id, ctx.params.teamId!, ctx.state.query.q);
  });

  return router;
}
