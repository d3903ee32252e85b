/**
 * The chart as this device last showed it (issue 18: a second visit opens at once). When a person leaves the
 * workspace with a synced chart, the page's markup is kept in localStorage under their id; their next page paints
 * it before the app's code has arrived (src/first-screen.ts), and takes it away once the live chart has painted.
 * It is a picture: nothing in it responds, and assistive technology does not see it.
 *
 * This module imports nothing but constants and small helpers, so the painter that reads it stays a few kilobytes.
 */
import { APP_CODE_ELEMENT_ID, PICTURE_KEPT_COOKIE, SCREEN_COOKIE, TIME_ZONE_COOKIE } from '@planline/domain/first-screen';
import { setBrowserCookie } from './browser-cookie';
import { nextTask } from './next-slot';

export const FIRST_SCREEN_KEY = 'planline.firstScreen';
/** Where the server puts a signed-in person's first reads in the workspace page (api/src/http/static-web.ts). */
export const BOOTSTRAP_ELEMENT_ID = 'planline-bootstrap';
/** Bumped when the kept form changes; an older copy is not painted. */
const VERSION = 1;
/** Copies larger than this (an unusual page) are not kept: localStorage holds ~5 MB per origin. */
const MAX_HTML_CHARS = 1_500_000;
/** Elements whose scroll position the picture restores (the chart's rows and timeline), live and pictured. */
const LIVE_SCROLLED = '[data-timeline-scroll]';
const PICTURED_SCROLL = 'data-pictured-scroll';
export const PICTURED_SCROLLED = `[${PICTURED_SCROLL}]`;
/** A bar in the picture (the live one's `data-task-bar`, renamed): the benchmark counts it as a painted bar. */
export const PICTURED_BAR = 'data-pictured-bar';
/**
 * The server's picture of a first visit (src/entry-server.tsx) says what it was drawn for: the project, the width of
 * the chart's scroll area, the viewer's day, and where the live chart will open scrolled. The painter shows it only
 * where all of these hold.
 */
export const SERVER_PICTURE_ATTRS = {
  project: 'data-picture-project',
  chartWidth: 'data-picture-chart-width',
  today: 'data-picture-today',
  scrollLeft: 'data-picture-scroll-left',
} as const;
/** Where the chart's view (range, zoom, fit) is remembered (features/gantt/model/timeline-view.store.ts persists under it). */
export const TIMELINE_VIEW_KEY = 'planline.timeline-view';

/** Tells the server this window's size and the chart's width there, and the time zone (not secrets: sizes). */
export function rememberScreen(chartWidth: number): void {
  if (typeof document === 'undefined' || chartWidth <= 0) return;
  setBrowserCookie(SCREEN_COOKIE, `${window.innerWidth}x${window.innerHeight}x${Math.round(chartWidth)}`);
  try {
    setBrowserCookie(TIME_ZONE_COOKIE, Intl.DateTimeFormat().resolvedOptions().timeZone);
  } catch {
    // No time zone to tell: the server takes UTC's day.
  }
}

/** A copy older than this is not painted: the plan has likely moved on, and the live chart will show it. */
const MAX_AGE_MS = 7 * 24 * 3600 * 1000;

export interface FirstScreenCopy {
  v: number;
  userId: string;
  projectId: string;
  /** #root's markup when the person left. */
  html: string;
  /** Scroll offsets of the chart's scrolled elements, in document order. */
  scroll: { top: number; left: number }[];
  /** Viewport width it was taken at: a copy from another layout (a phone's) is not painted. */
  width: number;
  savedAt: number;
}

/** The copy kept for `userId`, when it is fit to paint at a viewport `width` px wide. */
export function readFirstScreen(userId: string, width: number, now = Date.now()): FirstScreenCopy | null {
  try {
    const parsed = JSON.parse(localStorage.getItem(FIRST_SCREEN_KEY) ?? 'null') as Partial<FirstScreenCopy> | null;
    if (!parsed || parsed.v !== VERSION || parsed.userId !== userId || typeof parsed.html !== 'string') return null;
    if (typeof parsed.savedAt !== 'number' || now - parsed.savedAt > MAX_AGE_MS || parsed.width !== width) return null;
    return parsed as FirstScreenCopy;
  } catch {
    return null;
  }
}

/**
 * Attributes the live page is found by (its tests, the benchmark, the app's own lookups), renamed in the picture
 * so that nothing mistakes it for the live chart; `id`s are dropped so none is doubled while both are in the page.
 */
const PICTURED: readonly (readonly [live: string, pictured: string | null])[] = [
  ['id', null],
  ['data-task-bar', PICTURED_BAR],
  ['data-task-row', 'data-pictured-row'],
  ['data-connection', null],
  ['data-timeline-scroll', PICTURED_SCROLL],
];

/**
 * A disclosure's button and the part it shows (lib/use-disclosure.ts: a phone's folded header and chart tools).
 * A page always opens them closed, so the picture shows them closed, whatever the person had open when they left.
 */
export const DISCLOSURE_TOGGLE_ATTR = 'data-disclosure-toggle';
export const DISCLOSURE_PANEL_ATTR = 'data-disclosure-panel';

/**
 * Parts of the page a new visit does not open with (the chart's History panel), left out of the picture; and the
 * mark of a chart that shows the plan as it was at a past instant, which is no picture of what the next visit
 * opens: nothing is kept while it shows (the copy kept before stays).
 */
export const NOT_PICTURED_ATTR = 'data-not-pictured';
export const PAST_PLAN_ATTR = 'data-past-plan';

/**
 * `root`'s markup as the picture shows it: the live page's markers renamed (PICTURED), disclosures closed, what a
 * new page does not open with left out.
 */
export function picturedMarkup(root: Element): string {
  const copy = root.cloneNode(true) as Element;
  for (const el of copy.querySelectorAll(`[${NOT_PICTURED_ATTR}]`)) el.remove();
  for (const el of copy.querySelectorAll(`[${DISCLOSURE_TOGGLE_ATTR}]`)) el.setAttribute('aria-expanded', 'false');
  for (const el of copy.querySelectorAll(`[${DISCLOSURE_PANEL_ATTR}]`)) el.setAttribute('hidden', '');
  for (const [live, pictured] of PICTURED) {
    for (const el of copy.querySelectorAll(`[${live}]`)) {
      if (pictured) el.setAttribute(pictured, el.getAttribute(live) ?? '');
      el.removeAttribute(live);
    }
  }
  return copy.innerHTML;
}

/**
 * `html` (markup the server rendered, src/entry-server.tsx) as picturedMarkup makes a page's: the same attributes
 * renamed or dropped. React writes every attribute as ` name="value"` with `"` escaped inside values and text, so
 * only attributes can match.
 */
export function picturedHtml(html: string): string {
  let out = html;
  for (const [live, pictured] of PICTURED) {
    const attribute = new RegExp(` ${live}="([^"]*)"`, 'g');
    out = out.replace(attribute, pictured ? ` ${pictured}="$1"` : '');
  }
  return out;
}

/** Cleared by a sign-out or an ended session: this page keeps no copy any more (it may be leaving right after). */
let keeping = true;

/**
 * Who this browser's pages are signed in as, shared by its tabs: set when a page knows its person
 * (forgetFirstScreen with `keepUserId`), removed at a sign-out or an ended session in any tab. A tab left open
 * after a sign-out elsewhere keeps no copy as it closes (issue 34 item 7): a signed-out browser holds no picture.
 */
export const SIGNED_IN_KEY = 'planline.signedIn';

/**
 * Keeps what `root` shows as `userId`'s first screen of `projectId`. Call only while the workspace shows that
 * project's chart, synced; dialogs and menus render outside `root` and are not in it.
 */
export function keepFirstScreen(root: HTMLElement, userId: string, projectId: string, width: number, now = Date.now()): void {
  if (!keeping || !signedInAs(userId) || root.querySelector(`[${PAST_PLAN_ATTR}]`)) return;
  const html = picturedMarkup(root);
  if (html.length > MAX_HTML_CHARS) return removeCopy();
  const scroll = [...root.querySelectorAll<HTMLElement>(LIVE_SCROLLED)].map((el) => ({ top: el.scrollTop, left: el.scrollLeft }));
  const copy: FirstScreenCopy = { v: VERSION, userId, projectId, html, scroll, width, savedAt: now };
  try {
    localStorage.setItem(FIRST_SCREEN_KEY, JSON.stringify(copy));
    setBrowserCookie(PICTURE_KEPT_COOKIE, '1');
  } catch {
    // Storage full or refused: the next visit opens as a first one does.
    removeCopy();
  }
}

function signedInAs(userId: string): boolean {
  try {
    return localStorage.getItem(SIGNED_IN_KEY) === userId;
  } catch {
    return false;
  }
}

function noteSignedIn(userId: string | null): void {
  try {
    if (userId === null) localStorage.removeItem(SIGNED_IN_KEY);
    else localStorage.setItem(SIGNED_IN_KEY, userId);
  } catch {
    // Storage refused: no copy is kept either (signedInAs is false).
  }
}

function removeCopy(): void {
  setBrowserCookie(PICTURE_KEPT_COOKIE, null);
  try {
    localStorage.removeItem(FIRST_SCREEN_KEY);
  } catch {
    // Nothing readable is kept.
  }
}

/**
 * Deletes the kept copy: always (sign-out, an ended session; nothing is kept again by this page nor by the
 * browser's other tabs), or only when it shows `projectId` (access to it was lost), or only when it is not
 * `keepUserId`'s (`keepUserId` is signed in: only their pages keep a copy from now on).
 */
export function forgetFirstScreen(options: { projectId?: string; keepUserId?: string } = {}): void {
  if (options.projectId === undefined && options.keepUserId === undefined) {
    keeping = false;
    noteSignedIn(null);
  }
  if (options.keepUserId !== undefined) noteSignedIn(options.keepUserId);
  try {
    if (options.projectId !== undefined || options.keepUserId !== undefined) {
      const kept = JSON.parse(localStorage.getItem(FIRST_SCREEN_KEY) ?? 'null') as Partial<FirstScreenCopy> | null;
      if (!kept) return;
      if (options.projectId !== undefined && kept.projectId !== options.projectId) return;
      if (options.keepUserId !== undefined && kept.userId === options.keepUserId) return;
    }
  } catch {
    // Unreadable: removed below.
  }
  removeCopy();
}

/** Resolves once a picture the page shows (src/first-screen.ts) has been painted; at once without one. */
export function afterFirstScreenPainted(): Promise<void> {
  if (typeof document === 'undefined' || !document.getElementById('first-screen')) return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/**
 * The app's files asked for in one task: each request costs the page's main thread ~1 ms (more on a busy machine),
 * and a press on the picture that comes meanwhile waits for the task to end (issue 35: ~45 ms for the ~50 files,
 * on a loaded machine, right when a person or the bench grabs the first bar).
 */
const FILES_PER_TASK = 8;

/**
 * Asks for the app's code files the workspace page lists (api/src/http/static-web.ts lists them rather than ask for
 * them in the head, where their requests and compiling would hold up the first paint), all at once: the app's own
 * imports then find them arriving, with no waterfall of one import after another. "At once" is FILES_PER_TASK files
 * per task, a task after another, so input goes between them. Resolves once each has arrived (or failed: the import
 * that needs it then says so).
 */
export async function askForAppCode(): Promise<void> {
  let files: unknown;
  try {
    files = JSON.parse(document.getElementById(APP_CODE_ELEMENT_ID)?.textContent ?? '[]');
  } catch {
    return;
  }
  if (!Array.isArray(files)) return;
  const hrefs = files.filter((href): href is string => typeof href === 'string' && href.startsWith('/assets/'));
  const arrived: Promise<void>[] = [];
  for (let from = 0; from < hrefs.length; from += FILES_PER_TASK) {
    if (from > 0) await nextTask();
    for (const href of hrefs.slice(from, from + FILES_PER_TASK)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      arrived.push(new Promise((resolve) => (link.onload = link.onerror = () => resolve())));
      document.head.append(link);
    }
  }
  await Promise.all(arrived);
}

/** Said by the app when the page it shows is not a chart with bars (an empty project, the dashboard, an error). */
const DONE_EVENT = 'planline:first-screen-done';

export function firstScreenDone(): void {
  window.dispatchEvent(new Event(DONE_EVENT));
}

export function onFirstScreenDone(listener: () => void): () => void {
  window.addEventListener(DONE_EVENT, listener);
  return () => window.removeEventListener(DONE_EVENT, listener);
}

/**
 * Scroll offsets the painted picture showed, for the live chart to open at (so the two do not jump apart). Held on
 * the window: the first-screen script that notes them is a copy of this module of its own (put in the page whole).
 */
const PAINTED_SCROLL = Symbol.for('planline.paintedScroll');
const held = globalThis as { [PAINTED_SCROLL]?: { projectId: string; top: number; left: number } | null };

export function notePaintedScroll(projectId: string, offsets: { top: number; left: number }): void {
  held[PAINTED_SCROLL] = { projectId, ...offsets };
}

/** The offsets the picture of `projectId` showed, once: later openings of the chart start where they always do. */
export function takePaintedScroll(projectId: string): { top: number; left: number } | null {
  const painted = held[PAINTED_SCROLL];
  held[PAINTED_SCROLL] = null;
  return painted?.projectId === projectId ? { top: painted.top, left: painted.left } : null;
}
