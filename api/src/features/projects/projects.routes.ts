import Router from '@koa/router';
import { createProjectInputSchema, inviteTokenInputSchema, updateProjectInputSchema } from '@planline/domain';
import { publicOrigin } from '../../http/public-origin.js';
import { currentUser, requireAuth } from '../../middleware/auth.js';
import { uuidParams } from '../../middleware/params.js';
import { validate } from '../../middleware/validate.js';
import { PROJECT_NOT_FOUND, TEAM_NOT_FOUND } from '../access/access.policy.js';
import { NOT_A_GUEST, type ProjectsService } from './projects.service.js';

export function projectsRoutes(projects: ProjectsService, publicUrl: string | undefined): Router {
  const router = new Router({ prefix: '/api' });
  const projectParam = uuidParams({ projectId: PROJECT_NOT_FOUND });

  router.get('/teams/:teamId/projects', requireAuth, uuidParams({ teamId: TEAM_NOT_FOUND }), async (ctx) => {
    ctx.body = await projects.listForTeam(currentUser(ctx.state).id, ctx.params.teamId!);
  });

  router.post('/projects', requireAuth, validate('body', createProjectInputSchema), async (ctx) => {
    ctx.status = 201;
    ctx.body = await projects.create(currentUser(ctx.state).id, ctx.state.body);
  });

  router.get('/projects/user', requireAuth, async (ctx) => {
    ctx.body = await projects.listForUser(currentUser(ctx.state).id);
  });

  // Public like the team invite info: the project invite page shows name and code before sign-in.
  router.get('/projects/invite-info', validate('query', inviteTokenInputSchema), async (ctx) => {
    ctx.body = await projects.inviteInfo(ctx.state.query.token);
  });

  router.post('/projects/join', requireAuth, validate('body', inviteTokenInputSchema), async (ctx) => {
    ctx.body = await projects.join(currentUser(ctx.state), ctx.state.body.token);
  });

  router.patch('/projects/:projectId', requireAuth, projectParam, validate('body', updateProjectInputSchema), async (ctx) => {
    ctx.body = await projects.update(currentUser(ctx.state), ctx.params.projectId!, ctx.state.body);
  });

  router.get('/projects/:projectId/people', requireAuth, projectParam, async (ctx) => {
    ctx.body = await projects.people(currentUser(ctx.state).id, ctx.params.projectId!);
  });

  router.get('/projects/:projectId/invite-link', requireAuth, projectParam, async (ctx) => {
    ctx.body = await projects.inviteLink(currentUser(ctx.state).id, ctx.params.projectId!, publicOrigin(ctx, publicUrl));
  });

  router.post('/projects/:projectId/invite-link/regenerate', requireAuth, projectParam, async (ctx) => {
    ctx.body = await projects.regenerateInviteLink(currentUser(ctx.state).id, ctx.params.projectId!, publicOrigin(ctx, publicUrl));
  });

  router.get('/projects/:projectId/guests', requireAuth, projectParam, async (ctx) => {
    ctx.body = await projects.guests(currentUser(ctx.state).id, ctx.params.projectId!);
  });

  router.delete(
    '/projects/:projectId/guests/:userId',
    requireAuth,
    uuidParams({ projectId: PROJECT_NOT_FOUND, userId: NOT_A_GUEST }),
    async (ctx) => {
      await projects.removeGuest(currentUser(ctx.state).id, ctx.params.projectId!, ctx.params.userId!);
      ctx.status = 204;
    },
  );

  return router;
}
