import Router from '@koa/router';
import { createGridViewInputSchema, updateGridViewInputSchema } from '@planline/domain';
import { currentUser, requireAuth } from '../../middleware/auth.js';
import { uuidParams } from '../../middleware/params.js';
import { validate } from '../../middleware/validate.js';
import { PROJECT_NOT_FOUND } from '../access/access.policy.js';
import { GRID_VIEW_NOT_FOUND } from './grid-views.policy.js';
import type { GridViewsService } from './grid-views.service.js';

export function gridViewsRoutes(views: GridViewsService): Router {
  const router = new Router({ prefix: '/api' });
  const project = uuidParams({ projectId: PROJECT_NOT_FOUND });
  const view = uuidParams({ projectId: PROJECT_NOT_FOUND, viewId: GRID_VIEW_NOT_FOUND });

  router.get('/projects/:projectId/views', requireAuth, project, async (ctx) => {
    ctx.body = await views.list(currentUser(ctx.state).id, ctx.params.projectId!);
  });

  router.post('/projects/:projectId/views', requireAuth, project, validate('body', createGridViewInputSchema), async (ctx) => {
    ctx.status = 201;
    ctx.body = await views.create(currentUser(ctx.state).id, ctx.params.projectId!, ctx.state.body);
  });

  router.patch('/projects/:projectId/views/:viewId', requireAuth, view, validate('body', updateGridViewInputSchema), async (ctx) => {
    ctx.body = await views.update(currentUser(ctx.state).id, ctx.params.projectId!, ctx.params.viewId!, ctx.state.body);
  });

  router.delete('/projects/:projectId/views/:viewId', requireAuth, view, async (ctx) => {
    await views.remove(currentUser(ctx.state).id, ctx.params.projectId!, ctx.params.viewId!);
    ctx.status = 204;
  });

  return router;
}
