import { DEFAULT_LINK, type LinkType } from '@planline/domain';
import { useEffect, useRef, type PointerEvent } from 'react';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toast.store';
import { edgeScrollStep, visibleBox } from '../model/chart-edges';
import { draftPointer } from '../model/link-draft';
import { linkStore, type LinkDraft } from '../model/link.store';
import { checkNewLink } from '../model/links';
import { throttle } from '../model/throttle';
import { HEADER_HEIGHT_PX, LONG_PRESS_MS, PRESENCE_THROTTLE_MS, ROW_HEIGHT_PX, TOUCH_SLOP_PX } from './layout';
import { useLiftedPress } from './lifted-press';
import { useTimeline } from './timeline-context';

/** The rows' container: a drawn link's line is placed in its pixels. */
export const TIMELINE_BODY_ATTRIBUTE = 'data-timeline-body';

interface LinkSession {
  pointerId: number;
  element: HTMLElement;
  startX: number;
  startY: number;
  /** When the finger or button went down (event time), to tell a long press from a busy main thread. */
  downAt: number;
  /** False while a touch waits out the long press: until then the finger may be scrolling the chart. */
  lifted: boolean;
  liftTimer: number | undefined;
  /** Escape, listened for on the window while the session lasts. */
  onEscape: (event: KeyboardEvent) => void;
  /** Where the pointer last was (client pixels): the chart scrolls under it near an edge. */
  pointer: { x: number; y: number };
  /** The animation frame that scrolls the chart next, while the pointer is near an edge. */
  scrollFrame: number | undefined;
}

/** The notice for a line dropped where no bar is. */
export const DROP_ON_BAR_HINT = "Drop on a task's bar to link it";

/** No text is selected while a line is drawn across the page (a drag would otherwise select the names it crosses). */
const noSelection = (event: Event) => event.preventDefault();

/**
 * The bar under a point, other than `fromTaskId`: the one a drop there would link. A drop on another bar's own link
 * handle links that bar too: on a phone a short bar is mostly its two finger-sized handles.
 */
function barAt(clientX: number, clientY: number, fromTaskId: string): string | null {
  const hit = document.elementFromPoint(clientX, clientY);
  const id = hit?.closest<HTMLElement>('[data-task-bar]')?.dataset.taskBar ?? hit?.closest<HTMLElement>('[data-link-handle-task]')?.dataset.linkHandleTask;
  return id && id !== fromTaskId ? id : null;
}

/**
 * A dot beside a bar's end: drag it onto another bar to link the two. From the finish it makes a finish-to-start
 * link, from the start a start-to-start one; Escape cancels, and a drop on no bar adds nothing but says where to
 * drop. On touch the dots are always shown, with a finger-sized target, and a long press takes the finger (as a
 * bar's does), so a swipe that starts on one still scrolls the chart. Near the chart's edges the chart scrolls under
 * the line, and no text is selected on the way. While the line is drawn, teammates see it in this person's colour
 * (presence).
 */
export function LinkHandle({ taskId, side }: { taskId: string; side: 'start' | 'end' }) {
  const { connection, nameColumnPx, range, zoom } = useTimeline();
  const session = useRef<LinkSession | null>(null);
  // The session's handlers and timer outlive the render that began it: they read the chart through this.
  const latest = useRef({ connection, nameColumnPx, range, zoom, taskId });
  latest.current = { connection, nameColumnPx, range, zoom, taskId };
  const publishRef = useRef<ReturnType<typeof throttle<LinkDraft>> | null>(null);
  publishRef.current ??= throttle((draft) => {
    const { connection: c, range: r, zoom: z } = latest.current;
    const { tasks, rowIndex } = c.tasks.getState();
    const task = tasks.get(draft.fromTaskId);
    const row = rowIndex.get(draft.fromTaskId);
    if (!task || row === undefined) return;
    const from = { startDate: task.startDate, endDate: task.endDate, side: draft.side, row };
    c.setActivity({ taskId: draft.fromTaskId, kind: 'linking', link: draftPointer(draft, from, draft.targetTaskId, { range: r, zoom: z, rowHeight: ROW_HEIGHT_PX }) });
  }, PRESENCE_THROTTLE_MS);
  const publish = publishRef.current;

  const finish = () => {
    const s = session.current;
    session.current = null;
    if (!s) return null;
    window.clearTimeout(s.liftTimer);
    if (s.scrollFrame !== undefined) cancelAnimationFrame(s.scrollFrame);
    document.removeEventListener('selectstart', noSelection, true);
    window.removeEventListener('keydown', s.onEscape, true);
    if (s.element.hasPointerCapture(s.pointerId)) s.element.releasePointerCapture(s.pointerId);
    publish.cancel();
    if (linkStore.getState().draft?.fromTaskId === latest.current.taskId) linkStore.setState({ draft: null });
    return s;
  };

  const cancel = () => {
    const s = finish();
    if (s?.lifted) latest.current.connection.setActivity(null);
  };
  // A bar unmounted mid-draw lets go; once the long press has taken the finger, its moves draw the line instead
  // of scrolling the chart.
  const { ref, cancelRef, onEscape } = useLiftedPress<HTMLSpanElement>(session, cancel);

  /** The line's end for a pointer at (clientX, clientY), in the rows' pixels. */
  const draftAt = (s: LinkSession, clientX: number, clientY: number): LinkDraft | null => {
    const body = s.element.closest(`[${TIMELINE_BODY_ATTRIBUTE}]`);
    if (!body) return null;
    const rect = body.getBoundingClientRect();
    const fromTaskId = latest.current.taskId;
    return { fromTaskId, side, x: clientX - rect.left - latest.current.nameColumnPx, y: clientY - rect.top, targetTaskId: barAt(clientX, clientY, fromTaskId) };
  };

  const draw = (draft: LinkDraft | null) => {
    if (!draft) return;
    linkStore.setState({ draft, selected: null });
    publish.call(draft);
  };

  /** The press is a link being drawn: a click at once, a touch after the long press. */
  function lift() {
    const s = session.current;
    if (!s || s.lifted) return;
    s.lifted = true;
    s.element.setPointerCapture(s.pointerId);
    document.getSelection()?.removeAllRanges();
    document.addEventListener('selectstart', noSelection, true);
    draw(draftAt(s, s.startX, s.startY));
  }

  /**
   * [link-edge-scroll] Near an edge of the rows (or past it) the chart scrolls, frame by frame while the pointer
   * stays there, and the line follows: a bar off screen can be reached.
   */
  function scrollNearEdge() {
    const s = session.current;
    if (!s || s.scrollFrame !== undefined) return;
    const scroller = s.element.closest<HTMLElement>('[data-timeline-scroll]');
    if (!scroller) return;
    const seen = visibleBox(scroller);
    // The rows' part: right of the name column and below the date header, which stay in place.
    const rows = { ...seen, left: seen.left + latest.current.nameColumnPx, top: seen.top + HEADER_HEIGHT_PX };
    const { dx, dy } = edgeScrollStep(s.pointer, rows);
    if (dx === 0 && dy === 0) return;
    s.scrollFrame = requestAnimationFrame(() => {
      s.scrollFrame = undefined;
      if (session.current !== s) return;
      const before = { left: scroller.scrollLeft, top: scroller.scrollTop };
      scroller.scrollBy({ left: dx, top: dy, behavior: 'instant' });
      // At the end of the chart there is nothing more to scroll: stop asking.
      if (scroller.scrollLeft === before.left && scroller.scrollTop === before.top) return;
      draw(draftAt(s, s.pointer.x, s.pointer.y));
      scrollNearEdge();
    });
  }

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    // The bar under the handle must not start a move, nor wait for its own long press.
    event.stopPropagation();
    if (event.button !== 0 || session.current) return;
    const touch = event.pointerType === 'touch';
    session.current = {
      pointerId: event.pointerId,
      element: event.currentTarget,
      startX: event.clientX,
      startY: event.clientY,
      downAt: event.timeStamp,
      lifted: false,
      liftTimer: touch ? window.setTimeout(lift, LONG_PRESS_MS) : undefined,
      onEscape,
      pointer: { x: event.clientX, y: event.clientY },
      scrollFrame: undefined,
    };
    window.addEventListener('keydown', onEscape, true);
    // Touch waits for the long press before it takes the pointer: a swipe from here scrolls the chart.
    if (!touch) {
      event.preventDefault();
      lift();
    }
  };

  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    const s = session.current;
    if (!s || event.pointerId !== s.pointerId) return;
    if (!s.lifted) {
      // Held still for the whole long press, but a busy main thread ran this move before the timer.
      if (event.timeStamp - s.downAt >= LONG_PRESS_MS) lift();
      // Moving before the long press is a scroll: the browser takes the touch over.
      else if (Math.hypot(event.clientX - s.startX, event.clientY - s.startY) > TOUCH_SLOP_PX) cancel();
      if (!session.current?.lifted) return;
    }
    s.pointer = { x: event.clientX, y: event.clientY };
    draw(draftAt(s, event.clientX, event.clientY));
    scrollNearEdge();
  };

  const onPointerUp = (event: PointerEvent<HTMLElement>) => {
    const s = session.current;
    if (!s || event.pointerId !== s.pointerId) return;
    finish();
    if (!s.lifted) return;
    const { connection: c, taskId: fromTaskId } = latest.current;
    const successor = barAt(event.clientX, event.clientY, fromTaskId);
    const check = successor ? checkNewLink(c.tasks.getState().edges, successor, fromTaskId) : null;
    // The link first, then the awareness clear: both go down the same socket in this order, so teammates see the
    // arrow appear as the draft goes.
    if (successor && check?.ok) {
      const type: LinkType = side === 'end' ? 'FS' : 'SS';
      c.writeLink(successor, fromTaskId, { ...DEFAULT_LINK, type });
    }
    c.setActivity(null);
    if (check && !check.ok) toast({ title: 'Link not added', description: check.reason, variant: 'destructive' });
    // A drop on no bar (or back on its own) says how it is done rather than doing nothing.
    if (!successor) toast({ title: 'No link added', description: DROP_ON_BAR_HINT });
  };

  return (
    <span
      ref={ref}
      aria-hidden="true"
      data-link-handle={side}
      data-link-handle-task={taskId}
      title={side === 'end' ? 'Drag onto another task: it starts after this one finishes' : 'Drag onto another task: it starts after this one starts'}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={cancel}
      onLostPointerCapture={() => session.current?.lifted && cancel()}
      // A long press would open the context menu (or the iOS callout) instead of starting the line.
      onContextMenu={(event) => session.current && event.preventDefault()}
      className={cn(
        'absolute top-1/2 z-[2] flex -translate-y-1/2 cursor-crosshair items-center justify-center select-none [-webkit-touch-callout:none]',
        'opacity-0 transition-opacity group-hover/bar:opacity-100 group-focus-visible/bar:opacity-100',
        // Under a finger there is no hover: the dots stay, each in a target a finger can hit beside the bar's end.
        'h-3 w-3 pointer-coarse:h-9 pointer-coarse:w-9 pointer-coarse:opacity-100',
        side === 'end' ? '-right-4 pointer-coarse:-right-9' : '-left-4 pointer-coarse:-left-9',
      )}
    >
      <span className="pointer-events-none h-full w-full rounded-full border-2 border-slate-700 bg-white pointer-coarse:h-4 pointer-coarse:w-4" />
    </span>
  );
}
