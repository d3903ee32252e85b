/**
 * Injected into every page the timeline benchmark opens (ours and the peers'), before the page's own scripts:
 * times the first task bars on screen, drives and times a scroll, and watches for a bar that moved.
 * The Node side calls these through `window.__bench`.
 */
interface ProbeConfig {
  /** A task bar of the library on the page. */
  barSelector: string;
  /** The element whose vertical scroll moves the rows; unset, the biggest vertical scroller is taken. */
  scrollSelector?: string;
  /** Planline: the element that says the page is editable (its document synced); unset for the peers. */
  readySelector?: string;
  /** The attribute whose change may make `readySelector` match. */
  readyAttribute?: string;
}

declare global {
  interface Window {
    __benchConfig: ProbeConfig;
    __bench: typeof probe;
    /** A page may say how to scroll its chart (a library with its own scroll API). */
    __benchScrollBy?: (dy: number) => void;
  }
}

/** Wall-clock milliseconds, comparable between pages of the same machine. */
const now = () => performance.timeOrigin + performance.now();

/** Resolves once the frame after this call has been painted (rAF, then a task after the frame's rendering). */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve();
      channel.port2.postMessage(null);
    }),
  );
}

let resolveFirstBars: (ms: number) => void = () => {};
const firstBars = new Promise<number>((resolve) => (resolveFirstBars = resolve));
const watcher = new MutationObserver(() => {
  if (!document.querySelector(window.__benchConfig.barSelector)) return;
  watcher.disconnect();
  // Since navigation start (performance.now's origin), until the frame with the first bars is painted.
  void afterNextPaint().then(() => resolveFirstBars(performance.now()));
});
watcher.observe(document, { childList: true, subtree: true });

let resolveReady: (ms: number) => void = () => {};
const ready = new Promise<number>((resolve) => (resolveReady = resolve));
if (window.__benchConfig.readySelector) {
  const { readySelector: selector, readyAttribute } = window.__benchConfig;
  // The attribute may change on an element already there: watch attributes too, but only that one.
  const readyWatcher = new MutationObserver(() => {
    if (!document.querySelector(selector)) return;
    readyWatcher.disconnect();
    void afterNextPaint().then(() => resolveReady(performance.now()));
  });
  readyWatcher.observe(document, { childList: true, subtree: true, attributes: true, ...(readyAttribute ? { attributeFilter: [readyAttribute] } : {}) });
}

function scroller(): HTMLElement {
  const { scrollSelector } = window.__benchConfig;
  if (scrollSelector) {
    const el = document.querySelector<HTMLElement>(scrollSelector);
    if (!el) throw new Error(`no scroll element ${scrollSelector}`);
    return el;
  }
  let best: HTMLElement | null = null;
  for (const el of document.querySelectorAll<HTMLElement>('body *')) {
    const room = el.scrollHeight - el.clientHeight;
    if (room < 100) continue;
    const overflow = getComputedStyle(el).overflowY;
    if ((overflow === 'auto' || overflow === 'scroll') && (!best || room > best.scrollHeight - best.clientHeight)) best = el;
  }
  if (!best) throw new Error('no vertical scroller on the page');
  return best;
}

let pointerUpAt = Number.NaN;
let change: Promise<number> | null = null;

const probe = {
  /** Milliseconds from navigation start to the painted frame with the first task bar. */
  firstBars: () => firstBars,
  /** Milliseconds from navigation start to the painted frame where `readySelector` matched (the page is editable). */
  ready: () => ready,

  /**
   * Scrolls the rows by `stepPx` every animation frame for `frames` frames and returns the time between frames
   * (rAF timestamps): 16.7 ms at 60 Hz when every frame made it.
   */
  scroll(frames: number, stepPx: number): Promise<number[]> {
    const scrollBy =
      window.__benchScrollBy ??
      (() => {
        const el = scroller();
        return (dy: number) => {
          el.scrollTop += dy;
        };
      })();
    return new Promise((resolve, reject) => {
      const gaps: number[] = [];
      let last = -1;
      let count = 0;
      const frame = (ts: number) => {
        try {
          if (last >= 0) gaps.push(ts - last);
          last = ts;
          if (count++ === frames) return resolve(gaps);
          scrollBy(stepPx);
          requestAnimationFrame(frame);
        } catch (err) {
          reject(err);
        }
      };
      requestAnimationFrame(frame);
    });
  },

  /** Notes when the next pointerup happens (the drop of a drag), in wall-clock ms. */
  armPointerUp(): void {
    pointerUpAt = Number.NaN;
    window.addEventListener('pointerup', () => (pointerUpAt = now()), { capture: true, once: true });
  },
  pointerUpAt: () => pointerUpAt,

  /**
   * Starts watching the bar at `selector`; `changed()` resolves (wall-clock ms, once painted) when its `attribute`
   * differs from now and nobody's hand is on it any more (no `holderSelector` inside it): a teammate's drag shows
   * live as a preview, so the move counts as shown once the stored edit and the end of the drag have both arrived.
   */
  armChange(selector: string, attribute: string, holderSelector: string, timeoutMs: number): string | null {
    const before = document.querySelector(selector)?.getAttribute(attribute) ?? null;
    change = new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => {
        observer.disconnect();
        reject(new Error(`${selector} [${attribute}] did not settle on a new value within ${timeoutMs} ms`));
      }, timeoutMs);
      const observer = new MutationObserver(() => {
        const el = document.querySelector(selector);
        if (!el || el.getAttribute(attribute) === before || el.querySelector(holderSelector)) return;
        observer.disconnect();
        clearTimeout(timer);
        void afterNextPaint().then(() => resolve(now()));
      });
      observer.observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    return before;
  },
  changed: () => change ?? Promise.reject(new Error('armChange was not called')),
};

window.__bench = probe;
export {};
