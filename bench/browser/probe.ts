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
  /** Planline: the element that says the page's document is synced; unset for the peers. */
  readySelector?: string;
  /** The attribute whose change may make `readySelector` match. */
  readyAttribute?: string;
  /** Planline: drag only the live chart's bars, not the first screen's picture's (BENCH_DRAG_LIVE_ONLY, an A/B). */
  liveOnly?: boolean;
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

/** The dates a bar's label says ('Mar 3, 2026 to Mar 9, 2026'): the label without what else it tells. */
const labelDates = (bar: Element | null | undefined) => bar?.getAttribute('aria-label')?.match(/complete: (.+? to [A-Z][a-z]{2} \d{1,2}, \d{4})/)?.[1] ?? null;

/** The dates a task bar of the live chart says it has. */
function barDates(taskId: string): string | null {
  return labelDates(document.querySelector(`#root [data-task-bar="${CSS.escape(taskId)}"]`));
}

/**
 * The first screen's picture (web/src/first-screen.ts) takes a drag before the live chart is there: a bar of it
 * moved by one says by how many days (web/src/lib/early-drop.ts, EARLY_MOVED_ATTR).
 */
const PICTURED_BAR = '#first-screen [data-pictured-bar]';
const EARLY_MOVED = 'data-early-moved';
const picturedMoved = (taskId: string) =>
  Number(document.querySelector(`#first-screen [data-pictured-bar="${CSS.escape(taskId)}"]`)?.getAttribute(EARLY_MOVED) ?? 0) !== 0;

/** A bar to drag: its task, where to press it, when it was found (ms from navigation start), its dates before. */
export interface BarToDrag {
  taskId: string;
  x: number;
  y: number;
  at: number;
  before: string | null;
  pictured: boolean;
}

/**
 * Whether a person sees the middle (x, y) of a bar of the first screen's picture, to grab it. The picture is inert,
 * so the browser's hit test goes through it; lifting `inert` to ask restyled the whole picture twice right before
 * the drag (10-60 ms of the page's main thread at 1,000 tasks, which a person's pointer does not cost). Read from
 * the boxes instead: inside its scroll area's visible part, under neither the area's sticky date header nor the
 * rows' name column (drawn over the bars that scroll under them), and not on the bar's ends or link knob (the
 * picture takes a move only: those bring the live page forward).
 */
function picturedBarShows(bar: HTMLElement, x: number, y: number): boolean {
  const area = bar.closest<HTMLElement>('[data-pictured-scroll]');
  if (!area) return false;
  const { left, top } = area.getBoundingClientRect();
  const inArea = x >= left + area.clientLeft && x < left + area.clientLeft + area.clientWidth && y >= top + area.clientTop && y < top + area.clientTop + area.clientHeight;
  const under = (el: Element) => {
    const r = el.getBoundingClientRect();
    return x >= r.left && x < r.right && y >= r.top && y < r.bottom;
  };
  return inArea && ![...area.querySelectorAll('[data-header-view], [data-row-name]')].some(under) && ![...bar.querySelectorAll('[data-drag-handle], [data-link-handle]')].some(under);
}

/**
 * What the grid benchmark does to the chart's view controls (bench/src/timeline/grid-bench.ts): set a select's
 * value, put text in an input, or click the checkbox of the label reading `text` among `selector`; each the way
 * a person's action reaches React (the native value setter, then the event React listens to).
 */
export type ViewAction =
  | { kind: 'select'; selector: string; value: string }
  | { kind: 'text'; selector: string; value: string }
  | { kind: 'check'; selector: string; text: string };

function viewActionTarget(action: ViewAction): HTMLElement {
  const el =
    action.kind === 'check'
      ? [...document.querySelectorAll<HTMLElement>(action.selector)].find((label) => label.textContent?.trim() === action.text)?.querySelector<HTMLElement>('input')
      : document.querySelector<HTMLElement>(action.selector);
  if (!el) throw new Error(`no element for ${JSON.stringify(action)}`);
  return el;
}

function dispatchViewAction(el: HTMLElement, action: ViewAction): void {
  if (action.kind === 'check') return el.click();
  const proto = action.kind === 'select' ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(el, action.value);
  el.dispatchEvent(new Event(action.kind === 'select' ? 'change' : 'input', { bubbles: true }));
}

/** The first row of Planline's task list (by its place, not the DOM's order): a task's id or a group's key. */
function firstRowKey(): string | null {
  let first: HTMLElement | null = null;
  for (const row of document.querySelectorAll<HTMLElement>('#root [data-task-row], #root [data-group-row]')) {
    if (!first || parseFloat(row.style.top) < parseFloat(first.style.top)) first = row;
  }
  return first ? (first.dataset.taskRow ?? `group ${first.dataset.groupRow}`) : null;
}

/** The rAF gaps being recorded (`startFrames` … `stopFrames`). */
let frameRecording: { gaps: number[]; on: boolean } | null = null;

/** The bar being dragged for the time to editable: its dates before, and the painted frame where they first differed. */
let watched: { taskId: string; before: string | null; movedAt: number; downAt: number; observer: MutationObserver } | null = null;

const probe = {
  /** Milliseconds from navigation start to the painted frame with the first task bar. */
  firstBars: () => firstBars,
  /** Milliseconds from navigation start to the painted frame where `readySelector` matched (the document is synced). */
  ready: () => ready,

  /**
   * Starts watching the bar of `taskId` (Planline) before a drag on it: `movedAt()` is then the time (ms from
   * navigation start) of the painted frame where the bar first showed other dates than now, or NaN.
   */
  watchBar(taskId: string): string | null {
    watched?.observer.disconnect();
    const before = barDates(taskId) ?? labelDates(document.querySelector(`#first-screen [data-pictured-bar="${CSS.escape(taskId)}"]`));
    const observer = new MutationObserver(() => {
      const dates = barDates(taskId);
      if (!picturedMoved(taskId) && (dates === null || dates === before)) return;
      observer.disconnect();
      const w = watched;
      void afterNextPaint().then(() => {
        if (w && Number.isNaN(w.movedAt)) w.movedAt = performance.now();
      });
    });
    watched = { taskId, before, movedAt: Number.NaN, downAt: Number.NaN, observer };
    window.addEventListener('pointerdown', () => watched && (watched.downAt = performance.now()), { capture: true, once: true });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-label', EARLY_MOVED] });
    return before;
  },
  /**
   * See `watchBar`; waits for the page to paint twice first, so that a drop it has taken shows by then. With it, when
   * the page had the drag's pointerdown (ms from navigation start).
   */
  async movedAt(): Promise<{ movedAt: number; downAt: number }> {
    await afterNextPaint();
    await afterNextPaint();
    return { movedAt: watched?.movedAt ?? Number.NaN, downAt: watched?.downAt ?? Number.NaN };
  },
  /** The dates the bar of `taskId` shows now (null: no such bar in the live chart). */
  barDates,
  /**
   * A task bar with its middle on screen and not covered: where a person would grab it. The live chart's, or
   * while it is not there the first screen's picture's (which takes a drag: web/src/lib/early-drag.ts; see
   * `picturedBarShows`). Whole bars first, then one cut by the chart's edge. Null: none yet. The bar found is
   * watched (`watchBar`): `before` is its dates.
   */
  barToDrag(): BarToDrag | null {
    const live = [...document.querySelectorAll<HTMLElement>('#root [data-task-bar][aria-roledescription="task bar"]')];
    const picture = document.getElementById('first-screen');
    const pictured = live.length || !picture || window.__benchConfig.liveOnly ? [] : [...document.querySelectorAll<HTMLElement>(`${PICTURED_BAR}[aria-roledescription="task bar"]`)];
    const bars = live.length ? live : pictured;
    for (const bar of [...bars.filter((b) => !b.dataset.partial), ...bars.filter((b) => b.dataset.partial)]) {
      const box = bar.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight || labelDates(bar) === null) continue;
      // A live bar under the picture (it covers the page while it stays) is not seen.
      const seen = live.length ? !picture && document.elementFromPoint(x, y)?.closest('[data-task-bar]') === bar : picturedBarShows(bar, x, y);
      if (!seen) continue;
      // Watched from here (no round trip to the bench before the drag starts).
      const taskId = live.length ? bar.dataset.taskBar! : bar.dataset.picturedBar!;
      return { taskId, x, y, at: performance.now(), before: probe.watchBar(taskId), pictured: !live.length };
    }
    return null;
  },
  /**
   * `barToDrag` once the first bars are painted, then at every animation frame until it finds a bar (null after
   * `timeoutMs`): looked for in the page from the moment it is asked, so the drag starts one round trip after the
   * bar is on screen.
   */
  barToDragSoon(timeoutMs: number): Promise<BarToDrag | null> {
    const until = performance.now() + timeoutMs;
    return new Promise((resolve) => {
      const look = () => {
        const found = probe.barToDrag();
        if (found || performance.now() > until) resolve(found);
        else requestAnimationFrame(look);
      };
      void firstBars.then(look);
    });
  },

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

  /**
   * Does `action` and resolves with the ms from just before it until the painted frame where the task list's first
   * row had changed (a sort, filter or grouping applied), or rejects after `timeoutMs`.
   */
  viewChange(action: ViewAction, timeoutMs: number): Promise<number> {
    const el = viewActionTarget(action);
    const before = firstRowKey();
    const start = performance.now();
    dispatchViewAction(el, action);
    // Looked at once a frame, after its paint (not on every mutation: the look is not the page's work to time).
    return new Promise((resolve, reject) => {
      const look = () => {
        const at = performance.now();
        if (firstRowKey() !== before) resolve(at - start);
        else if (at - start > timeoutMs) reject(new Error(`the first row stayed ${before} for ${timeoutMs} ms after ${JSON.stringify(action)}`));
        else void afterNextPaint().then(look);
      };
      void afterNextPaint().then(look);
    });
  },

  /** Starts recording the gaps between animation frames (as `scroll` does, without scrolling). */
  startFrames(): void {
    const recording = { gaps: [] as number[], on: true };
    frameRecording = recording;
    let last = -1;
    const frame = (ts: number) => {
      if (!recording.on) return;
      if (last >= 0) recording.gaps.push(ts - last);
      last = ts;
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  },
  /** The gaps recorded since `startFrames`, ms; stops recording. */
  stopFrames(): number[] {
    if (!frameRecording) throw new Error('startFrames was not called');
    frameRecording.on = false;
    return frameRecording.gaps;
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
