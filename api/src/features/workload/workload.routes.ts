import Router from '@koa/router';
import { capacityInputSchema, workloadQuerySchema } from '@planline/domain';
import type { WriteBudgets } from '@planline/realtime';
import { currentUser, requireAuth } from '../../middleware/auth.js';
import { uuidParams } from '../../middleware/params.js';
import { validate } from '../../middleware/validate.js';
import { spendWrite } from '../../middleware/write-budget.js';
import { TEAM_NOT_FOUND } from '../access/access.policy.js';
import { NOT_A_MEMBER, type CapacityService } from './capacity.service.js';
import type { WorkloadService } from './workload.service.js';

export function workloadRoutes(workload: WorkloadService, capacity: CapacityService, budgets: WriteBudgets): Router {
  const router = new Router({ prefix: '/api' });
  const member = uuidParams({ teamId: TEAM_NOT_FOUND, userId: NOT_A_MEMBER });

  router.get('/teams/:teamId/workload', requireAuth, uuidParams({ teamId: TEAM_NOT_FOUND }), validate('query', workloadQuerySchema), async (ctx) => {
    ctx.body = await workload.teamWorkload(currentUser(ctx.state).id, ctx.params.teamId!, ctx.state.query);
  });

  router.get('/teams/:teamId/members/:userId/capacity', requireAuth, member, async (ctx) => {
    ctx.body = await capacity.get(currentUser(ctx.state).id, ctx.params.teamId!, ctx.params.userId!);
  });

  router.put('/teams/:teamId/members/:userId/capacity', requireAuth, member, validate('body', capacityInputSchema), spendWrite(budgets), async (ctx) => {
    ctx.body = await capacity.put(currentUser(ctx.state).id, ctx.params.teamId!, ctx.params.userId!, ctx.state.body);
  });

  return router;
}
