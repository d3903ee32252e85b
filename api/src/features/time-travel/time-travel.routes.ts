import Router from '@koa/router';
import { restoreInputSchema } from '@planline/domain';
import { currentUser, requireAuth } from '../../middleware/auth.js';
import { uuidParams } from '../../middleware/params.js';
import { validate } from '../../middleware/validate.js';
import { PROJECT_NOT_FOUND } from '../access/access.policy.js';
import type { TimeTravelService } from './time-travel.service.js';

/** POST /api/projects/{id}/restore (GET /api/projects/{id}/tasks?at= is the task list's, tasks.routes.ts). */
export function timeTravelRoutes(timeTravel: TimeTravelService): Router {
  const router = new Router({ prefix: '/api' });

  router.post('/projects/:projectId/restore', requireAuth, uuidParams({ projectId: PROJECT_NOT_FOUND }), validate('body', restoreInputSchema), async (ctx) => {
    await timeTravel.restore(currentUser(ctx.state).id, ctx.params.projectId!, ctx.state.body);
    ctx.status = 204;
  });

  return router;
}
