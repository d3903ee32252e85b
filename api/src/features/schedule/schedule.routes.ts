import Router from '@koa/router';
import { currentUser, requireAuth } from '../../middleware/auth.js';
import { uuidParams } from '../../middleware/params.js';
import { PROJECT_NOT_FOUND } from '../access/access.policy.js';
import type { ScheduleService } from './schedule.service.js';

export function scheduleRoutes(schedule: ScheduleService): Router {
  const router = new Router({ prefix: '/api' });

  router.get('/projects/:projectId/schedule', requireAuth, uuidParams({ projectId: PROJECT_NOT_FOUND }), async (ctx) => {
    ctx.body = await schedule.schedule(currentUser(ctx.state).id, ctx.params.projectId!);
  });

  return router;
}
