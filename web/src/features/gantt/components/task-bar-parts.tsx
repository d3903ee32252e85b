import { formatCalendarDate } from '@planline/domain';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '../../../lib/cn';
import type { DisplayedDates } from '../model/displayed-dates';
import type { DragMode } from '../model/drag.store';
import { taskSlackText, usePlanSchedule } from '../model/schedule';
import type { RemoteActivity } from '../model/presence';
import type { TimelineTask } from '../model/timeline-task';
import { useOverAllocationLabel } from './over-allocation-marker';
import { useTimeline } from './timeline-context';

/* The task bar's smaller pieces: its drag handles and the labels shown beside or instead of it. */

/**
 * A bar's tooltip: its name when the bar cuts it short, its slack, and its over-allocation (what the marker beside
 * it says, so a keyboard user focusing the bar sees it too). Mounted only while the tooltip is open, so
 * slack is computed when someone looks (once per change of the plan, shared with every other reader).
 */
export function BarTip({ taskId, name }: { taskId: string; name: string | null }) {
  const { connection } = useTimeline();
  const slack = usePlanSchedule(connection.tasks, (s) => taskSlackText(s, taskId));
  const overloads = useOverAllocationLabel(taskId);
  return (
    <>
      {name ? <span className="block">{name}</span> : null}
      {slack ? (
        <span data-slack className="block font-normal">
          {slack}
        </span>
      ) : null}
      {overloads?.split('\n').map((line) => (
        <span key={line} data-over-allocation-tip className="block font-normal">
          {line}
        </span>
      ))}
    </>
  );
}

/** The knob at the end of the done part: drag it to set progress. */
export function ProgressKnob({ progress, dragging }: { progress: number; dragging: boolean }) {
  return (
    <span
      aria-hidden="true"
      data-drag-handle="progress"
      title="Drag to set progress"
      className={cn(
        'absolute -bottom-1.5 z-[2] h-3 w-3 -translate-x-1/2 cursor-col-resize rounded-full border-2 border-white bg-slate-800',
        'opacity-0 transition-opacity group-hover/bar:opacity-100 group-focus-visible/bar:opacity-100',
        dragging && 'opacity-100',
      )}
      style={{ left: `${progress}%` }}
    />
  );
}

export function ResizeHandle({ edge }: { edge: 'start' | 'end' }) {
  return (
    <span
      aria-hidden="true"
      data-drag-handle={edge === 'start' ? 'resize-start' : 'resize-end'}
      title={edge === 'start' ? 'Drag to change the start date' : 'Drag to change the end date'}
      className={cn(
        // Wider under a finger.
        'absolute inset-y-0 z-[2] flex w-2 cursor-ew-resize items-center justify-center pointer-coarse:w-4',
        edge === 'start' ? 'left-0' : 'right-0',
      )}
    >
      <span className="h-3 w-0.5 rounded bg-white/80 opacity-0 transition-opacity group-hover/bar:opacity-100" />
    </span>
  );
}

export type TagSide = 'left' | 'right';
/** Room a label beside a bar needs before it would run off the chart. */
export const TAG_ROOM_PX = 190;
const SIDE_CLASSES: Record<TagSide, string> = {
  right: 'left-[calc(100%+8px)] top-1/2 -translate-y-1/2',
  left: 'right-[calc(100%+8px)] top-1/2 -translate-y-1/2',
};

export function DragLabel({ shown, mode, side }: { shown: DisplayedDates; mode: DragMode; side: TagSide }) {
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

export const HOLDING: Record<RemoteActivity['kind'], string> = {
  dragging: 'moving',
  resizing: 'resizing',
  progress: 'updating progress',
  editing: 'editing',
};

/** Whose hand is on this bar: their name in their colour. */
export function HolderTag({ activity, side }: { activity: RemoteActivity; side: TagSide }) {
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

/** A task wholly outside the range: a quiet hint at the side it lies on (slate-600: 4.5:1 on every row shade, WCAG AA). */
export function OutsideHint({ task }: { task: TimelineTask }) {
  const { range } = useTimeline();
  const before = task.endDate < range.start;
  return (
    <span
      className={cn('pointer-events-auto absolute top-1/2 flex -translate-y-1/2 items-center gap-1 text-[11px] text-slate-600', before ? 'left-2' : 'right-2')}
      title={`${task.name}: ${formatCalendarDate(task.startDate)} to ${formatCalendarDate(task.endDate)}`}
    >
      {before ? <ChevronLeft aria-hidden="true" className="h-3.5 w-3.5" /> : null}
      {before ? `Ended ${formatCalendarDate(task.endDate)}` : `Starts ${formatCalendarDate(task.startDate)}`}
      {before ? null : <ChevronRight aria-hidden="true" className="h-3.5 w-3.5" />}
    </span>
  );
}
