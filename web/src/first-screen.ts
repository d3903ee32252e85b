/**
 * The first thing a signed-in person's workspace page runs (issue 18: a second visit opens at once): it paints
 * the chart this device showed when the person last left it (lib/first-screen.ts), or on a first visit shows the
 * one the server drew into the page (src/entry-server.tsx) where it fits, while the app's code is still arriving,
 * and takes the picture away once the live page has painted its own bars, or at the person's first touch, or after
 * PICTURE_MAX_MS. Its bars take a drag at once (lib/early-drag.ts: issue 35, editable at first paint). Built on its
 * own (web/scripts/build.mjs) and put by the API in the workspace page itself, right after the app's root
 * (api/src/http/static-web.ts): it runs as the page is read, before the first paint. Imports nothing heavy: it is
 * part of every workspace page.
 */
import { pictureDrags } from './lib/early-drag';
import { BAR_START_ATTR } from './lib/early-drop';
import { startEarlyTaskList, WORKSPACE_STORE_KEY } from './lib/early-task-list';
import {
  BOOTSTRAP_ELEMENT_ID,
  notePaintedScroll,
  onFirstScreenDone,
  PICTURED_SCROLLED,
  readFirstScreen,
  rememberScreen,
  SERVER_PICTURE_ATTRS,
  TIMELINE_VIEW_KEY,
  type FirstScreenCopy,
} from './lib/first-screen';

/** The live page has not painted within this: the picture goes anyway, whatever the page shows by then. */
const PICTURE_MAX_MS = 10_000;
/** The live chart has painted its bars, or has settled without them (no tasks, or no document to show). */
const LIVE_CHART = ['[data-task-bar]', ...['synced', 'denied', 'unreachable'].map((s) => `[data-connection="${s}"]`)].join(', ');

interface Bootstrap {
  user?: { id?: unknown };
  /** The project the server guessed the workspace will open, whose task list the page's head asked for. */
  likelyProjectId?: unknown;
}

function readBootstrap(): Bootstrap | null {
  try {
    return JSON.parse(document.getElementById(BOOTSTRAP_ELEMENT_ID)?.textContent ?? 'null') as Bootstrap | null;
  } catch {
    return null;
  }
}

/** A first visit paints from the project's task list: its answer is taken now, not once the app has chosen. */
function takeTaskList(boot: Bootstrap | null): void {
  if (typeof boot?.likelyProjectId === 'string' && location.pathname === '/') startEarlyTaskList(boot.likelyProjectId);
}

/** The viewer's calendar day, 'yyyy-MM-dd' (domain's localCalendarDate, without importing it). */
function localDay(): string {
  const now = new Date();
  const two = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}

/** A stored value of this device's, or null. */
function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * Whether this device chose a project other than `projectId`, or a team without a project (whose first project the
 * workspace opens): the server drew the project it would open without a choice.
 */
function choseOtherProject(projectId: string): boolean {
  try {
    const chosen = (JSON.parse(stored(WORKSPACE_STORE_KEY) ?? 'null') as { state?: { selectedTeamId?: unknown; selectedProjectId?: unknown } } | null)?.state;
    if (!chosen) return false;
    return chosen.selectedProjectId ? chosen.selectedProjectId !== projectId : !!chosen.selectedTeamId;
  } catch {
    return true;
  }
}

/** Whether this device shows the chart's critical path, or a baseline of `projectId`: the server draws neither. */
function chartViewChanged(projectId: string): boolean {
  try {
    const view = (JSON.parse(stored(TIMELINE_VIEW_KEY) ?? 'null') as { state?: { showCriticalPath?: unknown; baselineByProject?: Record<string, unknown> } } | null)?.state;
    return !!view && (!!view.showCriticalPath || !!view.baselineByProject?.[projectId]);
  } catch {
    return true;
  }
}

/**
 * Whether the server's picture (src/entry-server.tsx) is what the live page will show here: drawn for this window's
 * chart width and this day, of the project this device would open, in the chart's first view. A device that chose
 * another project or keeps the critical path or a baseline shown remembers it in localStorage, which the server
 * cannot read: the app opens what it remembers, so the picture is not shown then. A width it was not drawn for is
 * told to the server for the next visit.
 */
function serverPictureFits(picture: HTMLElement): boolean {
  const project = picture.getAttribute(SERVER_PICTURE_ATTRS.project);
  if (picture.getAttribute(SERVER_PICTURE_ATTRS.today) !== localDay()) return false;
  if (project === null || choseOtherProject(project) || chartViewChanged(project)) return false;
  const scroller = picture.querySelector<HTMLElement>(PICTURED_SCROLLED);
  if (!scroller) return false;
  // Not shown at all in a window of another width (its own style says so); where it is, the chart's width must
  // be the one it was drawn at too.
  const width = scroller.clientWidth;
  if (width !== Number(picture.getAttribute(SERVER_PICTURE_ATTRS.chartWidth))) {
    if (width > 0) rememberScreen(width);
    return false;
  }
  return true;
}

/**
 * Paints the chart this device kept (a return visit) or the one the server drew (a first visit), if either fits.
 * Says whether it painted the kept one.
 */
function paintFirstScreen(boot: Bootstrap | null): boolean {
  const root = document.getElementById('root');
  const served = document.getElementById('first-screen');
  const userId = typeof boot?.user?.id === 'string' ? boot.user.id : null;
  // The app may already have drawn (the painter arrived late), and only the workspace at "/" is pictured.
  if (!root || root.childElementCount > 0 || !userId || location.pathname !== '/') return void served?.remove(), false;
  const copy = readFirstScreen(userId, window.innerWidth);
  if (copy) {
    served?.remove();
    showPicture(root, keptPicture(root, copy), copy.projectId);
    return true;
  }
  if (!served || !serverPictureFits(served)) return void served?.remove(), false;
  const scroller = served.querySelector<HTMLElement>(PICTURED_SCROLLED)!;
  const left = Number(served.getAttribute(SERVER_PICTURE_ATTRS.scrollLeft)) || 0;
  scroller.scrollLeft = left;
  notePaintedScroll(served.getAttribute(SERVER_PICTURE_ATTRS.project)!, { top: 0, left: scroller.scrollLeft });
  served.style.visibility = '';
  showPicture(root, served, served.getAttribute(SERVER_PICTURE_ATTRS.project)!);
  return false;
}

/** The picture of the chart this device kept, put over the app's root. */
function keptPicture(root: HTMLElement, copy: FirstScreenCopy): HTMLElement {
  const picture = document.createElement('div');
  picture.id = 'first-screen';
  picture.setAttribute('aria-hidden', 'true');
  picture.inert = true;
  // Over the app's root, which lays out underneath as it will be shown: taking the picture away moves nothing.
  picture.style.cssText = `position:absolute;top:0;left:0;right:0;min-height:100vh;z-index:60;background:${getComputedStyle(document.body).backgroundColor}`;
  picture.innerHTML = copy.html;
  root.before(picture);
  const scrolled = picture.querySelectorAll<HTMLElement>(PICTURED_SCROLLED);
  copy.scroll.forEach((offsets, i) => {
    const el = scrolled[i];
    if (!el) return;
    el.scrollTop = offsets.top;
    el.scrollLeft = offsets.left;
  });
  if (copy.scroll[0]) notePaintedScroll(copy.projectId, copy.scroll[0]);
  return picture;
}

/**
 * Keeps `picture` (of `projectId`'s chart) over the page until the live page has painted its bars, or the person's
 * first touch, or PICTURE_MAX_MS. A press on a pictured bar drags it (lib/early-drag.ts): the picture stays through
 * the drag, and after a drop until the live chart shows the dropped bar at other dates than the picture drew it
 * with (the chart has taken the drop): the person sees no jump.
 */
function showPicture(root: HTMLElement, picture: HTMLElement, projectId: string): void {
  let done = false;
  /** Asked to go (a key, a wheel, the time) while a drag of the picture was under way: it goes when the drag ends. */
  let goAfterDrag = false;
  /** Bars dropped on the picture: the start each had before its last drop, by task. */
  const dropped = new Map<string, string>();
  const takeAway = () => {
    if (done) return;
    if (drags.busy) return void (goAfterDrag = true);
    done = true;
    drags.stop();
    watcher.disconnect();
    stopListening();
    clearTimeout(timer);
    window.removeEventListener('pointerdown', onPress, true);
    for (const type of ['keydown', 'wheel'] as const) window.removeEventListener(type, takeAway, true);
    picture.remove();
  };
  // The live chart has taken a drop when its bar starts elsewhere than before it (a teammate's rename does not count).
  const liveShowsDrops = () =>
    [...dropped].every(([taskId, from]) => root.querySelector(`[data-task-bar="${CSS.escape(taskId)}"]`)?.getAttribute(BAR_START_ATTR) !== from);
  const liveReady = () => root.querySelector(LIVE_CHART) !== null && liveShowsDrops();
  const drags = pictureDrags(picture, projectId, (drop) => {
    if (drop) dropped.set(drop.taskId, drop.from);
    if (!drop || goAfterDrag || liveReady()) takeAway();
  });
  // Taken away in the same task that put the live bars in (or the dropped bar's new dates): the next frame paints
  // them and not the picture, so the swap shows no blank frame and the two are never in the page together at a paint.
  const watcher = new MutationObserver(() => {
    if (!drags.busy && liveReady()) takeAway();
  });
  watcher.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: [BAR_START_ATTR] });
  // A picture does not respond, but for its bars' drags: the person's first press elsewhere, key or wheel brings
  // the live page forward.
  const onPress = (event: PointerEvent) => {
    if (!drags.press(event)) takeAway();
  };
  window.addEventListener('pointerdown', onPress, true);
  for (const type of ['keydown', 'wheel'] as const) window.addEventListener(type, takeAway, true);
  const stopListening = onFirstScreenDone(takeAway);
  const timer = setTimeout(takeAway, PICTURE_MAX_MS);
}

const boot = readBootstrap();
// A device that kept the chart keeps its tasks too (connection/device-copy.ts): the task list would only hold up
// the page (~0.2 s of its main thread at 10,000 tasks, decoding and parsing it) and is not asked for.
if (!paintFirstScreen(boot)) takeTaskList(boot);
