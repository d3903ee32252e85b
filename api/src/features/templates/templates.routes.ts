import Router from '@koa/router';
import { createFromTemplateInputSchema, saveAsTemplateInputSchema } from '@planline/domain';
import type { WriteBudgets } from '@planline/realtime';
import { currentUser, requireAuth } from '../../middleware/auth.js';
import { uuidParams } from '../../middleware/params.js';
import { validate } from '../../middleware/validate.js';
import { spendWrite } from '../../middleware/write-budget.js';
import { PROJECT_NOT_FOUND } from '../access/access.policy.js';
import { TEMPLATE_NOT_FOUND, type TemplatesService } from './templates.service.js';

/** [templates] The gallery, "Save as template", a project from a template, and deleting one's own template. */
export function templatesRoutes(templates: TemplatesService, budgets: WriteBudgets): Router {
  const router = new Router({ prefix: '/api' });
  const templateParam = uuidParams({ templateId: TEMPLATE_NOT_FOUND });
  const write = spendWrite(budgets);

  router.get('/templates', requireAuth, async (ctx) => {
    ctx.body = await templates.gallery(currentUser(ctx.state).id);
  });

  router.post('/projects/:projectId/save-as-template', requireAuth, uuidParams({ projectId: PROJECT_NOT_FOUND }), validate('body', saveAsTemplateInputSchema), write, async (ctx) => {
    ctx.status = 201;
    ctx.body = await templates.saveAsTemplate(currentUser(ctx.state).id, ctx.params.projectId!, ctx.state.body);
  });

  router.post('/templates/:templateId/projects', requireAuth, templateParam, validate('body', createFromTemplateInputSchema), write, async (ctx) => {
    ctx.status = 201;
    ctx.body = await templates.createProject(currentUser(ctx.state).id, ctx.params.templateId!, ctx.state.body);
  });

  router.delete('/templates/:templateId', requireAuth, templateParam, async (ctx) => {
    await templates.remove(currentUser(ctx.state).id, ctx.params.templateId!);
    ctx.status = 204;
  });

  return router;
}
