import type { Project, TeamSummary } from '@planline/domain';
import type { Context } from 'koa';
import { PICTURE_KEPT_COOKIE, SCREEN_COOKIE, TIME_ZONE_COOKIE } from '@planline/domain/first-screen';
import { dayIn, screenFromCookie, type RenderFirstScreen } from '../../http/first-screen-render.js';
import type { ShellBootstrap } from '../../http/static-web.js';
import { presentUser } from '../auth/user.presenter.js';
import type { ProjectsService } from '../projects/projects.service.js';
import type { TasksService } from '../tasks/tasks.service.js';
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
export function workspaceBootstrap(teams: TeamsService, projects: ProjectsService, picture?: FirstScreenPicture) {
  return async (ctx: Context): Promise<ShellBootstrap | null> => {
    const user = ctx.state.user;
    if (!user) return null;
    try {
      const [teamList, userProjects] = await Promise.all([teams.listForUser(user.id), projects.listForUser(user.id)]);
      const likelyProjectId = likelyProject(teamList, userProjects, ctx.cookies.get(PROJECT_COOKIE));
      // The people of that project too: its rows name their assignees from the first render on. Without them (a
      // failed read), the page reads them itself.
      const likelyProjectPeople = likelyProjectId ? await projects.people(user.id, likelyProjectId).catch(() => undefined) : undefined;
      const data = { user: presentUser(user), teams: teamList, userProjects, likelyProjectId, likelyProjectPeople };
      return {
        data,
        // Not for a browser that paints its own kept picture: it keeps the project's tasks too, and the list (6.7 MB
        // at 10,000 tasks) decoded on its main thread held up that picture ~0.1 s. Its painter asks itself if
        // the picture turns out not to fit (web/src/first-screen.ts).
        preloads: likelyProjectId && !ctx.cookies.get(PICTURE_KEPT_COOKIE) ? [`/api/projects/${likelyProjectId}/tasks`] : [],
        picture: likelyProjectId && picture ? await drawFirstScreen(ctx, picture, data, likelyProjectId) : null,
      };
    } catch (err) {
      ctx.state.log?.warn({ err }, 'workspace bootstrap failed; the page reads for itself');
      return null;
    }
  };
}

/** What the workspace page's picture of a first visit is drawn with (api/src/http/first-screen-render.ts). */
export interface FirstScreenPicture {
  tasks: Pick<TasksService, 'list'>;
  /** How the person may open the project's document (access.policy's documentAccess): 'read' draws a chart that takes no drag. */
  access: (userId: string, projectId: string) => Promise<'write' | 'read' | null>;
  renderer: () => Promise<RenderFirstScreen | null>;
}

/**
 * The workspace as its first render will show `projectId` (issue 18: the first screen rendered on the server),
 * for a browser that keeps no picture of its own; null when there is none to draw. The task list is read as
 * GET /api/projects/{id}/tasks reads it, through the same access check, and kept: the page's own read of it, asked
 * for at the top of the page, finds it ready. A failure to draw costs the page its picture, nothing else.
 */
async function drawFirstScreen(ctx: Context, picture: FirstScreenPicture, bootstrap: Record<string, unknown> & { user: { id: string } }, projectId: string): Promise<string | null> {
  if (ctx.cookies.get(PICTURE_KEPT_COOKIE)) return null;
  try {
    const render = await picture.renderer();
    if (!render) return null;
    // The list as kept for its version: the renderer works its chart state out once per list (~0.15 s of the
    // server's event loop at 100,000 tasks), and draws again from it in ~20 ms until the tasks change.
    const [list, access] = await Promise.all([picture.tasks.list(bootstrap.user.id, projectId), picture.access(bootstrap.user.id, projectId)]);
    if (!access) return null;
    const screen = screenFromCookie(ctx.cookies.get(SCREEN_COOKIE));
    // As the page carries it (JSON: dates as strings), which is what the browser's first render reads.
    return render({ bootstrap: JSON.parse(JSON.stringify(bootstrap)) as Record<string, unknown>, projectId, tasks: list.parts.rolled, readOnly: access === 'read', today: dayIn(decodedCookie(ctx, TIME_ZONE_COOKIE)), ...screen });
  } catch (err) {
    ctx.state.log?.warn({ err }, 'first screen not drawn; the page goes without its picture');
    return null;
  }
}

function decodedCookie(ctx: Context, name: string): string | undefined {
  const raw = ctx.cookies.get(name);
  try {
    return raw === undefined ? undefined : decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}
