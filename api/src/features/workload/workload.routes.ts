import Router from '@koa/router';
import { capacityInputSchema, levelInputSchema, workloadQuerySchema } from '@planline/domain';
import type { WriteBudgets } from '@planline/realtime';
import { answers } from '../../http/openapi.js';
import { currentUser, requireAuth } from '../../middleware/auth.js';
import { uuidParams } from '../../middleware/params.js';
import { validate } from '../../middleware/validate.js';
import { spendWrite } from '../../middleware/write-budget.js';
import { PROJECT_NOT_FOUND, TEAM_NOT_FOUND } from '../access/access.policy.js';
import { NOT_A_MEMBER, type CapacityService } from './capacity.service.js';
import type { LevelingService } from './leveling.service.js';
import type { WorkloadService } from './workload.service.js';

export function workloadRoutes(workload: WorkloadService, capacity: CapacityService, leveling: LevelingService, budgets: WriteBudgets): Router {
  const router = new Router({ prefix: '/api' });
  const member = uuidParams({ teamId: TEAM_NOT_FOUND, userId: NOT_A_MEMBER });

  // 402 on the Free plan; 429 past the over-allocation budget (overloads-cache.ts).
  router.get('/teams/:teamId/workload', requireAuth, uuidParams({ teamId: TEAM_NOT_FOUND }), validate('query', workloadQuerySchema), answers(402, 429), async (ctx) => {
    ctx.body = await workload.teamWorkload(currentUser(ctx.state).id, ctx.params.teamId!, ctx.state.query);
  });

  router.get('/teams/:teamId/members/:userId/capacity', requireAuth, member, async (ctx) => {
    ctx.body = await capacity.get(currentUser(ctx.state).id, ctx.params.teamId!, ctx.params.userId!);
  });

  router.put('/teams/:teamId/members/:userId/capacity', requireAuth, member, validate('body', capacityInputSchema), spendWrite(budgets), async (ctx) => {
    ctx.body = await capacity.put(currentUser(ctx.state).id, ctx.params.teamId!, ctx.params.userId!, ctx.state.body);
  });

  // A preview costs the server what an edit does (the plan read and levelled), so both spend the write budget.
  router.post('/projects/:projectId/level', requireAuth, uuidParams({ projectId: PROJECT_NOT_FOUND }), validate('body', levelInputSchema), spendWrite(budgets), async (ctx) => {
    ctx.body = await leveling.level(currentUser(ctx.state).id, ctx.params.projectId!, ctx.state.body);
  });

  return router;
}
