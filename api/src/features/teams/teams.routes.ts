import Router from '@koa/router';
import {
  createTeamInputSchema,
  inviteRoleQuerySchema,
  inviteTokenInputSchema,
  requestJoinInputSchema,
  respondJoinRequestInputSchema,
} from '@planline/domain';
import { publicOrigin } from '../../http/public-origin.js';
import { currentUser, requireAuth } from '../../middleware/auth.js';
import { uuidParams } from '../../middleware/params.js';
import { validate } from '../../middleware/validate.js';
import { TEAM_NOT_FOUND } from '../access/access.policy.js';
import type { TeamsService } from './teams.service.js';

const teamParam = uuidParams({ id: TEAM_NOT_FOUND });

export function teamsRoutes(teams: TeamsService, publicUrl: string | undefined): Router {
  const router = new Router({ prefix: '/api/teams' });

  router.get('/', requireAuth, async (ctx) => {
    ctx.body = await teams.listForUser(currentUser(ctx.state).id);
  });

  router.post('/', requireAuth, validate('body', createTeamInputSchema), async (ctx) => {
    ctx.status = 201;
    ctx.body = await teams.create(currentUser(ctx.state), ctx.state.body);
  });

  // Read by the invite page before sign-in too: the token is the secret, and it names only the team.
  router.get('/invite-info', validate('query', inviteTokenInputSchema), async (ctx) => {
    ctx.body = await teams.inviteInfo(ctx.state.query.token);
  });

  router.post('/join', requireAuth, validate('body', inviteTokenInputSchema), async (ctx) => {
    ctx.body = await teams.joinByToken(currentUser(ctx.state), ctx.state.body.token);
  });

  router.post('/request-join', requireAuth, validate('body', requestJoinInputSchema), async (ctx) => {
    ctx.status = 201;
    ctx.body = await teams.requestJoin(currentUser(ctx.state), ctx.state.body.teamCode);
  });

  router.post(
    '/join-requests/:requestId/respond',
    requireAuth,
    uuidParams({ requestId: 'Join request not found' }),
    validate('body', respondJoinRequestInputSchema),
    async (ctx) => {
      ctx.body = await teams.respond(currentUser(ctx.state).id, ctx.params.requestId!, ctx.state.body.response);
    },
  );

  router.get('/:id', requireAuth, teamParam, async (ctx) => {
    ctx.body = await teams.get(currentUser(ctx.state).id, ctx.params.id!);
  });

  router.get('/:id/members', requireAuth, teamParam, async (ctx) => {
    ctx.body = await teams.members(currentUser(ctx.state).id, ctx.params.id!);
  });

  router.delete(
    '/:teamId/members/:userId',
    requireAuth,
    uuidParams({ teamId: TEAM_NOT_FOUND, userId: 'That person is not a member of this team' }),
    async (ctx) => {
      await teams.removeMember(currentUser(ctx.state).id, ctx.params.teamId!, ctx.params.userId!);
      ctx.status = 204;
    },
  );

  router.get('/:id/join-requests', requireAuth, teamParam, async (ctx) => {
    ctx.body = await teams.pendingRequests(currentUser(ctx.state).id, ctx.params.id!);
  });

  router.get('/:id/invite-link', requireAuth, teamParam, validate('query', inviteRoleQuerySchema), async (ctx) => {
    ctx.body = await teams.inviteLink(currentUser(ctx.state).id, ctx.params.id!, ctx.state.query.role, publicOrigin(ctx, publicUrl));
  });

  // Ends every link handed out before; the body's role (member unless told) names the link answered.
  router.post('/:id/invite-link/regenerate', requireAuth, teamParam, validate('body', inviteRoleQuerySchema), async (ctx) => {
    ctx.body = await teams.regenerateInviteLink(currentUser(ctx.state).id, ctx.params.id!, ctx.state.body.role, publicOrigin(ctx, publicUrl));
  });

  return router;
}
