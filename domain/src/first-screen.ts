/**
 * What the server and the browser agree on for a first visit's first screen drawn on the server (issue 18): what
 * the API hands the web build's renderer (web/src/entry-server.tsx, api/src/http/first-screen-render.ts), and the
 * cookies the browser tells it the window with. Imports nothing: the page's first-screen script reads it too.
 */
export interface FirstScreenInput {
  /** The page's bootstrap as the page carries it (JSON): user, teams, userProjects, the likely project's people. */
  bootstrap: Record<string, unknown>;
  /** The project the page opens, and its task list as GET /api/projects/{id}/tasks answers it. */
  projectId: string;
  tasks: readonly unknown[];
  /**
   * Whether the viewer may only read the project (the project document's rule for them): the picture is drawn as
   * their chart shows it, and its bars take no drag.
   */
  readOnly: boolean;
  /** The viewer's calendar day ('yyyy-MM-dd') in their time zone. */
  today: string;
  /** The browser's window, and the chart's scroll area width there, as the browser last measured them. */
  viewport: { width: number; height: number };
  chartWidth: number;
}

/** The window and the chart as the browser last measured them: `<window width>x<height>x<chart width>`. */
export const SCREEN_COOKIE = 'planline_screen';
/** The viewer's time zone (IANA), for the server's idea of their day. */
export const TIME_ZONE_COOKIE = 'planline_tz';
/** Set while the browser keeps a picture of its own (a return visit paints that one): the server draws none. */
export const PICTURE_KEPT_COOKIE = 'planline_pictured';

/**
 * The workspace page's list of the app's code files (JSON), which the page asks for once its first screen is on
 * screen (api/src/http/static-web.ts, web/src/main.tsx).
 */
export const APP_CODE_ELEMENT_ID = 'planline-app-code';
