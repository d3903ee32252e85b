/**
 * The first thing a signed-in person's workspace page runs (issue 18: a second visit opens at once): it paints
 * the chart this device showed when the person last left it (lib/first-screen.ts), while the app's code is still
 * arriving, and takes the picture away once the live page has painted its own bars, or at the person's first
 * touch, or after PICTURE_MAX_MS. Served by the API in the workspace page only (api/src/http/static-web.ts), as a
 * module script ahead of the app's entry. Imports nothing heavy: it must arrive long before the app does.
 */
import { startEarlyTaskList } from './lib/early-task-list';
import { BOOTSTRAP_ELEMENT_ID, notePaintedScroll, onFirstScreenDone, PICTURED_SCROLLED, readFirstScreen } from './lib/first-screen';

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

function paintFirstScreen(boot: Bootstrap | null): void {
  const root = document.getElementById('root');
  const userId = typeof boot?.user?.id === 'string' ? boot.user.id : null;
  // The app may already have drawn (the painter arrived late), and only the workspace at "/" is kept.
  if (!root || root.childElementCount > 0 || !userId || location.pathname !== '/') return;
  const copy = readFirstScreen(userId, window.innerWidth);
  if (!copy) return;

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

  let done = false;
  const takeAway = () => {
    if (done) return;
    done = true;
    watcher.disconnect();
    stopListening();
    clearTimeout(timer);
    for (const type of ['pointerdown', 'keydown', 'wheel'] as const) window.removeEventListener(type, takeAway, true);
    picture.remove();
  };
  // Taken away in the same task that put the live bars in: the next frame paints them and not the picture, so
  // the swap shows no blank frame and the two are never in the page together at a paint.
  const watcher = new MutationObserver(() => {
    if (root.querySelector(LIVE_CHART)) takeAway();
  });
  watcher.observe(root, { childList: true, subtree: true });
  // A picture does not respond: the person's first press, key or wheel brings the live page forward.
  for (const type of ['pointerdown', 'keydown', 'wheel'] as const) window.addEventListener(type, takeAway, true);
  const stopListening = onFirstScreenDone(takeAway);
  const timer = setTimeout(takeAway, PICTURE_MAX_MS);
}

const boot = readBootstrap();
takeTaskList(boot);
paintFirstScreen(boot);
