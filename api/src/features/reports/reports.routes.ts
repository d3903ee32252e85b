import Router from '@koa/router';
import { createWeeklyReportInputSchema } from '@planline/domain';
import { currentUser, requireAuth } from '../../middleware/auth.js';
import { uuidParams } from '../../middleware/params.js';
import { validate } from '../../middleware/validate.js';
import { PROJECT_NOT_FOUND } from '../access/access.policy.js';
import type { ReportsService } from './reports.service.js';

export function reportsRoutes(reports: ReportsService): Router {
  const router = new Router({ prefix: '/api/projects/:projectId/weekly-reports' });
  const projectParam = uuidParams({ projectId: PROJECT_NOT_FOUND });

  router.get('/', requireAuth, projectParam, async (ctx) => {
    ctx.body = await reports.list(currentUser(ctx.state).id, ctx.params.projectId!);
  });

  router.get('/latest', requireAuth, projectParam, async (ctx) => {
    const report = await reports.latest(currentUser(ctx.state).id, ctx.params.projectId!);
    // No report yet is an answer, not an error: 200 with null (Koa would turn a null body into a 204).
    ctx.type = 'application/json';
    ctx.body = JSON.stringify(report);
  });

  router.post('/', requireAuth, projectParam, validate('body', createWeeklyReportInputSchema), async (ctx) => {
    ctx.body = await reports.save(currentUser(ctx.state).id, ctx.params.projectId!, ctx.state.body);
  });

  return router;
}
