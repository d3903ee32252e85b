import {
  barNameFits,
  inkOn,
  daysFromOffset,
  dragTaskOnCalendar,
  formatCalendarDate,
  progressFromOffset,
  PROGRESS_KEY_STEP,
  resizeEndByWorkingDays,
  resizeTaskOnCalendar,
  shiftTaskByWorkingDays,
  stepProgress,
  taskBarColor,
  taskGeometry,
} from '@planline/domain';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useRef, type HTMLAttributes, type KeyboardEvent, type PointerEvent } from 'react';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toast.store';
import { HOLDING_KINDS } from '../connection/project-connection';
import type { DisplayedDates } from '../model/displayed-dates';
import { dragStore, type DragMode, type DragPreview } from '../model/drag.store';
import type { RemoteActivity } from '../model/presence';
import { throttle } from '../model/throttle';
import type { TimelineTask } from '../model/timeline-task';
import { useWorkCalendar } from '../model/work-calendar';
import { Tooltip } from '../../../components/ui/tooltip';
import { BAR_HEIGHT_PX, DRAG_THRESHOLD_PX, LONG_PRESS_MS, PRESENCE_THROTTLE_MS, ROW_HEIGHT_PX, TOUCH_SLOP_PX } from './layout';
import { LinkHandle } from './link-handle';
import { MilestoneMarker } from './milestone-marker';
import { SummaryBar } from './summary-bar';
import { BarTip, DragLabel, HOLDING, HolderTag, OutsideHint, ProgressKnob, ResizeHandle, TAG_ROOM_PX, type TagSide } from './task-bar-parts';
import { ACTIVITY_KIND, changedFields, rings, samePreview, saveBarFields, type DragSession } from './task-bar-drag';
import { useLiftedPress } from './lifted-press';
import { overAllocationMarkerId, useOverAllocationLabel } from './over-allocation-marker';
import { useTimeline } from './timeline-context';
import { BAR_END_ATTR, BAR_START_ATTR } from '../../../lib/early-drop';

export const PARTIAL_BAR_TOOLTIP = 'Task extends beyond current view';
/** A short bar's name starts this far past its end: clear of the end's link handle (12 px, 4 px out; 20 px more under a finger). */
const SHORT_LABEL_GAP_PX = 20;
/** Said after a critical bar's name and dates, while the critical path is shown. */
export const CRITICAL_BAR_TEXT = 'On the critical path';

interface TaskBarProps {
  task: TimelineTask;
  shown: DisplayedDates;
  dragging: DragMode | null;
  remote: RemoteActivity | undefined;
  /** On the critical path, while the toolbar's toggle shows it. */
  critical: boolean;
}

/**
 * A task's bar: drag to move, drag an end to resize, drag the knob to set progress; arrow keys do the same by a
 * working day or 10%. Moves and resizes land on the project's working days, and a moved bar keeps its working days
 * (working-moves.ts in domain), as the cascade counts them. A drag changes nothing in the document until the drop, which is one transaction (undoable);
 * meanwhile its preview travels to teammates through awareness.
 */
export function TaskBar({ task, shown, dragging, remote, critical }: TaskBarProps) {
  const { connection, range, zoom, timelineWidth, readOnly, openDetails, askDelete, barHelpId } = useTimeline();
  const overAllocated = useOverAllocationLabel(task.id) !== undefined;
  const calendar = useWorkCalendar();
  const session = useRef<DragSession | null>(null);
  // Handlers of a drag outlive the render that started it: they read the connection through this.
  const latest = useRef({ connection, taskId: task.id });
  latest.current = { connection, taskId: task.id };
  const publishRef = useRef<ReturnType<typeof throttle<{ mode: DragMode; preview: DragPreview }>> | null>(null);
  publishRef.current ??= throttle(({ mode, preview }) => {
    const { connection: c, taskId } = latest.current;
    c.setActivity({ taskId, kind: ACTIVITY_KIND[mode], preview });
  }, PRESENCE_THROTTLE_MS);
  const publish = publishRef.current;

  const geometry = taskGeometry({ ...shown, kind: task.kind }, range, zoom);
  // A bar someone else holds cannot be taken from them: the drop that came second would overwrite theirs.
  const heldBy = remote && HOLDING_KINDS.has(remote.kind) ? remote : null;
  // The long press's timer and a drag's moves outlive the render that began them: they read who holds it now.
  const heldRef = useRef(heldBy);
  heldRef.current = heldBy;
  const summary = task.subtasks > 0;
  /** A drop or a key press (a summary's moves every task below it). */
  const save = (fields: Partial<DragPreview>) => saveBarFields(connection, task, fields, calendar);
  const refuseHeld = (by: RemoteActivity) =>
    toast({ title: `${by.user.name} is ${HOLDING[by.kind]} this task`, description: 'Wait until they let go, then try again.' });

  const finish = () => {
    const s = session.current;
    session.current = null;
    if (!s) return null;
    window.clearTimeout(s.liftTimer);
    window.removeEventListener('keydown', s.onEscape, true);
    if (s.element.hasPointerCapture(s.pointerId)) s.element.releasePointerCapture(s.pointerId);
    publish.cancel();
    if (dragStore.getState().drag?.taskId === latest.current.taskId) dragStore.setState({ drag: null });
    return s;
  };

  const cancel = () => {
    if (!finish()) return;
    latest.current.connection.setActivity(null);
  };
  // A bar unmounted mid-drag (its task deleted by a teammate, the range changed) lets go; a lifted one keeps the finger.
  const { ref: barRef, cancelRef, onEscape } = useLiftedPress<HTMLDivElement>(session, cancel);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || session.current) return;
    const handle = (event.target as HTMLElement).closest<HTMLElement>('[data-drag-handle]');
    const mode = (handle?.dataset.dragHandle as DragMode | undefined) ?? 'move';
    const element = event.currentTarget;
    const touch = event.pointerType === 'touch';
    // Touch waits for the long press before it takes the pointer: a swipe over the bar scrolls the chart.
    if (!touch) {
      event.preventDefault();
      grab(element, event.pointerId);
    }
    const rect = element.getBoundingClientRect();
    const original = { startDate: task.startDate, endDate: task.endDate, progress: task.progress };
    session.current = {
      pointerId: event.pointerId,
      mode: readOnly ? 'move' : mode,
      startX: event.clientX,
      startY: event.clientY,
      downAt: event.timeStamp,
      lifted: !touch,
      liftTimer: touch ? window.setTimeout(lift, LONG_PRESS_MS) : undefined,
      barLeft: rect.left,
      // Progress is a share of the task's own days, not of the 80 px a short bar takes.
      barWidth: Math.min(rect.width, geometry?.spanWidth ?? rect.width),
      original,
      preview: original,
      moved: false,
      element,
      onEscape,
    };
    window.addEventListener('keydown', onEscape, true);
  };

  function grab(element: HTMLElement, pointerId: number) {
    element.focus({ preventScroll: true });
    element.setPointerCapture(pointerId);
  }

  /** The long press is over: the bar is in hand, shown lifted (with its dates) before it moves. */
  function lift() {
    const s = session.current;
    if (!s || s.lifted) return;
    if (heldRef.current && !readOnly) {
      cancel();
      refuseHeld(heldRef.current);
      return;
    }
    s.lifted = true;
    grab(s.element, s.pointerId);
    if (!readOnly) dragStore.setState({ drag: { taskId: latest.current.taskId, mode: s.mode, preview: s.preview } });
  }

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const s = session.current;
    if (!s || event.pointerId !== s.pointerId) return;
    if (!s.lifted) {
      // The finger stayed within the slop for the whole long press, but a busy main thread ran this move before
      // the lift timer: it is a long press all the same (the touchmove after this pointermove is then held).
      if (event.timeStamp - s.downAt >= LONG_PRESS_MS) lift();
      // Moving before the long press is a scroll: the browser takes the touch over (and sends pointercancel).
      else if (Math.hypot(event.clientX - s.startX, event.clientY - s.startY) > TOUCH_SLOP_PX) cancel();
      if (!session.current?.lifted) return;
    }
    if (readOnly) return;
    const dx = event.clientX - s.startX;
    if (!s.moved && Math.abs(dx) < DRAG_THRESHOLD_PX) return;
    if (!s.moved && heldRef.current) {
      cancel();
      refuseHeld(heldRef.current);
      return;
    }
    s.moved = true;
    const days = daysFromOffset(dx, zoom);
    const next: DragPreview =
      s.mode === 'move'
        ? { ...dragTaskOnCalendar({ ...s.original, kind: task.kind }, days, calendar), progress: s.original.progress }
        : s.mode === 'progress'
          ? { ...s.original, progress: progressFromOffset(event.clientX - s.barLeft, s.barWidth) }
          : { ...resizeTaskOnCalendar(s.original, s.mode === 'resize-start' ? 'start' : 'end', days, calendar), progress: s.original.progress };
    if (samePreview(next, s.preview) && dragStore.getState().drag) return;
    s.preview = next;
    // The successors keep where the last answer put them until the document says where this preview pushes them.
    const shownPushed = dragStore.getState().drag?.pushed;
    dragStore.setState({ drag: { taskId: task.id, mode: s.mode, preview: next, pushed: shownPushed } });
    showPushed(next);
    publish.call({ mode: s.mode, preview: next });
  };

  /** Where the drop of `preview` would push the bar's successors (auto-scheduling), for the preview. */
  const showPushed = (preview: DragPreview) =>
    void latest.current.connection.pushedBy(task.id, preview).then((pushed) => {
      const drag = dragStore.getState().drag;
      if (drag?.taskId === task.id && drag.preview === preview) dragStore.setState({ drag: { ...drag, pushed } });
    });

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const s = session.current;
    if (!s || event.pointerId !== s.pointerId) return;
    finish();
    if (!s.moved) {
      connection.setActivity(null);
      // A tap or click opens the details; a long press let go without moving does nothing.
      if (s.mode === 'move' && !(event.pointerType === 'touch' && s.lifted)) openDetails(task.id);
      return;
    }
    const fields = changedFields(task, s.preview);
    // The edit first, then the awareness clear: both go down the same socket in this order, so teammates never
    // see the bar jump back between the preview and the stored dates.
    if (Object.keys(fields).length > 0) save(fields);
    connection.setActivity(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openDetails(task.id);
      return;
    }
    if (event.key === 'Delete' || event.key === 'Backspace') {
      if (readOnly) return;
      event.preventDefault();
      askDelete(task.id);
      return;
    }
    if ((event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    if (readOnly || session.current) return;
    if (heldBy) return refuseHeld(heldBy);
    // A milestone has one date and no progress to step; a summary's span and progress are its subtasks': both only move.
    if ((task.kind === 'milestone' || summary) && (event.altKey || event.shiftKey)) return;
    const step = event.key === 'ArrowRight' ? 1 : -1;
    const next: DragPreview = event.altKey
      ? { startDate: task.startDate, endDate: task.endDate, progress: stepProgress(task.progress, step * PROGRESS_KEY_STEP) }
      : event.shiftKey
        ? { ...resizeEndByWorkingDays(task, step, calendar), progress: task.progress }
        : { ...shiftTaskByWorkingDays(task, step, calendar), progress: task.progress };
    const fields = changedFields(task, next);
    if (Object.keys(fields).length > 0) save(fields);
  };

  // Keep a bar moved by the keyboard in view.
  useEffect(() => {
    const el = barRef.current;
    if (el && document.activeElement === el && !session.current) el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [geometry?.left]);

  if (!geometry) return <OutsideHint task={task} />;

  // The name starts with the bar's visible text (name, then percentage), so speech users can say what they see
  // (WCAG 2.5.3 label in name).
  const label =
    `${task.name} ${shown.progress}% complete: ${formatCalendarDate(shown.startDate)} to ${formatCalendarDate(shown.endDate)}` +
    (geometry.isPartial ? `. ${PARTIAL_BAR_TOOLTIP}` : '') +
    (critical ? `. ${CRITICAL_BAR_TEXT}` : '');
  const fill = taskBarColor(task);
  const holder = remote && !dragging ? remote : null;
  // Labels beside the bar (above it they would hide under the sticky header on the first row): on the right,
  // unless the bar reaches the right edge.
  const tagSide: TagSide = geometry.left + geometry.width + TAG_ROOM_PX <= timelineWidth ? 'right' : 'left';
  const handlers: HTMLAttributes<HTMLDivElement> = {
    onPointerDown,
    onPointerMove,
    onPointerUp,
    onPointerCancel: cancel,
    onLostPointerCapture: () => session.current?.lifted && cancel(),
    // A long press on a phone would open the context menu (or the iOS callout) instead of lifting the bar.
    onContextMenu: (event) => session.current && event.preventDefault(),
    onKeyDown,
  };
  if (summary) {
    return <SummaryBar task={task} shown={shown} geometry={geometry} barRef={barRef} handlers={handlers} dragging={dragging} holder={holder} heldBy={heldBy} tagSide={tagSide} />;
  }
  if (task.kind === 'milestone') {
    return <MilestoneMarker task={task} shown={shown} geometry={geometry} barRef={barRef} handlers={handlers} dragging={dragging} holder={holder} heldBy={heldBy} tagSide={tagSide} />;
  }

  // [bar-true-span] A task shorter than the bar's 80 px is drawn filled over its own days only, its ends (resize,
  // link) where it really ends, its name beside it, and the rest of the 80 px a faint strip that takes the pointer.
  const short = geometry.spanWidth < geometry.width;
  const ends = readOnly ? null : (
    <>
      {geometry.cutStart ? null : <ResizeHandle edge="start" />}
      {geometry.cutEnd ? null : <ResizeHandle edge="end" />}
      {geometry.cutStart ? null : <LinkHandle taskId={task.id} side="start" />}
      {geometry.cutEnd ? null : <LinkHandle taskId={task.id} side="end" />}
      <ProgressKnob progress={shown.progress} dragging={dragging === 'progress'} />
    </>
  );
  // The done part is darker; the part still to do keeps the bar colour, so the label reads on both.
  const done = (
    <span
      aria-hidden="true"
      className="pointer-events-none absolute inset-y-0 left-0 bg-black/25"
      style={{ width: `${shown.progress}%`, borderRadius: 'inherit', borderTopRightRadius: 0, borderBottomRightRadius: 0 }}
    />
  );
  const bar = (
    <div
      ref={barRef}
      role="button"
      tabIndex={0}
      aria-label={label}
      aria-roledescription="task bar"
      aria-describedby={overAllocated ? `${barHelpId} ${overAllocationMarkerId(barHelpId, task.id)}` : barHelpId}
      data-task-bar={task.id}
      // The dates it is drawn with, for a drag on the first screen's picture (lib/early-drag.ts).
      {...{ [BAR_START_ATTR]: shown.startDate, [BAR_END_ATTR]: shown.endDate }}
      data-partial={geometry.isPartial || undefined}
      data-critical={critical || undefined}
      data-short={short || undefined}
      {...handlers}
      className={cn(
        'group/bar pointer-events-auto absolute flex touch-manipulation items-center overflow-visible rounded-md select-none [-webkit-touch-callout:none]',
        !short && 'shadow-sm',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-slate-900 focus-visible:ring-offset-1',
        readOnly ? 'cursor-pointer' : dragging ? 'cursor-grabbing shadow-lg' : heldBy ? 'cursor-not-allowed' : 'cursor-grab',
        geometry.cutStart && 'rounded-l-none',
        geometry.cutEnd && 'rounded-r-none',
      )}
      style={{
        left: geometry.left,
        width: geometry.width,
        top: (ROW_HEIGHT_PX - BAR_HEIGHT_PX) / 2,
        height: BAR_HEIGHT_PX,
        backgroundColor: short ? undefined : fill,
        color: short ? undefined : inkOn(fill),
        boxShadow: short ? undefined : rings(critical, holder?.user.color),
        zIndex: dragging || holder ? 3 : undefined,
      }}
    >
      {short ? <span aria-hidden="true" data-bar-room className="pointer-events-none absolute inset-y-0 right-0 rounded-r-md opacity-15" style={{ left: geometry.spanWidth, backgroundColor: fill }} /> : null}
      {/* The same element whether the bar is short or not: a resize that makes it long (or short) must not remount
          the handle under the finger (a touch whose target leaves the page scrolls instead of dragging). */}
      <span
        data-bar-span
        className={cn('absolute inset-y-0 left-0', short && 'rounded-md shadow-sm', short && geometry.cutStart && 'rounded-l-none', short && geometry.cutEnd && 'rounded-r-none')}
        style={short ? { width: geometry.spanWidth, backgroundColor: fill, boxShadow: rings(critical, holder?.user.color) } : { width: '100%', borderRadius: 'inherit' }}
      >
        {done}
        {ends}
      </span>
      {geometry.cutStart ? (
        <span title={PARTIAL_BAR_TOOLTIP} data-cut="start" className="relative z-[1] shrink-0">
          <ChevronLeft aria-hidden="true" className="h-4 w-4 drop-shadow" />
        </span>
      ) : null}
      {short ? (
        // Beside the task's days, past its end handles, in dark ink as a milestone's name is: it may run on past
        // the 80 px, which only take the pointer.
        <span
          className="pointer-events-none absolute top-1/2 -translate-y-1/2 truncate text-xs font-semibold whitespace-nowrap text-slate-800 pointer-coarse:ml-5"
          style={{ left: geometry.spanWidth + SHORT_LABEL_GAP_PX, maxWidth: TAG_ROOM_PX }}
        >
          {task.name}
        </span>
      ) : (
        <span className="pointer-events-none relative min-w-0 flex-1 truncate px-2 text-xs font-semibold [text-shadow:0_1px_1px_rgb(0_0_0/0.35)]">
          {task.name}
        </span>
      )}
      {/* A word break for text readers (axe reads 'name40%' otherwise); a flex row does not draw it. */}{' '}
      {geometry.width >= 120 ? (
        <span aria-hidden="true" className="pointer-events-none relative pr-2 text-[11px] font-medium tabular-nums [text-shadow:0_1px_1px_rgb(0_0_0/0.35)]">
          {shown.progress}%
        </span>
      ) : null}
      {geometry.cutEnd ? (
        <span title={PARTIAL_BAR_TOOLTIP} data-cut="end" className="relative z-[1] shrink-0">
          <ChevronRight aria-hidden="true" className="h-4 w-4 drop-shadow" />
        </span>
      ) : null}
      {dragging ? <DragLabel shown={shown} mode={dragging} side={tagSide} /> : null}
      {holder ? <HolderTag activity={holder} side={tagSide} /> : null}
    </div>
  );
  // On hover and on keyboard focus: the task's slack, and a name cut short by its bar. The tooltip is always there,
  // only switched off while dragging, so that a drag does not remount the bar under the pointer.
  return (
    <Tooltip
      content={<BarTip taskId={task.id} name={barNameFits(task.name, short ? TAG_ROOM_PX : geometry.width) ? null : task.name} />}
      disabled={dragging !== null}
    >
      {bar}
    </Tooltip>
  );
}
