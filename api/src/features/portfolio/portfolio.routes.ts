import Router from '@koa/router';
import { answers } from '../../http/openapi.js';
import { currentUser, requireAuth } from '../../middleware/auth.js';
import { uuidParams } from '../../middleware/params.js';
import { TEAM_NOT_FOUND } from '../access/access.policy.js';
import { shiftProjectInputSchema } from '@planline/domain';
import { validate } from '../../middleware/validate.js';
import { PROJECT_NOT_FOUND } from '../access/access.policy.js';
import type { PortfolioService, ProjectShiftService } from './portfolio.service.js';

/** Issue 40: every project of a team the person can see, one row each (Enterprise, trial included). */
export function portfolioRoutes(portfolio: PortfolioService, shifts: ProjectShiftService): Router {
  const router = new Router({ prefix: '/api' });
  const team = uuidParams({ teamId: TEAM_NOT_FOUND });

  router.get('/teams/:teamId/portfolio', requireAuth, team, answers(402), async (ctx) => {
    ctx.body = await portfolio.forTeam(currentUser(ctx.state).id, ctx.params.teamId!);
  });

  // A whole project moved on the portfolio: anyone who edits its tasks may (its team and its guests).
  router.post('/projects/:projectId/shift', requireAuth, uuidParams({ projectId: PROJECT_NOT_FOUND }), validate('body', shiftProjectInputSchema), async (ctx) => {
    ctx.body = await shifts.shift(currentUser(ctx.state).id, ctx.params.projectId!, ctx.state.body);
  });

  return router;
}
