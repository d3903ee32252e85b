/**
 * The task list of the project a signed-in person's workspace will most likely show (issue 18: a first visit
 * paints its chart from this list). The server guesses the project from the person's lists and the choice this
 * browser remembers (the cookie below), asks the browser for its list at the top of the page, and names it in the
 * page's bootstrap; the first-screen script (src/first-screen.ts) takes that answer as soon as it runs, before
 * the app's code has arrived. The app uses it only when it opens that very project, and reads for itself
 * otherwise.
 *
 * Imports nothing heavy: it is part of the first-screen script.
 */
import { setBrowserCookie } from './browser-cookie';

/** The workspace's remembered choices in localStorage (app/workspace-ui.store.ts persists under this name). */
export const WORKSPACE_STORE_KEY = 'planline.workspace';
/** The remembered project, for the server's guess (api/src/features/workspace/workspace-bootstrap.ts). */
export const PROJECT_COOKIE = 'planline_project';

/** Tells the server which project this browser shows, for the next page's guess. Not a secret: an id. */
export function rememberProjectForServer(projectId: string | null): void {
  setBrowserCookie(PROJECT_COOKIE, projectId);
}

/**
 * Forgets which team and project this browser showed (sign-out, an ended session): the next person on it starts
 * from their own first project, and no page asks for, or opens the document of, the one before's.
 */
export function forgetWorkspaceSelection(): void {
  rememberProjectForServer(null);
  try {
    localStorage.removeItem(WORKSPACE_STORE_KEY);
  } catch {
    // Storage refused: nothing was kept in it.
  }
}

interface EarlyRead {
  projectId: string;
  response: Promise<Response>;
}

/**
 * Held on the window: the first-screen script is a copy of this module of its own (it is put in the page whole),
 * and the app's copy takes what it started.
 */
const EARLY_READ = Symbol.for('planline.earlyTaskList');
const held = globalThis as { [EARLY_READ]?: EarlyRead | null };

/** Asks for `projectId`'s task list (the page's head already did: this takes that answer). */
export function startEarlyTaskList(projectId: string): void {
  holdEarlyTaskList(projectId, fetch(`/api/projects/${encodeURIComponent(projectId)}/tasks`, { credentials: 'include' }));
}

/** Holds `response` as the early read of `projectId`'s task list (a worker is handed the page's this way). */
export function holdEarlyTaskList(projectId: string, response: Promise<Response>): void {
  response.catch(() => {});
  held[EARLY_READ] = { projectId, response };
}

/** Whether an early read of some project's task list is waiting to be taken: the page is about to open that project. */
export function earlyTaskListHeld(): boolean {
  return Boolean(held[EARLY_READ]);
}

/** The early read of `projectId`'s task list, once; null when none was started for it. */
export function takeEarlyTaskList(projectId: string): Promise<Response> | null {
  const early = held[EARLY_READ];
  if (early?.projectId !== projectId) return null;
  held[EARLY_READ] = null;
  return early.response;
}
