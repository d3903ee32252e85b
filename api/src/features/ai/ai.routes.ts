import Router from '@koa/router';
import { aiCreateTaskInputSchema, aiPreviewInputSchema } from '@planline/domain';
import type { WriteBudgets } from '@planline/realtime';
import { currentUser, requireAuth } from '../../middleware/auth.js';
import { validate } from '../../middleware/validate.js';
import { spendWrite } from '../../middleware/write-budget.js';
import type { AiTaskService } from './ai.service.js';

export function aiRoutes(ai: AiTaskService, budgets: WriteBudgets): Router {
  const router = new Router({ prefix: '/api' });

  // Reads the prompt and creates nothing: the person confirms or corrects the reading, then POST /api/tasks.
  router.post('/tasks/ai-preview', requireAuth, validate('body', aiPreviewInputSchema), async (ctx) => {
    ctx.body = await ai.preview(currentUser(ctx.state).id, ctx.state.body);
  });

  // A task it adds takes from the same budgets as POST /api/tasks (issue 34: every write path).
  router.post('/tasks/ai-create', requireAuth, validate('body', aiCreateTaskInputSchema), spendWrite(budgets, (body) => (body as { projectId: string }).projectId), async (ctx) => {
    ctx.status = 201;
    ctx.body = await ai.create(currentUser(ctx.state).id, ctx.state.body);
  });

  return router;
}
