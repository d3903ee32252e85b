import type { Context } from 'koa';
import { presentUser } from '../auth/user.presenter.js';
import type { ProjectsService } from '../projects/projects.service.js';
import type { TeamsService } from '../teams/teams.service.js';

/**
 * What a signed-in person's workspace page starts from, in the page itself (issue 18: one round trip to a
 * readable chart): the answers of GET /api/auth/user, /api/teams and /api/projects/user, read the same way. Null
 * when nobody is signed in. A failed read leaves the page to make its own reads and show their error states.
 */
export function workspaceBootstrap(teams: TeamsService, projects: ProjectsService) {
  return async (ctx: Context) => {
    const user = ctx.state.user;
    if (!user) return null;
    try {
      const [teamList, userProjects] = await Promise.all([teams.listForUser(user.id), projects.listForUser(user.id)]);
      return { user: presentUser(user), teams: teamList, userProjects };
    } catch (err) {
      ctx.state.log?.warn({ err }, 'workspace bootstrap failed; the page reads for itself');
      return null;
    }
  };
}
