import { useRef, type MouseEvent, type PointerEvent } from 'react';
import { useStore } from 'zustand';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toast.store';
import { dropZone, rowDrop, rowDragStore, type RowDrag } from '../model/row-drop';
import { DRAG_THRESHOLD_PX, HEADER_HEIGHT_PX, LONG_PRESS_MS, TOUCH_SLOP_PX } from './layout';
import { useLiftedPress } from './lifted-press';
import { writeOutline } from './outline-actions';
import { useTimeline } from './timeline-context';

/** The attribute of a row's name column: the part of a row a drop is aimed at (the timeline part lets the pointer through). */
export const ROW_NAME_ATTRIBUTE = 'data-row-name';
/** Near the chart's top or bottom edge (px) a dragged row scrolls the rows, a step every frame. */
const SCROLL_EDGE_PX = 32;
const SCROLL_STEP_PX = 12;

interface RowDragSession {
  pointerId: number;
  element: HTMLElement;
  /** Where and when (event time) the finger or button went down: the time tells a long press from a busy main thread. */
  down: { x: number; y: number; at: number };
  touch: boolean;
  /** The row is in hand: a mouse past the drag threshold, a finger after the long press. */
  lifted: boolean;
  liftTimer: number | undefined;
  /** The pointer's last place, for the drop and for scrolling while it rests near an edge. */
  clientY: number;
  scrollFrame: number | undefined;
  /** Takes away the window listeners that end the session whatever happens to the row (see `end` below). */
  unlisten: () => void;
}

/** The task row at a point of the name column, if any. */
function rowAt(x: number, y: number): { taskId: string; rect: DOMRect } | null {
  const row = document.elementFromPoint(x, y)?.closest<HTMLElement>('[data-task-row]');
  const taskId = row?.dataset.taskRow;
  return row && taskId ? { taskId, rect: row.getBoundingClientRect() } : null;
}

/**
 * [row-drag-visible] The row's place under `clientY`, found at the name column's middle whatever the pointer's x.
 * A drop lands only where the person can see it: over the sticky date header, or on the part of a row it hides,
 * the target is the first row wholly below the header, before it (issue 33 item 9: a drop there landed on a row
 * hidden under the header).
 */
function targetAt(s: RowDragSession, clientY: number): RowDrag['target'] {
  const column = s.element.closest(`[${ROW_NAME_ATTRIBUTE}]`)?.getBoundingClientRect();
  if (!column) return null;
  const x = column.left + column.width / 2;
  const scroller = s.element.closest<HTMLElement>('[data-timeline-scroll]')?.getBoundingClientRect();
  const headerBottom = scroller ? scroller.top + HEADER_HEIGHT_PX : -Infinity;
  const y = Math.max(clientY, headerBottom + 1);
  // A row's 1 px bottom border lets the pointer through (only its name column takes it): look just below it too.
  const hit = rowAt(x, y) ?? rowAt(x, y + 2);
  if (!hit) return null;
  const zone = dropZone(clientY - hit.rect.top, hit.rect.height);
  const hidden = hit.rect.top < headerBottom;
  if (clientY > headerBottom && (!hidden || zone !== 'before')) return { taskId: hit.taskId, zone, refused: null };
  // Above the header's edge, or aiming at the hidden top edge of a row half under it.
  if (!hidden) return { taskId: hit.taskId, zone: 'before', refused: null };
  const next = rowAt(x, hit.rect.bottom + 1);
  return next ? { taskId: next.taskId, zone: 'before', refused: null } : { taskId: hit.taskId, zone: 'after', refused: null };
}

const sameTarget = (a: RowDrag['target'], b: RowDrag['target']) => a?.taskId === b?.taskId && a?.zone === b?.zone;

/**
 * [row-drag] Dragging a row by its name: onto another row's middle to make it that task's subtask, onto its top
 * or bottom edge to put it before or after it. A click is still a click (it opens the details); a mouse drags once
 * past the threshold, a finger after a long press (as the bars do), so a swipe over the names scrolls the chart.
 * Escape cancels; read-only charts do not drag. The drop is one `writeTasks`: one transaction, one undo step.
 * Returns the name button's handlers.
 */
export function useRowDrag(taskId: string) {
  const { connection, readOnly, rowOrderLocked } = useTimeline();
  const session = useRef<RowDragSession | null>(null);
  /** A drag (or a cancelled one) ends with a click on the name: it must not open the details. */
  const swallowClick = useRef(false);
  const latest = useRef({ connection, taskId });
  latest.current = { connection, taskId };

  /** What a drop on `target` would do, from the tasks as they are now. */
  const dropEdit = (target: NonNullable<RowDrag['target']>) => {
    const { tasks, collapsed } = latest.current.connection.tasks.getState();
    const shown = (tasks.get(target.taskId)?.subtasks ?? 0) > 0 && !collapsed.has(target.taskId);
    return rowDrop(tasks, latest.current.taskId, target.taskId, target.zone, shown);
  };

  const aim = (s: RowDragSession) => {
    const found = targetAt(s, s.clientY);
    const drag = rowDragStore.getState().drag;
    if (drag && sameTarget(found, drag.target)) return;
    const edit = found && dropEdit(found);
    const target = found && { ...found, refused: edit && !edit.ok ? edit.reason : null };
    rowDragStore.setState({ drag: { taskId: latest.current.taskId, target } });
  };

  const finish = () => {
    const s = session.current;
    session.current = null;
    if (!s) return null;
    window.clearTimeout(s.liftTimer);
    if (s.scrollFrame !== undefined) cancelAnimationFrame(s.scrollFrame);
    s.unlisten();
    if (s.element.hasPointerCapture(s.pointerId)) s.element.releasePointerCapture(s.pointerId);
    if (rowDragStore.getState().drag?.taskId === latest.current.taskId) rowDragStore.setState({ drag: null });
    if (s.lifted) swallowClick.current = true;
    return s;
  };
  // A row unmounted mid-drag (its task deleted by a teammate, scrolled far away) lets go; a lifted one keeps the finger.
  const { ref, cancelRef, onEscape } = useLiftedPress<HTMLButtonElement>(session, () => void finish());

  /** While the pointer rests near the chart's top or bottom edge, the rows scroll under it. */
  const scrollNearEdge = () => {
    const s = session.current;
    if (!s) return;
    s.scrollFrame = undefined;
    const scroller = s.element.closest<HTMLElement>('[data-timeline-scroll]');
    if (!scroller) return;
    const box = scroller.getBoundingClientRect();
    const step = s.clientY < box.top + HEADER_HEIGHT_PX + SCROLL_EDGE_PX ? -SCROLL_STEP_PX : s.clientY > box.bottom - SCROLL_EDGE_PX ? SCROLL_STEP_PX : 0;
    const before = scroller.scrollTop;
    if (step) scroller.scrollTop += step;
    if (scroller.scrollTop === before) return;
    aim(s);
    s.scrollFrame = requestAnimationFrame(scrollNearEdge);
  };

  function lift() {
    const s = session.current;
    if (!s || s.lifted) return;
    s.lifted = true;
    s.element.setPointerCapture(s.pointerId);
    aim(s);
  }

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    swallowClick.current = false;
    if (readOnly || rowOrderLocked || event.button !== 0 || session.current) return;
    const touch = event.pointerType === 'touch';
    const down = { x: event.clientX, y: event.clientY, at: event.timeStamp };
    const liftTimer = touch ? window.setTimeout(lift, LONG_PRESS_MS) : undefined;
    const { pointerId } = event;
    // [row-drag-ends] The drag always ends: the button let go anywhere (the row may have lost the pointer's capture
    // or left the page while the rows scrolled), the browser taking the pointer, or the window losing focus (the
    // button let go in another window, which this page never hears). Once a row stayed dimmed until Escape.
    const onWindowUp = (up: globalThis.PointerEvent) => {
      if (up.pointerId === pointerId) drop(up.clientY);
    };
    const onWindowCancel = (cancel: Event) => {
      if (cancel.type === 'blur' || (cancel as globalThis.PointerEvent).pointerId === pointerId) cancelRef.current();
    };
    window.addEventListener('keydown', onEscape, true);
    window.addEventListener('pointerup', onWindowUp);
    window.addEventListener('pointercancel', onWindowCancel);
    window.addEventListener('blur', onWindowCancel);
    const unlisten = () => {
      window.removeEventListener('keydown', onEscape, true);
      window.removeEventListener('pointerup', onWindowUp);
      window.removeEventListener('pointercancel', onWindowCancel);
      window.removeEventListener('blur', onWindowCancel);
    };
    session.current = { pointerId, element: event.currentTarget, down, touch, lifted: false, liftTimer, clientY: down.y, scrollFrame: undefined, unlisten };
  };

  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    const s = session.current;
    if (!s || event.pointerId !== s.pointerId) return;
    s.clientY = event.clientY;
    if (!s.lifted) {
      const travel = Math.hypot(event.clientX - s.down.x, event.clientY - s.down.y);
      if (!s.touch) {
        if (travel > DRAG_THRESHOLD_PX) lift();
      } else if (event.timeStamp - s.down.at >= LONG_PRESS_MS) lift();
      // A finger moving before the long press is scrolling: the browser takes the touch over.
      else if (travel > TOUCH_SLOP_PX) finish();
      if (!session.current?.lifted) return;
    }
    aim(s);
    if (s.scrollFrame === undefined) s.scrollFrame = requestAnimationFrame(scrollNearEdge);
  };

  const onPointerUp = (event: PointerEvent<HTMLElement>) => {
    if (session.current && event.pointerId === session.current.pointerId) drop(event.clientY);
  };

  /** The button let go at `clientY`: the drag ends, and a lifted row lands where the mark showed. */
  function drop(clientY: number) {
    const s = session.current;
    if (!s) return;
    const target = s.lifted ? targetAt(s, clientY) : null;
    finish();
    if (!target) return;
    const edit = dropEdit(target);
    if (!edit.ok) {
      toast({ title: target.zone === 'nest' ? 'Cannot make it a subtask' : 'Cannot move it there', description: edit.reason, variant: 'destructive' });
      return;
    }
    // Nested under a collapsed summary, the task would vanish: the summary opens, so the person sees where it went.
    if (target.zone === 'nest') latest.current.connection.setCollapsed(target.taskId, false);
    writeOutline(latest.current.connection, edit.writes);
  }

  const onClickCapture = (event: MouseEvent) => {
    if (!swallowClick.current) return;
    swallowClick.current = false;
    event.preventDefault();
    event.stopPropagation();
  };

  return {
    ref,
    onPointerDown,
    onPointerMove,
    onPointerUp,
    onPointerCancel: () => cancelRef.current(),
    onLostPointerCapture: () => session.current?.lifted && cancelRef.current(),
    // A long press would open the context menu (or the iOS callout) instead of lifting the row.
    onContextMenu: (event: MouseEvent) => session.current && event.preventDefault(),
    onClickCapture,
  };
}

/**
 * Where a dragged row would land, drawn on the row it is over: the row outlined for "make it a subtask", a line
 * at its top or bottom edge (at its indent) for "before" or "after"; red where the drop would be refused. The
 * dragged row itself is dimmed.
 */
export function RowDropMark({ taskId, indentPx }: { taskId: string; indentPx: number }) {
  const mark = useStore(rowDragStore, (s) => {
    const drag = s.drag;
    if (!drag) return null;
    if (drag.target?.taskId === taskId && drag.target.taskId !== drag.taskId) return `${drag.target.zone}${drag.target.refused ? ':refused' : ''}`;
    return drag.taskId === taskId ? 'source' : null;
  });
  if (!mark) return null;
  if (mark === 'source') return <div data-row-drag="source" className="pointer-events-none absolute inset-0 z-20 bg-white/60" />;
  const [zone, refused] = mark.split(':');
  return (
    <div
      data-row-drop={zone}
      data-refused={refused ? '' : undefined}
      className={cn(
        'pointer-events-none absolute right-0 z-20',
        zone === 'nest' ? 'inset-y-0 left-0 rounded-sm border-2' : 'h-[3px] rounded-full',
        zone === 'before' && '-top-[2px]',
        zone === 'after' && '-bottom-[2px]',
        zone === 'nest' ? (refused ? 'border-red-600 bg-red-50/40' : 'border-blue-600 bg-blue-50/40') : refused ? 'bg-red-600' : 'bg-blue-600',
      )}
      style={zone === 'nest' ? undefined : { left: indentPx }}
    />
  );
}
