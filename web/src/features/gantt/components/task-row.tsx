import { displayName, NAME_COLUMN_COMPACT_PX } from '@planline/domain';
import { cn } from '../../../lib/cn';
import { memo } from 'react';
import { useStore } from 'zustand';
import { displayedDates } from '../model/displayed-dates';
import { dragStore } from '../model/drag.store';
import { usePlanSchedule } from '../model/schedule';
import { useTimelineView } from '../model/timeline-view.store';
import { BaselineBar } from './baseline-bar';
import { StatusDot } from './status-dot';
import { TaskBar } from './task-bar';
import { ROW_HEIGHT_PX } from './layout';
import { useTimeline, type Person } from './timeline-context';

export function assigneeName(assigneeId: string | null, people: ReadonlyMap<string, Person>): string {
  if (!assigneeId) return 'Unassigned';
  const person = people.get(assigneeId);
  return person ? displayName(person) : 'Former member';
}

interface TaskRowProps {
  taskId: string;
  top: number;
}

/**
 * One task: the name column (status dot, name, assignee; opens the details) and its bar. Re-renders only when
 * its task, its drag preview, whoever else holds it or whether it is critical changes.
 */
export const TaskRow = memo(function TaskRow({ taskId, top }: TaskRowProps) {
  const { connection, people, timelineWidth, nameColumnPx, openDetails } = useTimeline();
  const task = useStore(connection.tasks, (s) => s.tasks.get(taskId));
  const drag = useStore(dragStore, (s) => (s.drag && (s.drag.taskId === taskId || s.drag.pushed?.has(taskId)) ? s.drag : null));
  const remote = useStore(connection.presence, (s) => s.activities.get(taskId));
  const showCritical = useTimelineView((s) => s.showCriticalPath);
  const critical = usePlanSchedule(connection.tasks, (s) => s.criticalTaskIds.has(taskId), showCritical) ?? false;
  if (!task) return null;
  const shown = displayedDates(task, drag, remote);
  const compact = nameColumnPx < NAME_COLUMN_COMPACT_PX;

  return (
    <div
      role="listitem"
      data-task-row={taskId}
      className="group pointer-events-none absolute left-0 flex border-b border-slate-100"
      style={{ top, height: ROW_HEIGHT_PX, width: nameColumnPx + timelineWidth }}
    >
      <div className="pointer-events-auto sticky left-0 z-10 shrink-0 border-r border-slate-200 bg-white" style={{ width: nameColumnPx }}>
        <button
          type="button"
          onClick={() => openDetails(taskId)}
          className={cn(
            'flex h-full w-full items-center text-left group-hover:bg-slate-50 focus-visible:bg-blue-50 focus-visible:outline-none',
            compact ? 'gap-1.5 px-2' : 'gap-2.5 px-4',
          )}
        >
          <StatusDot status={task.status} />
          {/* A narrow column (phones) gives the name two lines and leaves the assignee to the details panel. */}
          <span className={cn('min-w-0 flex-1 font-medium text-slate-900', compact ? 'line-clamp-2 text-xs leading-tight break-words' : 'truncate text-sm')}>
            {task.name}
          </span>
          {compact ? null : (
            <span className="max-w-[40%] shrink-0 truncate text-xs text-slate-500">{assigneeName(task.assigneeId, people)}</span>
          )}
        </button>
      </div>
      {/* The row's empty part lets the pointer through to the dependency arrows drawn under it; the bar takes it back. */}
      <div className="relative shrink-0 overflow-hidden" style={{ width: timelineWidth }}>
        <TaskBar task={task} shown={shown} dragging={drag?.mode ?? null} remote={remote} critical={critical} />
        <BaselineBar taskId={taskId} shown={shown} />
      </div>
    </div>
  );
});
