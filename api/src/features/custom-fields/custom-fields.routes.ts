import Router from '@koa/router';
import { createCustomFieldInputSchema, updateCustomFieldInputSchema } from '@planline/domain';
import { currentUser, requireAuth } from '../../middleware/auth.js';
import { uuidParams } from '../../middleware/params.js';
import { validate } from '../../middleware/validate.js';
import type { WriteBudgets } from '@planline/realtime';
import { spendWrite } from '../../middleware/write-budget.js';
import { PROJECT_NOT_FOUND } from '../access/access.policy.js';
import { CUSTOM_FIELD_NOT_FOUND } from './custom-fields.policy.js';
import type { CustomFieldsService } from './custom-fields.service.js';

export function customFieldsRoutes(fields: CustomFieldsService, budgets: WriteBudgets): Router {
  const router = new Router({ prefix: '/api' });
  // A field's change may edit every task of the project (its values): each counts as an edit of the person's budget.
  const write = spendWrite(budgets);
  const project = uuidParams({ projectId: PROJECT_NOT_FOUND });
  const field = uuidParams({ projectId: PROJECT_NOT_FOUND, fieldId: CUSTOM_FIELD_NOT_FOUND });

  router.get('/projects/:projectId/fields', requireAuth, project, async (ctx) => {
    ctx.body = await fields.list(currentUser(ctx.state).id, ctx.params.projectId!);
  });

  router.post('/projects/:projectId/fields', requireAuth, project, validate('body', createCustomFieldInputSchema), write, async (ctx) => {
    ctx.status = 201;
    ctx.body = await fields.create(currentUser(ctx.state).id, ctx.params.projectId!, ctx.state.body);
  });

  router.patch('/projects/:projectId/fields/:fieldId', requireAuth, field, validate('body', updateCustomFieldInputSchema), write, async (ctx) => {
    ctx.body = await fields.update(currentUser(ctx.state).id, ctx.params.projectId!, ctx.params.fieldId!, ctx.state.body);
  });

  router.delete('/projects/:projectId/fields/:fieldId', requireAuth, field, write, async (ctx) => {
    await fields.remove(currentUser(ctx.state).id, ctx.params.projectId!, ctx.params.fieldId!);
    ctx.status = 204;
  });

  router.post('/projects/:projectId/fields/:fieldId/restore', requireAuth, field, write, async (ctx) => {
    ctx.body = await fields.restore(currentUser(ctx.state).id, ctx.params.projectId!, ctx.params.fieldId!);
  });

  return router;
}
