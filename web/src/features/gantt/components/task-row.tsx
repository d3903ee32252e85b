import { NAME_COLUMN_COMPACT_PX } from '@planline/domain';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { memo, type KeyboardEvent } from 'react';
import { useStore } from 'zustand';
import { displayedDates } from '../model/displayed-dates';
import { dragStore } from '../model/drag.store';
import { usePlanSchedule } from '../model/schedule';
import { useTimelineView } from '../model/timeline-view.store';
import { currentRowStore, setCurrentRow } from '../model/current-row.store';
import { outlineKeyMove } from '../model/outline';
import { assigneeLabel } from '../model/assignee-label';
import type { TimelineTask } from '../model/timeline-task';
import { findMarksStore } from '../model/task-find';
import { BaselineBar } from './baseline-bar';
import { LevelingGhostBar } from './leveling-ghost';
import { MoveNoteChip } from './move-note';
import { OverAllocationMarker } from './over-allocation-marker';
import { moveInOutline } from './outline-actions';
import { RowDropMark, ROW_NAME_ATTRIBUTE, useRowDrag } from './row-drag';
import { StatusDot } from './status-dot';
import { TaskBar } from './task-bar';
import { ROW_HEIGHT_PX } from './layout';
import { useTimeline, type Person } from './timeline-context';
import { CommentCountBadge } from '../../comments';


interface TaskRowProps {
  taskId: string;
  top: number;
}

/** How far each outline level indents a row's name (capped, so deep outlines keep room for the name). */
const INDENT_PX = 16;
const MAX_INDENT_LEVELS = 8;

/**
 * One task: the name column (status dot, name, assignee; opens the details) and its bar. Subtasks are indented
 * under their summary, which has a button to hide or show them; Alt+Shift+Right and Left on a focused name indent
 * and outdent it (as in MS Project; Tab only moves focus), as do the toolbar's buttons for the row last focused,
 * and dragging the name onto another row nests it there or puts it before or after (row-drag.tsx). Re-renders
 * only when its task, its place in the outline, its drag preview (or the push it causes), whoever else holds it,
 * whether it is critical or whether it is the row the toolbar acts on or
 * whether find marks it changes.
 */
export const TaskRow = memo(function TaskRow({ taskId, top }: TaskRowProps) {
  const { connection, people, timelineWidth, nameColumnPx, readOnly, openDetails, rowHelpId, rowOrderLocked } = useTimeline();
  const task = useStore(connection.tasks, (s) => s.tasks.get(taskId));
  const depth = useStore(connection.tasks, (s) => s.depth.get(taskId) ?? 0);
  const collapsed = useStore(connection.tasks, (s) => s.collapsed.has(taskId));
  const drag = useStore(dragStore, (s) => (s.drag && (s.drag.taskId === taskId || s.drag.pushed?.has(taskId)) ? s.drag : null));
  const remote = useStore(connection.presence, (s) => s.activities.get(taskId));
  const showCritical = useTimelineView((s) => s.showCriticalPath);
  const critical = usePlanSchedule(connection.tasks, (s) => s.criticalTaskIds.has(taskId), showCritical) ?? false;
  const rowDrag = useRowDrag(taskId);
  const current = useStore(currentRowStore, (s) => s.taskId === taskId);
  const found = useStore(findMarksStore, (s) => (s.current === taskId ? 'current' : s.matches.has(taskId) ? 'match' : null));
  if (!task) return null;
  const shown = displayedDates(task, drag, remote);
  const compact = nameColumnPx < NAME_COLUMN_COMPACT_PX;
  const summary = task.subtasks > 0;
  const indentPx = Math.min(depth, MAX_INDENT_LEVELS) * (compact ? INDENT_PX / 2 : INDENT_PX);

  // [outline-keys] Alt+Shift+Right and Left indent and outdent; Tab is left alone, so it only moves focus.
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const move = outlineKeyMove(event);
    if (!move || readOnly) return;
    event.preventDefault();
    moveInOutline(connection, taskId, move);
  };

  return (
    <div
      role="listitem"
      aria-level={depth + 1}
      data-task-row={taskId}
      data-depth={depth}
      data-find={found ?? undefined}
      className="group pointer-events-none absolute left-0 flex border-b border-slate-100"
      style={{ top, height: ROW_HEIGHT_PX, width: nameColumnPx + timelineWidth }}
    >
      <div
        {...{ [ROW_NAME_ATTRIBUTE]: '' }}
        className={cn(
          'pointer-events-auto sticky left-0 z-10 flex shrink-0 items-center border-r border-slate-200',
          // [chart-find] Every match marked, the one find is on more strongly.
          found === 'current' ? 'bg-amber-200' : found === 'match' ? 'bg-amber-50 group-hover:bg-amber-100' : 'bg-white group-hover:bg-slate-50',
        )}
        style={{ width: nameColumnPx, paddingLeft: indentPx }}
      >
        {summary ? (
          <button
            type="button"
            aria-expanded={!collapsed}
            aria-label={`Subtasks of ${task.name}`}
            title={collapsed ? 'Show subtasks' : 'Hide subtasks'}
            onClick={() => connection.setCollapsed(taskId, !collapsed)}
            className="ml-1 flex h-6 w-6 shrink-0 items-center justify-center rounded text-slate-600 hover:bg-slate-200 focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none"
          >
            {collapsed ? <ChevronRight aria-hidden="true" className="h-4 w-4" /> : <ChevronDown aria-hidden="true" className="h-4 w-4" />}
          </button>
        ) : null}
        <button
          type="button"
          {...rowDrag}
          onClick={() => {
            setCurrentRow(taskId);
            openDetails(taskId);
          }}
          onFocus={() => setCurrentRow(taskId)}
          onKeyDown={onKeyDown}
          data-current-row={current || undefined}
          aria-describedby={readOnly ? undefined : rowHelpId}
          title={readOnly ? undefined : (rowOrderLocked ?? 'Drag onto another task to make it a subtask, or onto its top or bottom edge to move it there')}
          className={cn(
            'flex h-full min-w-0 flex-1 items-center text-left select-none [-webkit-touch-callout:none] focus-visible:bg-blue-50 focus-visible:outline-none',
            // The row the toolbar's Indent and Outdent act on, while focus is on them.
            current && 'shadow-[inset_3px_0_0_#2563eb]',
            compact ? 'gap-1.5 px-2' : 'gap-2.5 px-4',
            summary && 'pl-1',
          )}
        >
          <StatusDot status={task.status} />
          {/* A narrow column (phones) gives the name two lines and leaves the assignee to the details panel. */}
          <span
            className={cn(
              'min-w-0 flex-1 text-slate-900',
              summary ? 'font-bold' : 'font-medium',
              compact ? 'line-clamp-2 text-xs leading-tight break-words hyphens-auto' : 'truncate text-sm',
            )}
          >
            {task.name}
          </span>
          <CommentCountBadge projectId={connection.projectId} taskId={taskId} />
          {/* slate-600: AA on the focused row's blue-50 too (slate-500 was 4.37:1). */}
          {compact ? null : (
            <AssigneeChip task={task} people={people} />
          )}
        </button>
      </div>
      {/* The row's empty part lets the pointer through to the dependency arrows drawn under it; the bar takes it back. */}
      <div className="relative shrink-0 overflow-hidden" style={{ width: timelineWidth }}>
        <TaskBar task={task} shown={shown} dragging={drag?.mode ?? null} remote={remote} critical={critical} />
        <BaselineBar taskId={taskId} shown={shown} />
        <MoveNoteChip taskId={taskId} shown={shown} />
        <OverAllocationMarker taskId={taskId} shown={shown} />
        <LevelingGhostBar taskId={taskId} />
      </div>
      <RowDropMark taskId={taskId} indentPx={indentPx} />
    </div>
  );
});

function AssigneeChip({ task, people }: { task: TimelineTask; people: ReadonlyMap<string, Person> }) {
  const { text, title } = assigneeLabel(task, people);
  return (
    <span title={title} data-assignee-chip="" className="max-w-[40%] shrink-0 truncate text-xs text-slate-600">
      {text}
    </span>
  );
}
