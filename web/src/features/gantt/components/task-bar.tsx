import {
  barGeometry,
  daysFromOffset,
  formatCalendarDate,
  progressFromOffset,
  PROGRESS_KEY_STEP,
  resizeTask,
  shiftTask,
  stepProgress,
} from '@planline/domain';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { cn } from '../../../lib/cn';
import type { DisplayedDates } from '../model/displayed-dates';
import { dragStore, type DragMode, type DragPreview } from '../model/drag.store';
import type { RemoteActivity } from '../model/presence';
import { throttle } from '../model/throttle';
import type { TimelineTask } from '../model/timeline-task';
import { BAR_HEIGHT_PX, DRAG_THRESHOLD_PX, PRESENCE_THROTTLE_MS, ROW_HEIGHT_PX } from './layout';
import { useTimeline } from './timeline-context';

export const PARTIAL_BAR_TOOLTIP = 'Task extends beyond current view';

interface DragSession {
  pointerId: number;
  mode: DragMode;
  startX: number;
  barLeft: number;
  barWidth: number;
  original: DragPreview;
  preview: DragPreview;
  moved: boolean;
  element: HTMLElement;
  /** Escape, listened for on the window while the drag lasts. */
  onEscape: (event: globalThis.KeyboardEvent) => void;
}

const ACTIVITY_KIND = { move: 'dragging', 'resize-start': 'resizing', 'resize-end': 'resizing', progress: 'progress' } as const;

const samePreview = (a: DragPreview, b: DragPreview) =>
  a.startDate === b.startDate && a.endDate === b.endDate && a.progress === b.progress;

/** The fields a drop or key press changed: only those are written. */
function changedFields(task: TimelineTask, next: DragPreview) {
  const fields: Partial<DragPreview> = {};
  if (next.startDate !== task.startDate) fields.startDate = next.startDate;
  if (next.endDate !== task.endDate) fields.endDate = next.endDate;
  if (next.progress !== task.progress) fields.progress = next.progress;
  return fields;
}

interface TaskBarProps {
  task: TimelineTask;
  shown: DisplayedDates;
  dragging: DragMode | null;
  remote: RemoteActivity | undefined;
}

/**
 * A task's bar: drag to move, drag an end to resize, drag the knob to set progress; arrow keys do the same by a
 * day or 10%. A drag changes nothing in the document until the drop, which is one transaction (undoable);
 * meanwhile its preview travels to teammates through awareness.
 */
export function TaskBar({ task, shown, dragging, remote }: TaskBarProps) {
  const { connection, range, zoom, timelineWidth, readOnly, openDetails, askDelete, barHelpId } = useTimeline();
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

  const geometry = barGeometry(shown, range, zoom);

  const finish = () => {
    const s = session.current;
    session.current = null;
    if (!s) return null;
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
  const cancelRef = useRef(cancel);
  cancelRef.current = cancel;

  // A bar unmounted mid-drag (its task deleted by a teammate, the range changed) lets go.
  useEffect(() => () => cancelRef.current(), []);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || session.current) return;
    const handle = (event.target as HTMLElement).closest<HTMLElement>('[data-drag-handle]');
    const mode = (handle?.dataset.dragHandle as DragMode | undefined) ?? 'move';
    const element = event.currentTarget;
    element.focus({ preventScroll: true });
    event.preventDefault();
    const rect = element.getBoundingClientRect();
    const original = { startDate: task.startDate, endDate: task.endDate, progress: task.progress };
    element.setPointerCapture(event.pointerId);
    // Escape cancels the drag wherever focus is.
    const onEscape = (key: globalThis.KeyboardEvent) => {
      if (key.key !== 'Escape') return;
      key.preventDefault();
      key.stopPropagation();
      cancelRef.current();
    };
    session.current = {
      pointerId: event.pointerId,
      mode: readOnly ? 'move' : mode,
      startX: event.clientX,
      barLeft: rect.left,
      barWidth: rect.width,
      original,
      preview: original,
      moved: false,
      element,
      onEscape,
    };
    window.addEventListener('keydown', onEscape, true);
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const s = session.current;
    if (!s || event.pointerId !== s.pointerId || readOnly) return;
    const dx = event.clientX - s.startX;
    if (!s.moved && Math.abs(dx) < DRAG_THRESHOLD_PX) return;
    s.moved = true;
    const days = daysFromOffset(dx, zoom);
    const next: DragPreview =
      s.mode === 'move'
        ? { ...shiftTask(s.original, days), progress: s.original.progress }
        : s.mode === 'progress'
          ? { ...s.original, progress: progressFromOffset(event.clientX - s.barLeft, s.barWidth) }
          : { ...resizeTask(s.original, s.mode === 'resize-start' ? 'start' : 'end', days), progress: s.original.progress };
    if (samePreview(next, s.preview) && dragStore.getState().drag) return;
    s.preview = next;
    dragStore.setState({ drag: { taskId: task.id, mode: s.mode, preview: next } });
    publish.call({ mode: s.mode, preview: next });
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const s = session.current;
    if (!s || event.pointerId !== s.pointerId) return;
    finish();
    if (!s.moved) {
      connection.setActivity(null);
      if (s.mode === 'move') openDetails(task.id);
      return;
    }
    const fields = changedFields(task, s.preview);
    // The edit first, then the awareness clear: both go down the same socket in this order, so teammates never
    // see the bar jump back between the preview and the stored dates.
    if (Object.keys(fields).length > 0) connection.writeTask(task.id, fields);
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
    const step = event.key === 'ArrowRight' ? 1 : -1;
    const next: DragPreview = event.altKey
      ? { startDate: task.startDate, endDate: task.endDate, progress: stepProgress(task.progress, step * PROGRESS_KEY_STEP) }
      : event.shiftKey
        ? { ...resizeTask(task, 'end', step), progress: task.progress }
        : { ...shiftTask(task, step), progress: task.progress };
    const fields = changedFields(task, next);
    if (Object.keys(fields).length > 0) connection.writeTask(task.id, fields);
  };

  // Keep a bar moved by the keyboard in view.
  const barRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = barRef.current;
    if (el && document.activeElement === el && !session.current) el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [geometry?.left]);

  if (!geometry) return <OutsideHint task={task} />;

  const label =
    `${task.name}: ${formatCalendarDate(shown.startDate)} to ${formatCalendarDate(shown.endDate)}, ${shown.progress}% complete` +
    (geometry.isPartial ? `. ${PARTIAL_BAR_TOOLTIP}` : '');
  const holder = remote && !dragging ? remote : null;
  // Labels beside the bar (above it they would hide under the sticky header on the first row): on the right,
  // unless the bar reaches the right edge.
  const tagSide: TagSide = geometry.left + geometry.width + TAG_ROOM_PX <= timelineWidth ? 'right' : 'left';

  return (
    <div
      ref={barRef}
      role="button"
      tabIndex={0}
      aria-label={label}
      aria-roledescription="task bar"
      aria-describedby={barHelpId}
      data-task-bar={task.id}
      data-partial={geometry.isPartial || undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={cancel}
      onLostPointerCapture={() => session.current && cancel()}
      onKeyDown={onKeyDown}
      className={cn(
        'group/bar absolute flex touch-none items-center overflow-visible rounded-md text-white shadow-sm select-none',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-slate-900 focus-visible:ring-offset-1',
        readOnly ? 'cursor-pointer' : dragging ? 'cursor-grabbing shadow-lg' : 'cursor-grab',
        geometry.cutStart && 'rounded-l-none',
        geometry.cutEnd && 'rounded-r-none',
      )}
      style={{
        left: geometry.left,
        width: geometry.width,
        top: (ROW_HEIGHT_PX - BAR_HEIGHT_PX) / 2,
        height: BAR_HEIGHT_PX,
        backgroundColor: task.color,
        boxShadow: holder ? `0 0 0 2px white, 0 0 0 4px ${holder.user.color}` : undefined,
        zIndex: dragging || holder ? 3 : undefined,
      }}
    >
      {/* The part still to do is lighter; the done part keeps the task colour. */}
      <span
        aria-hidden="true"
        className="pointer-events-none absolute inset-y-0 right-0 bg-white/45"
        style={{ left: `${shown.progress}%`, borderRadius: 'inherit', borderTopLeftRadius: 0, borderBottomLeftRadius: 0 }}
      />
      {geometry.cutStart ? (
        <span title={PARTIAL_BAR_TOOLTIP} data-cut="start" className="relative z-[1] shrink-0">
          <ChevronLeft aria-hidden="true" className="h-4 w-4 drop-shadow" />
        </span>
      ) : null}
      <span className="pointer-events-none relative min-w-0 flex-1 truncate px-2 text-xs font-semibold [text-shadow:0_1px_1px_rgb(0_0_0/0.35)]">
        {task.name}
      </span>
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
      {readOnly ? null : (
        <>
          {geometry.cutStart ? null : <ResizeHandle edge="start" />}
          {geometry.cutEnd ? null : <ResizeHandle edge="end" />}
          <span
            aria-hidden="true"
            data-drag-handle="progress"
            title="Drag to set progress"
            className={cn(
              'absolute -bottom-1.5 z-[2] h-3 w-3 -translate-x-1/2 cursor-col-resize rounded-full border-2 border-white bg-slate-800',
              'opacity-0 transition-opacity group-hover/bar:opacity-100 group-focus-visible/bar:opacity-100',
              dragging === 'progress' && 'opacity-100',
            )}
            style={{ left: `${shown.progress}%` }}
          />
        </>
      )}
      {dragging ? <DragLabel shown={shown} mode={dragging} side={tagSide} /> : null}
      {holder ? <HolderTag activity={holder} side={tagSide} /> : null}
    </div>
  );
}

function ResizeHandle({ edge }: { edge: 'start' | 'end' }) {
  return (
    <span
      aria-hidden="true"
      data-drag-handle={edge === 'start' ? 'resize-start' : 'resize-end'}
      title={edge === 'start' ? 'Drag to change the start date' : 'Drag to change the end date'}
      className={cn(
        'absolute inset-y-0 z-[2] flex w-2 cursor-ew-resize items-center justify-center',
        edge === 'start' ? 'left-0' : 'right-0',
      )}
    >
      <span className="h-3 w-0.5 rounded bg-white/80 opacity-0 transition-opacity group-hover/bar:opacity-100" />
    </span>
  );
}

type TagSide = 'left' | 'right';
/** Room a label beside a bar needs before it would run off the chart. */
const TAG_ROOM_PX = 190;
const SIDE_CLASSES: Record<TagSide, string> = {
  right: 'left-[calc(100%+8px)] top-1/2 -translate-y-1/2',
  left: 'right-[calc(100%+8px)] top-1/2 -translate-y-1/2',
};

function DragLabel({ shown, mode, side }: { shown: DisplayedDates; mode: DragMode; side: TagSide }) {
  const text =
    mode === 'progress'
      ? `${shown.progress}%`
      : `${formatCalendarDate(shown.startDate)} – ${formatCalendarDate(shown.endDate)}`;
  return (
    <span
      aria-hidden="true"
      className={cn('pointer-events-none absolute z-[4] rounded bg-slate-900 px-1.5 py-0.5 text-[11px] font-medium whitespace-nowrap text-white', SIDE_CLASSES[side])}
    >
      {text}
    </span>
  );
}

const HOLDING: Record<RemoteActivity['kind'], string> = {
  dragging: 'moving',
  resizing: 'resizing',
  progress: 'updating progress',
  editing: 'editing',
};

/** Whose hand is on this bar: their name in their colour. */
function HolderTag({ activity, side }: { activity: RemoteActivity; side: TagSide }) {
  return (
    <span
      data-holder={activity.user.id}
      className={cn('pointer-events-none absolute z-[4] rounded px-1.5 py-0.5 text-[11px] leading-4 font-semibold whitespace-nowrap text-white', SIDE_CLASSES[side])}
      style={{ backgroundColor: activity.user.color }}
    >
      {activity.user.name} <span className="font-normal opacity-90">{HOLDING[activity.kind]}</span>
    </span>
  );
}

/** A task wholly outside the range: a quiet hint at the side it lies on. */
function OutsideHint({ task }: { task: TimelineTask }) {
  const { range } = useTimeline();
  const before = task.endDate < range.start;
  return (
    <span
      className={cn('absolute top-1/2 flex -translate-y-1/2 items-center gap-1 text-[11px] text-slate-400', before ? 'left-2' : 'right-2')}
      title={`${task.name}: ${formatCalendarDate(task.startDate)} to ${formatCalendarDate(task.endDate)}`}
    >
      {before ? <ChevronLeft aria-hidden="true" className="h-3.5 w-3.5" /> : null}
      {before ? `Ended ${formatCalendarDate(task.endDate)}` : `Starts ${formatCalendarDate(task.startDate)}`}
      {before ? null : <ChevronRight aria-hidden="true" className="h-3.5 w-3.5" />}
    </span>
  );
}
