import Router from '@koa/router';
import { saveDashboardInputSchema } from '@planline/domain';
import { z } from 'zod';
import { currentUser, requireAuth } from '../../middleware/auth.js';
import { validate } from '../../middleware/validate.js';
import type { DashboardService } from './dashboard.service.js';

const dashboardQuerySchema = z.object({
  projectId: z.uuid({ error: 'Project is not valid' }).optional(),
});

export function dashboardRoutes(dashboards: DashboardService): Router {
  const router = new Router({ prefix: '/api/dashboard-config' });

  router.get('/', requireAuth, validate('query', dashboardQuerySchema), async (ctx) => {
    ctx.body = await dashboards.get(currentUser(ctx.state).id, ctx.state.query.projectId ?? null);
  });

  router.post('/', requireAuth, validate('body', saveDashboardInputSchema), async (ctx) => {
    ctx.body = await dashboards.save(currentUser(ctx.state).id, ctx.state.body);
  });

  return router;
}
