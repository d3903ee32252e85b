import Router from '@koa/router';
import { createBaselineInputSchema } from '@planline/domain';
import { currentUser, requireAuth } from '../../middleware/auth.js';
import { uuidParams } from '../../middleware/params.js';
import { validate } from '../../middleware/validate.js';
import { PROJECT_NOT_FOUND } from '../access/access.policy.js';
import { BASELINE_NOT_FOUND } from './baselines.policy.js';
import type { BaselinesService } from './baselines.service.js';

export function baselinesRoutes(baselines: BaselinesService): Router {
  const router = new Router({ prefix: '/api' });
  const project = uuidParams({ projectId: PROJECT_NOT_FOUND });
  const baseline = uuidParams({ projectId: PROJECT_NOT_FOUND, baselineId: BASELINE_NOT_FOUND });

  router.get('/projects/:projectId/baselines', requireAuth, project, async (ctx) => {
    ctx.body = await baselines.list(currentUser(ctx.state).id, ctx.params.projectId!);
  });

  router.post('/projects/:projectId/baselines', requireAuth, project, validate('body', createBaselineInputSchema), async (ctx) => {
    ctx.status = 201;
    ctx.body = await baselines.create(currentUser(ctx.state).id, ctx.params.projectId!, ctx.state.body);
  });

  router.get('/projects/:projectId/baselines/:baselineId', requireAuth, baseline, async (ctx) => {
    ctx.body = await baselines.get(currentUser(ctx.state).id, ctx.params.projectId!, ctx.params.baselineId!);
  });

  router.delete('/projects/:projectId/baselines/:baselineId', requireAuth, baseline, async (ctx) => {
    await baselines.remove(currentUser(ctx.state).id, ctx.params.projectId!, ctx.params.baselineId!);
    ctx.status = 204;
  });

  return router;
}
