import Router from '@koa/router';
import { restoreInputSchema, taskMovesQuerySchema } from '@planline/domain';
import type { WriteBudgets } from '@planline/realtime';
import { currentUser, requireAuth } from '../../middleware/auth.js';
import { uuidParams } from '../../middleware/params.js';
import { validate } from '../../middleware/validate.js';
import { spendWrite } from '../../middleware/write-budget.js';
import { PROJECT_NOT_FOUND } from '../access/access.policy.js';
import type { TimeTravelService } from './time-travel.service.js';

/**
 * POST /api/projects/{id}/restore and GET /api/projects/{id}/task-moves?at= (GET /api/projects/{id}/tasks?at= is
 * the task list's, tasks.routes.ts).
 */
export function timeTravelRoutes(timeTravel: TimeTravelService, budgets: WriteBudgets): Router {
  const router = new Router({ prefix: '/api' });

  // A restore rewrites many tasks at once: it takes from its author's edit budget like any other write.
  const write = spendWrite(budgets);
  router.post('/projects/:projectId/restore', requireAuth, uuidParams({ projectId: PROJECT_NOT_FOUND }), validate('body', restoreInputSchema), write, async (ctx) => {
    ctx.body = await timeTravel.restore(currentUser(ctx.state).id, ctx.params.projectId!, ctx.state.body);
  });

  router.get('/projects/:projectId/task-moves', requireAuth, uuidParams({ projectId: PROJECT_NOT_FOUND }), validate('query', taskMovesQuerySchema), async (ctx) => {
    ctx.body = await timeTravel.movesAfter(currentUser(ctx.state).id, ctx.params.projectId!, ctx.state.query.at);
  });

  return router;
}
