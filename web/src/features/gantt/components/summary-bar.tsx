import { formatCalendarDate, type BarGeometry } from '@planline/domain';
import type { HTMLAttributes, RefObject } from 'react';
import { cn } from '../../../lib/cn';
import type { DisplayedDates } from '../model/displayed-dates';
import type { DragMode } from '../model/drag.store';
import type { RemoteActivity } from '../model/presence';
import type { TimelineTask } from '../model/timeline-task';
import { BAR_HEIGHT_PX, ROW_HEIGHT_PX } from './layout';
import { DragLabel, HolderTag, type TagSide } from './task-bar-parts';
import { useTimeline } from './timeline-context';

interface SummaryBarProps {
  task: TimelineTask;
  shown: DisplayedDates;
  geometry: BarGeometry;
  barRef: RefObject<HTMLDivElement | null>;
  /** The task bar's pointer and key handlers: a summary only moves (its span and progress are its subtasks'). */
  handlers: HTMLAttributes<HTMLDivElement>;
  dragging: DragMode | null;
  holder: RemoteActivity | null;
  heldBy: RemoteActivity | null;
  tagSide: TagSide;
}

const FOOT = 'absolute top-0 h-[15px] w-[7px] bg-slate-800';

/**
 * A summary task (issue 17): a bracket over its subtasks' span, the done part darker, its name under the band.
 * Dragging it (or the arrow keys) moves every subtask by as many days, in one step (task-bar.tsx).
 */
export function SummaryBar({ task, shown, geometry, barRef, handlers, dragging, holder, heldBy, tagSide }: SummaryBarProps) {
  const { readOnly, barHelpId } = useTimeline();
  const subtasks = `${task.subtasks} ${task.subtasks === 1 ? 'subtask' : 'subtasks'}`;
  // The name starts with the text drawn on the bar (WCAG 2.5.3 label in name).
  const label = `${task.name}, summary of ${subtasks}, ${shown.progress}% complete: ${formatCalendarDate(shown.startDate)} to ${formatCalendarDate(shown.endDate)}`;
  return (
    <div
      ref={barRef}
      role="button"
      tabIndex={0}
      aria-label={label}
      aria-roledescription="summary task"
      aria-describedby={barHelpId}
      data-task-bar={task.id}
      data-summary
      {...handlers}
      className={cn(
        'group/bar pointer-events-auto absolute touch-manipulation select-none [-webkit-touch-callout:none]',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-slate-900 focus-visible:ring-offset-1',
        readOnly ? 'cursor-pointer' : dragging ? 'cursor-grabbing' : heldBy ? 'cursor-not-allowed' : 'cursor-grab',
      )}
      style={{
        left: geometry.left,
        width: geometry.width,
        top: (ROW_HEIGHT_PX - BAR_HEIGHT_PX) / 2,
        height: BAR_HEIGHT_PX,
        boxShadow: holder ? `0 0 0 2px white, 0 0 0 4px ${holder.user.color}` : undefined,
        zIndex: dragging || holder ? 3 : undefined,
      }}
    >
      {/* The band, its done part darker, and a foot at each end that is not cut off by the view: over the
          summary's own days ([bar-true-span]), the name below it free to run on. */}
      <span aria-hidden="true" className="absolute inset-y-0 left-0" style={{ width: geometry.spanWidth }}>
        <span className="absolute inset-x-0 top-0 h-[8px] overflow-hidden bg-slate-400">
          <span className="absolute inset-y-0 left-0 bg-slate-800" style={{ width: `${shown.progress}%` }} />
        </span>
        {geometry.cutStart ? null : <span className={cn(FOOT, 'left-0 [clip-path:polygon(0_0,100%_0,0_100%)]')} />}
        {geometry.cutEnd ? null : <span className={cn(FOOT, 'right-0 [clip-path:polygon(0_0,100%_0,100%_100%)]')} />}
      </span>
      <span className="pointer-events-none absolute inset-x-2 bottom-0 truncate text-xs leading-4 font-bold text-slate-900">
        {task.name}
      </span>
      {dragging ? <DragLabel shown={shown} mode="move" side={tagSide} /> : holder ? <HolderTag activity={holder} side={tagSide} /> : null}
    </div>
  );
}
