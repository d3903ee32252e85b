/**
 * [early-drag] The first screen's picture takes a drag (issue 35: editable at first paint). A press on a pictured
 * bar moves it with the pointer at once, as the chart's drag does (whole days, landing on the project's working days
 * and keeping the bar's: the same functions, domain's first-screen-drag), before the app's code has arrived; the drop is noted for the chart (lib/early-drop.ts), which writes it through its outbox when it has the
 * task. The picture stays until the live chart shows the bar where it was dropped (src/first-screen.ts), so the
 * person sees no jump. Only moves: a press on a bar's ends (resize, link, progress) brings the live page forward as
 * any other press does. Only for a person who may edit the chart (picturedDragsArmed): a read-only person's
 * picture takes no drag, which the chart would refuse.
 *
 * Imports nothing heavy: it is part of every workspace page.
 */
import { buildCalendar, daysFromOffset, dragTaskOnCalendar, taskGeometry } from '@planline/domain/first-screen-drag';
import {
  BAR_END_ATTR,
  BAR_START_ATTR,
  CALENDAR_ATTR,
  DRAG_THRESHOLD_PX,
  EARLY_MOVED_ATTR,
  EDITABLE_ATTR,
  noteEarlyDrop,
  noteEarlyDragging,
  readCalendarText,
  ZOOM_ATTR,
} from './early-drop';
import { PICTURED_BAR, PICTURED_SCROLLED } from './first-screen';

/** Far enough that no bar is cut at the end of the range it is measured in. */
const FAR_DAY = '9999-12-31';
/** The click a browser sends after a drop comes within this. */
const CLICK_AFTER_DROP_MS = 300;
/** Parts of a bar that do something else than move it. */
const NOT_MOVING = '[data-drag-handle], [data-link-handle]';
/**
 * Parts of the chart's scroll area drawn over the bars that scroll under them: the date header (timeline-header.tsx)
 * and the rows' name column (task-row.tsx, row-drag.tsx's ROW_NAME_ATTRIBUTE), both sticky.
 */
const OVER_BARS = '[data-header-view], [data-row-name]';

/** A box on screen, as getBoundingClientRect gives it. */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const holds = (box: Box, x: number, y: number) => x >= box.left && x < box.right && y >= box.top && y < box.bottom;

/**
 * Whether a press at (x, y) lands on a bar to move, from the boxes the picture draws: on the bar's box, inside the
 * visible part of its scroll area, on none of the parts drawn over the bars, and on no part of the bar that does
 * something else than move it.
 */
export function pressMovesBar(x: number, y: number, boxes: { bar: Box; area: Box; over: readonly Box[]; notMoving: readonly Box[] }): boolean {
  return holds(boxes.bar, x, y) && holds(boxes.area, x, y) && !boxes.over.some((box) => holds(box, x, y)) && !boxes.notMoving.some((box) => holds(box, x, y));
}

/** The part of `el` that shows what it scrolls: its box without borders and scroll bars. */
function visibleArea(el: HTMLElement): Box {
  const box = el.getBoundingClientRect();
  const left = box.left + el.clientLeft;
  const top = box.top + el.clientTop;
  return { left, top, right: left + el.clientWidth, bottom: top + el.clientHeight };
}

interface PicturedTask {
  startDate: string;
  endDate: string;
  kind: 'task' | 'milestone';
}

interface Gesture {
  pointerId: number;
  bar: HTMLElement;
  /** The task where the picture drew it, and where an earlier drag of the picture left it. */
  drawn: PicturedTask;
  task: PicturedTask;
  startX: number;
  /** Days the pointer has moved the bar by. */
  days: number;
  moved: boolean;
}

export interface PictureDrags {
  /** Takes a press when it is on a pictured bar (then the picture stays); false: not a drag of the picture. */
  press(event: PointerEvent): boolean;
  /** A drag of the picture is under way: the picture must stay until it ends. */
  readonly busy: boolean;
  stop(): void;
}

/** A drop on the picture: the task, and the start date its bar had before it. */
export interface PictureDrop {
  taskId: string;
  from: string;
}

/**
 * Whether the picture's bars take a drag: only where the chart it shows would take one (the person may edit it,
 * EDITABLE_ATTR on its scroll area), with the zoom and the working calendar a moved bar lands on. A read-only
 * person's picture takes none: its drop would be dropped by the chart, and the bar would jump back.
 */
export function picturedDragsArmed(scroller: Element | null): boolean {
  if (!scroller?.hasAttribute(EDITABLE_ATTR)) return false;
  return Number(scroller.getAttribute(ZOOM_ATTR)) > 0 && readCalendarText(scroller.getAttribute(CALENDAR_ATTR)) !== null;
}

/**
 * Drags of `picture`'s bars (a picture of `projectId`'s chart). `ended(drop)` is called when a drag ends: with the
 * drop when the bar was dropped at other dates (noted for the chart), null for a click, a cancel or a drop where
 * it began.
 */
export function pictureDrags(picture: HTMLElement, projectId: string, ended: (drop: PictureDrop | null) => void): PictureDrags {
  const scroller = picture.querySelector<HTMLElement>(PICTURED_SCROLLED);
  const zoom = Number(scroller?.getAttribute(ZOOM_ATTR));
  const settings = readCalendarText(scroller?.getAttribute(CALENDAR_ATTR) ?? null);
  const calendar = settings && buildCalendar(settings.workingWeekdays, settings.holidays);
  const armed = picturedDragsArmed(scroller);
  let gesture: Gesture | null = null;
  /** Bars moved by an earlier drag: where the picture drew them. */
  const drawnAt = new WeakMap<HTMLElement, PicturedTask>();

  /**
   * The pictured bar a person sees at (x, y), not covered, found from the boxes the picture draws: the picture is
   * inert, so the browser hits nothing in it, and lifting `inert` to ask it restyles the whole picture twice (at the
   * press, then in the next frame), 10-60 ms of the main thread between a press and the drag's first move at 1,000
   * tasks (issue 35). The boxes are read from a laid-out page: nothing is restyled.
   */
  const barAt = (x: number, y: number): HTMLElement | null => {
    for (const bar of picture.querySelectorAll<HTMLElement>(`[${PICTURED_BAR}]`)) {
      const box = bar.getBoundingClientRect();
      if (!holds(box, x, y)) continue;
      const area = bar.closest<HTMLElement>(PICTURED_SCROLLED);
      if (!area) return null;
      const boxesOf = (selector: string, within: Element) => [...within.querySelectorAll(selector)].map((el) => el.getBoundingClientRect());
      const moves = pressMovesBar(x, y, { bar: box, area: visibleArea(area), over: boxesOf(OVER_BARS, area), notMoving: boxesOf(NOT_MOVING, bar) });
      return moves ? bar : null;
    }
    return null;
  };

  /** Where the chart would draw the bar `g.days` days on (the same functions), moved from where the picture drew it. */
  const show = (g: Gesture): PicturedTask => {
    const moved = { ...g.task, ...dragTaskOnCalendar(g.task, g.days, calendar!) };
    // Measured from the drawn start: only the difference of the two places is used.
    const range = { start: g.drawn.startDate, end: FAR_DAY };
    const from = taskGeometry(g.drawn, range, zoom);
    const to = taskGeometry(moved, range, zoom);
    if (!from || !to) return moved;
    g.bar.setAttribute(EARLY_MOVED_ATTR, String(to.left - from.left));
    g.bar.style.transform = to.left === from.left ? '' : `translateX(${to.left - from.left}px)`;
    if (g.task.kind === 'milestone') return moved;
    g.bar.style.width = `${to.width}px`;
    // A short task's own days, and the strip after them that takes the pointer (task-bar.tsx).
    const span = g.bar.querySelector<HTMLElement>('[data-bar-span]');
    const room = g.bar.querySelector<HTMLElement>('[data-bar-room]');
    if (span && g.bar.hasAttribute('data-short')) span.style.width = `${to.spanWidth}px`;
    if (room) room.style.left = `${to.spanWidth}px`;
    return moved;
  };

  const finish = (event: PointerEvent, dropped: boolean) => {
    const g = gesture;
    if (!g || event.pointerId !== g.pointerId) return;
    gesture = null;
    event.preventDefault();
    event.stopPropagation();
    stopFollowing();
    noteEarlyDragging(false);
    if (!dropped) g.days = 0;
    const moved = show(g);
    // A drag ends with no click on whatever is under the picture (the live page may be there by now).
    if (g.moved) {
      window.addEventListener('click', swallow, { capture: true, once: true });
      setTimeout(() => window.removeEventListener('click', swallow, true), CLICK_AFTER_DROP_MS);
    }
    if (g.days === 0) return ended(null);
    noteEarlyDrop({ projectId, taskId: g.bar.getAttribute(PICTURED_BAR)!, days: g.days });
    // The next drag of this bar starts where this one left it, as the chart's outbox has it.
    drawnAt.set(g.bar, g.drawn);
    g.bar.setAttribute(BAR_START_ATTR, moved.startDate);
    g.bar.setAttribute(BAR_END_ATTR, moved.endDate);
    ended({ taskId: g.bar.getAttribute(PICTURED_BAR)!, from: g.task.startDate });
  };
  const swallow = (event: Event) => {
    event.preventDefault();
    event.stopPropagation();
  };

  const onMove = (event: PointerEvent) => {
    const g = gesture;
    if (!g || event.pointerId !== g.pointerId) return;
    event.preventDefault();
    event.stopPropagation();
    const dx = event.clientX - g.startX;
    if (!g.moved && Math.abs(dx) < DRAG_THRESHOLD_PX) return;
    g.moved = true;
    const days = daysFromOffset(dx, zoom);
    if (days === g.days) return;
    g.days = days;
    show(g);
  };
  const onUp = (event: PointerEvent) => finish(event, true);
  const onCancel = (event: PointerEvent) => finish(event, false);

  const follow = () => {
    window.addEventListener('pointermove', onMove, true);
    window.addEventListener('pointerup', onUp, true);
    window.addEventListener('pointercancel', onCancel, true);
  };
  const stopFollowing = () => {
    window.removeEventListener('pointermove', onMove, true);
    window.removeEventListener('pointerup', onUp, true);
    window.removeEventListener('pointercancel', onCancel, true);
  };

  return {
    press(event) {
      // A touch on the picture scrolls or brings the live page forward (the chart lifts a bar after a long press).
      // A picture of a chart that would refuse the drag takes none: the press brings the live page forward.
      if (gesture || event.button !== 0 || event.pointerType === 'touch' || !armed || !calendar) return false;
      const bar = barAt(event.clientX, event.clientY);
      const startDate = bar?.getAttribute(BAR_START_ATTR);
      const endDate = bar?.getAttribute(BAR_END_ATTR);
      // A summary's dates are its subtasks': it moves with the live chart only.
      if (!bar || !startDate || !endDate) return false;
      event.preventDefault();
      event.stopPropagation();
      const task: PicturedTask = { startDate, endDate, kind: bar.hasAttribute('data-milestone') ? 'milestone' : 'task' };
      gesture = { pointerId: event.pointerId, bar, drawn: drawnAt.get(bar) ?? task, task, startX: event.clientX, days: 0, moved: false };
      // Its up comes to this page wherever the pointer is let go.
      document.documentElement.setPointerCapture(event.pointerId);
      noteEarlyDragging(true);
      follow();
      return true;
    },
    get busy() {
      return gesture !== null;
    },
    stop() {
      if (gesture) noteEarlyDragging(false);
      gesture = null;
      stopFollowing();
    },
  };
}
