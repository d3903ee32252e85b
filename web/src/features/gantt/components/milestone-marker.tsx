import { formatCalendarDate, inkOn, MILESTONE_SIZE_PX, taskBarColor, type BarGeometry } from '@planline/domain';
import type { HTMLAttributes, RefObject } from 'react';
import { cn } from '../../../lib/cn';
import type { DisplayedDates } from '../model/displayed-dates';
import type { DragMode } from '../model/drag.store';
import type { RemoteActivity } from '../model/presence';
import type { TimelineTask } from '../model/timeline-task';
import { ROW_HEIGHT_PX } from './layout';
import { LinkHandle } from './link-handle';
import { DragLabel, HolderTag, type TagSide } from './task-bar-parts';
import { useTimeline } from './timeline-context';
import { BAR_END_ATTR, BAR_START_ATTR } from '../../../lib/early-drop';

interface MilestoneMarkerProps {
  task: TimelineTask;
  shown: DisplayedDates;
  geometry: BarGeometry;
  barRef: RefObject<HTMLDivElement | null>;
  /** The task bar's pointer and key handlers: a milestone moves like a bar (it has no ends to resize). */
  handlers: HTMLAttributes<HTMLDivElement>;
  dragging: DragMode | null;
  holder: RemoteActivity | null;
  heldBy: RemoteActivity | null;
  tagSide: TagSide;
}

/**
 * A milestone (issue 17): a diamond on its day, named beside it. It is dragged to move, linked from the handles
 * at its two points like a bar from its ends, and arrows join those points (taskGeometry gives the box).
 */
export function MilestoneMarker({ task, shown, geometry, barRef, handlers, dragging, holder, heldBy, tagSide }: MilestoneMarkerProps) {
  const { readOnly, barHelpId } = useTimeline();
  const fill = taskBarColor(task);
  // The name starts with what is seen beside the diamond (WCAG 2.5.3 label in name).
  const label = `${task.name}, milestone on ${formatCalendarDate(shown.startDate)}`;
  const sideTag = dragging ? <DragLabel shown={shown} mode="move" side={tagSide} /> : holder ? <HolderTag activity={holder} side={tagSide} /> : null;
  return (
    <div
      ref={barRef}
      role="button"
      tabIndex={0}
      aria-label={label}
      aria-roledescription="milestone"
      aria-describedby={barHelpId}
      data-task-bar={task.id}
      // The dates it is drawn with, for a drag on the first screen's picture (lib/early-drag.ts).
      {...{ [BAR_START_ATTR]: shown.startDate, [BAR_END_ATTR]: shown.endDate }}
      data-milestone
      {...handlers}
      className={cn(
        'group/bar pointer-events-auto absolute touch-manipulation select-none [-webkit-touch-callout:none] focus-visible:outline-none',
        readOnly ? 'cursor-pointer' : dragging ? 'cursor-grabbing' : heldBy ? 'cursor-not-allowed' : 'cursor-grab',
      )}
      style={{
        left: geometry.left,
        width: geometry.width,
        top: (ROW_HEIGHT_PX - MILESTONE_SIZE_PX) / 2,
        height: MILESTONE_SIZE_PX,
        zIndex: dragging || holder ? 3 : undefined,
      }}
    >
      {/* A square turned a quarter: its points touch the middle of each side of the box. */}
      <span
        aria-hidden="true"
        className={cn(
          'absolute inset-[2.6px] rotate-45 rounded-[2px] border border-white shadow-sm',
          'group-focus-visible/bar:ring-2 group-focus-visible/bar:ring-slate-900 group-focus-visible/bar:ring-offset-1',
          dragging && 'shadow-lg',
        )}
        style={{ backgroundColor: fill, color: inkOn(fill), boxShadow: holder ? `0 0 0 2px white, 0 0 0 4px ${holder.user.color}` : undefined }}
      />
      {sideTag ?? (
        <span aria-hidden="true" className="pointer-events-none absolute top-1/2 left-[calc(100%+22px)] -translate-y-1/2 text-xs font-semibold whitespace-nowrap text-slate-800">
          {task.name}
        </span>
      )}
      {readOnly ? null : (
        <>
          <LinkHandle taskId={task.id} side="start" />
          <LinkHandle taskId={task.id} side="end" />
        </>
      )}
    </div>
  );
}
