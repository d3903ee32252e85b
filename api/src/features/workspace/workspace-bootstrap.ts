import type { Project, TeamSummary } from '@planline/domain';
import type { Context } from 'koa';
import type { ShellBootstrap } from '../../http/static-web.js';
import { presentUser } from '../auth/user.presenter.js';
import type { ProjectsService } from '../projects/projects.service.js';
import type { TeamsService } from '../teams/teams.service.js';

/** The project this browser showed last, as the web remembers it for us (web/src/lib/early-task-list.ts). */
const PROJECT_COOKIE = 'planline_project';

/**
 * The project the workspace will most likely open, by its rules in short (web/src/features/workspace/
 * workspace-selection.ts): the remembered one while the person still has it, else the first team's first
 * project, else their first shared one. A guess: the page uses its task list only when it opens that project.
 */
export function likelyProject(teams: readonly Pick<TeamSummary, 'id'>[], projects: readonly Pick<Project, 'id' | 'teamId' | 'access'>[], remembered: string | undefined): string | null {
  if (remembered && projects.some((p) => p.id === remembered)) return remembered;
  const firstTeam = teams[0];
  const first = firstTeam ? projects.find((p) => p.access === 'team' && p.teamId === firstTeam.id) : projects.find((p) => p.access === 'guest');
  return first?.id ?? null;
}

/**
 * What a signed-in person's workspace page starts from, in the page itself (issue 18: one round trip to a
 * readable chart): the answers of GET /api/auth/user, /api/teams and /api/projects/user, read the same way, and
 * the project it will likely open, whose task list the page asks for first. Only the person's own: the guess is
 * one of their projects, and the list is read through the API's access checks. Null when nobody is signed in. A
 * failed read leaves the page to make its own reads and show their error states.
 */
export function workspaceBootstrap(teams: TeamsService, projects: ProjectsService) {
  return async (ctx: Context): Promise<ShellBootstrap | null> => {
    const user = ctx.state.user;
    if (!user) return null;
    try {
      const [teamList, userProjects] = await Promise.all([teams.listForUser(user.id), projects.listForUser(user.id)]);
      const likelyProjectId = likelyProject(teamList, userProjects, ctx.cookies.get(PROJECT_COOKIE));
      return {
        data: { user: presentUser(user), teams: teamList, userProjects, likelyProjectId },
        preloads: likelyProjectId ? [`/api/projects/${likelyProjectId}/tasks`] : [],
      };
    } catch (err) {
      ctx.state.log?.warn({ err }, 'workspace bootstrap failed; the page reads for itself');
      return null;
    }
  };
}
