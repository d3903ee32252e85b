import Router from '@koa/router';
import { commentInputSchema, commentPatchSchema, planInstantSchema } from '@planline/domain';
import { z } from 'zod';
import { answers } from '../../http/openapi.js';
import { currentUser, requireAuth } from '../../middleware/auth.js';
import { uuidParams } from '../../middleware/params.js';
import { validate } from '../../middleware/validate.js';
import { PROJECT_NOT_FOUND } from '../access/access.policy.js';
import { TASK_NOT_FOUND } from '../tasks/tasks.policy.js';
import { COMMENT_NOT_FOUND } from './comments.policy.js';
import type { CommentsService } from './comments.service.js';

/** ?after= (the `next` of the previous page) and ?at= (time travel: the thread as it was then). */
const commentQuerySchema = z.object({
  after: z.string({ error: 'after must be the next cursor of a page' }).max(200, 'after is not a cursor this thread gave').optional(),
  at: planInstantSchema.optional(),
});

/**
 * Issue 38: GET/POST /api/tasks/{taskId}/comments, PATCH/DELETE /api/comments/{commentId} and
 * GET /api/projects/{projectId}/comment-counts.
 */
export function commentsRoutes(comments: CommentsService): Router {
  const router = new Router({ prefix: '/api' });
  const taskParam = uuidParams({ taskId: TASK_NOT_FOUND });
  const commentParam = uuidParams({ commentId: COMMENT_NOT_FOUND });

  router.get('/tasks/:taskId/comments', requireAuth, taskParam, validate('query', commentQuerySchema), async (ctx) => {
    ctx.body = await comments.list(currentUser(ctx.state).id, ctx.params.taskId!, ctx.state.query);
  });

  // 429: the 31st comment or chat message of a person inside a minute (PostThrottle).
  router.post('/tasks/:taskId/comments', requireAuth, taskParam, validate('body', commentInputSchema), answers(429), async (ctx) => {
    ctx.status = 201;
    ctx.body = await comments.create(currentUser(ctx.state).id, ctx.params.taskId!, ctx.state.body);
  });

  router.patch('/comments/:commentId', requireAuth, commentParam, validate('body', commentPatchSchema), async (ctx) => {
    ctx.body = await comments.update(currentUser(ctx.state).id, ctx.params.commentId!, ctx.state.body);
  });

  router.delete('/comments/:commentId', requireAuth, commentParam, async (ctx) => {
    await comments.remove(currentUser(ctx.state).id, ctx.params.commentId!);
    ctx.status = 204;
  });

  router.get('/projects/:projectId/comment-counts', requireAuth, uuidParams({ projectId: PROJECT_NOT_FOUND }), async (ctx) => {
    ctx.body = await comments.counts(currentUser(ctx.state).id, ctx.params.projectId!);
  });

  return router;
}
