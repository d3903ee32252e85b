import Router from '@koa/router';
import { notificationPatchSchema, notificationQuerySchema } from '@planline/domain';
import { currentUser, requireAuth } from '../../middleware/auth.js';
import { uuidParams } from '../../middleware/params.js';
import { validate } from '../../middleware/validate.js';
import { TASK_NOT_FOUND } from '../tasks/tasks.policy.js';
import { NOTIFICATION_NOT_FOUND, type NotificationsService } from './notifications.service.js';

export function notificationsRoutes(notifications: NotificationsService): Router {
  const router = new Router({ prefix: '/api' });
  const taskParam = uuidParams({ taskId: TASK_NOT_FOUND });

  router.get('/notifications', requireAuth, validate('query', notificationQuerySchema), async (ctx) => {
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = await notifications.list(currentUser(ctx.state).id, ctx.state.query);
  });

  router.post('/notifications/read-all', requireAuth, async (ctx) => {
    ctx.body = await notifications.readAll(currentUser(ctx.state).id);
  });

  router.patch('/notifications/:id', requireAuth, uuidParams({ id: NOTIFICATION_NOT_FOUND }), validate('body', notificationPatchSchema), async (ctx) => {
    ctx.body = await notifications.patch(currentUser(ctx.state).id, ctx.params.id!, ctx.state.body);
  });

  router.get('/tasks/:taskId/watch', requireAuth, taskParam, async (ctx) => {
    ctx.body = await notifications.watching(currentUser(ctx.state).id, ctx.params.taskId!);
  });

  router.post('/tasks/:taskId/watch', requireAuth, taskParam, async (ctx) => {
    ctx.body = await notifications.watch(currentUser(ctx.state).id, ctx.params.taskId!, true);
  });

  router.delete('/tasks/:taskId/watch', requireAuth, taskParam, async (ctx) => {
    ctx.body = await notifications.watch(currentUser(ctx.state).id, ctx.params.taskId!, false);
  });

  return router;
}
