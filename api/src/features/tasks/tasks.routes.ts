import Router from '@koa/router';
import { createTaskInputSchema, dependencyInputSchema, taskListQuerySchema, updateDependencyInputSchema, updateTaskInputSchema } from '@planline/domain';
import { COMPRESS_THRESHOLD_BYTES } from '../../http/compression.js';
import { currentUser, requireAuth } from '../../middleware/auth.js';
import { uuidParams } from '../../middleware/params.js';
import { validate } from '../../middleware/validate.js';
import { spendWrite } from '../../middleware/write-budget.js';
import type { WriteBudgets } from '@planline/realtime';
import { PROJECT_NOT_FOUND } from '../access/access.policy.js';
import { TASK_NOT_FOUND } from './tasks.policy.js';
import type { TimeTravelService } from '../time-travel/time-travel.service.js';
import type { TasksService } from './tasks.service.js';

export function tasksRoutes(tasks: TasksService, timeTravel: TimeTravelService, budgets: WriteBudgets): Router {
  const router = new Router({ prefix: '/api' });
  const write = spendWrite(budgets);
  const taskParam = uuidParams({ taskId: TASK_NOT_FOUND });

  router.get('/projects/:projectId/tasks', requireAuth, uuidParams({ projectId: PROJECT_NOT_FOUND }), validate('query', taskListQuerySchema), async (ctx) => {
    // ?at=: the plan as it was at that instant (time travel), rebuilt from the history; no ETag.
    if (ctx.state.query.at) {
      ctx.body = await timeTravel.tasksAt(currentUser(ctx.state).id, ctx.params.projectId!, ctx.state.query.at);
      return;
    }
    const list = await tasks.list(currentUser(ctx.state).id, ctx.params.projectId!);
    // Revalidated on every use: unchanged rows answer 304 without a body.
    ctx.set('Cache-Control', 'private, no-cache');
    ctx.set('ETag', list.etag);
    ctx.status = 200;
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    ctx.type = 'application/json';
    // Compressed once per version of the list, not per answer (10,000 tasks: 4.9 MB of JSON, ~0.3 MB as brotli).
    const encoding = list.body.length >= COMPRESS_THRESHOLD_BYTES ? ctx.acceptsEncodings('br', 'gzip', 'identity') : 'identity';
    if (encoding === 'br' || encoding === 'gzip') {
      ctx.set('Content-Encoding', encoding);
      ctx.body = await list.encoded(encoding);
    } else {
      ctx.body = list.body;
    }
  });

  router.post('/tasks', requireAuth, validate('body', createTaskInputSchema), spendWrite(budgets, (body) => (body as { projectId: string }).projectId), async (ctx) => {
    ctx.status = 201;
    ctx.body = await tasks.create(currentUser(ctx.state).id, ctx.state.body);
  });

  router.patch('/tasks/:taskId', requireAuth, taskParam, validate('body', updateTaskInputSchema), write, async (ctx) => {
    ctx.body = await tasks.update(currentUser(ctx.state).id, ctx.params.taskId!, ctx.state.body);
  });

  router.get('/tasks/:taskId', requireAuth, taskParam, async (ctx) => {
    ctx.body = await tasks.get(currentUser(ctx.state).id, ctx.params.taskId!);
  });

  router.delete('/tasks/:taskId', requireAuth, taskParam, write, async (ctx) => {
    await tasks.remove(currentUser(ctx.state).id, ctx.params.taskId!);
    ctx.status = 204;
  });

  router.get('/tasks/:taskId/history', requireAuth, taskParam, async (ctx) => {
    ctx.body = await tasks.history(currentUser(ctx.state).id, ctx.params.taskId!);
  });

  router.post('/tasks/:taskId/dependencies', requireAuth, taskParam, validate('body', dependencyInputSchema), write, async (ctx) => {
    ctx.status = 201;
    ctx.body = await tasks.addDependency(currentUser(ctx.state).id, ctx.params.taskId!, ctx.state.body);
  });

  router.patch(
    '/tasks/:taskId/dependencies/:dependsOnTaskId',
    requireAuth,
    uuidParams({ taskId: TASK_NOT_FOUND, dependsOnTaskId: 'That dependency does not exist' }),
    validate('body', updateDependencyInputSchema),
    write,
    async (ctx) => {
      ctx.body = await tasks.updateDependency(currentUser(ctx.state).id, ctx.params.taskId!, ctx.params.dependsOnTaskId!, ctx.state.body);
    },
  );

  router.delete(
    '/tasks/:taskId/dependencies/:dependsOnTaskId',
    requireAuth,
    uuidParams({ taskId: TASK_NOT_FOUND, dependsOnTaskId: 'That dependency does not exist' }),
    write,
    async (ctx) => {
      ctx.body = await tasks.removeDependency(currentUser(ctx.state).id, ctx.params.taskId!, ctx.params.dependsOnTaskId!);
    },
  );

  return router;
}
