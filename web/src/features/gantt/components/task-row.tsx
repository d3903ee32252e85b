import { NAME_COLUMN_COMPACT_PX } from '@planline/domain';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { memo } from 'react';
import { useStore } from 'zustand';
import { displayedDates } from '../model/displayed-dates';
import { dragStore } from '../model/drag.store';
import { usePlanSchedule } from '../model/schedule';
import { useTimelineView } from '../model/timeline-view.store';
import { currentRowStore, setCurrentRow } from '../model/current-row.store';
import { assigneeLabel } from '../model/assignee-label';
import type { TimelineTask } from '../model/timeline-task';
import { findMarksStore } from '../model/task-find';
import { BaselineBar } from './baseline-bar';
import { LevelingGhostBar } from './leveling-ghost';
import { MoveNoteChip } from './move-note';
import { OverAllocationMarker } from './over-allocation-marker';
import { RowDropMark, ROW_NAME_ATTRIBUTE, useRowDrag } from './row-drag';
import { StatusDot } from './status-dot';
import { TaskBar } from './task-bar';
import { ROW_HEIGHT_PX } from './layout';
import { useTimeline, type Person } from './timeline-context';
import { CommentCountBadge } from '../../comments';
import { GridRowCells } from '../../grid/components/grid-cells';
import { useGrid } from '../../grid/components/grid-context';
import { gridSelectionStore } from '../../grid/model/grid-selection.store';


interface TaskRowProps {
  taskId: string;
  top: number;
  /** Its place among the rows shown (0 for the first), for the grid's aria-rowindex. */
  index: number;
  /** Its first cell is the grid's tab stop (no cursor drawn elsewhere). */
  tabStop: boolean;
}

/** How far each outline level indents a row's name (capped, so deep outlines keep room for the name). */
const INDENT_PX = 16;
const MAX_INDENT_LEVELS = 8;

/**
 * One task: its row of the grid (row number, the name column: status dot, name, assignee, opening the details; the
 * other columns shown, grid-cells.tsx) and its bar. Subtasks are indented
 * under their summary, which has a button to hide or show them; Alt+Shift+Right and Left on a focused name indent
 * and outdent it (as in MS Project; Tab only moves focus), as do the toolbar's buttons for the row last focused,
 * and dragging the name onto another row nests it there or puts it before or after (row-drag.tsx). Re-renders
 * only when its task, its place in the outline, its drag preview (or the push it causes), whoever else holds it,
 * whether it is critical or whether it is the row the toolbar acts on or
 * whether find marks it changes.
 */
export const TaskRow = memo(function TaskRow({ taskId, top, index, tabStop }: TaskRowProps) {
  const { connection, people, timelineWidth, nameColumnPx, readOnly, openDetails, rowHelpId, rowOrderLocked } = useTimeline();
  const { layout } = useGrid();
  const selected = useStore(gridSelectionStore, (s) => s.selected.has(taskId));
  const editingHere = useStore(gridSelectionStore, (s) => s.editing?.taskId === taskId);
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
  const nameWidthPx = layout.columns.find((c) => c.id === 'name')?.width ?? nameColumnPx;
  const compact = nameWidthPx < NAME_COLUMN_COMPACT_PX;
  const summary = task.subtasks > 0;
  const indentPx = Math.min(depth, MAX_INDENT_LEVELS) * (compact ? INDENT_PX / 2 : INDENT_PX);

  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      aria-level={depth + 1}
      data-task-row={taskId}
      data-depth={depth}
      data-find={found ?? undefined}
      data-grid-picked={selected || undefined}
      className="group pointer-events-none absolute left-0 flex border-b border-slate-100"
      style={{ top, height: ROW_HEIGHT_PX, width: nameColumnPx + timelineWidth }}
    >
      <div
        {...{ [ROW_NAME_ATTRIBUTE]: '' }}
        className={cn(
          'pointer-events-auto sticky left-0 flex shrink-0 items-stretch border-r border-slate-200',
          // The row being typed in is above the next rows: its refusal shows under it.
          editingHere ? 'z-30' : 'z-10',
          selected ? 'bg-blue-50' : 'bg-white',
        )}
        style={{ width: nameColumnPx }}
      >
        <GridRowCells
          connection={connection}
          task={task}
          remote={remote}
          tabStop={tabStop}
          namePaddingLeft={indentPx}
          // [chart-find] Every match marked, the one find is on more strongly.
          nameClassName={found === 'current' ? 'bg-amber-200' : found === 'match' ? 'bg-amber-50 group-hover:bg-amber-100' : selected ? '' : 'group-hover:bg-slate-50'}
          name={
            <>
        {summary ? (
          <button
            type="button"
            tabIndex={-1}
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
          tabIndex={-1}
          {...rowDrag}
          // [grid-cells] The name opens the details (a click, or Enter on the name itself; Alt+Enter from the cell):
          // the cell around it takes the cursor, and Enter, F2 or typing there edits the name.
          onClick={(event) => {
            setCurrentRow(taskId);
            // A Ctrl- or Shift-click picks rows (the grid's mousedown did): it does not open the task.
            if (event.ctrlKey || event.metaKey || event.shiftKey) return;
            openDetails(taskId);
          }}
          onFocus={() => setCurrentRow(taskId)}
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
            </>
          }
        />
      </div>
      {/* The row's empty part lets the pointer through to the dependency arrows drawn under it; the bar takes it back. */}
      <div role="gridcell" aria-colindex={layout.columns.length + 2} className="relative shrink-0 overflow-hidden" style={{ width: timelineWidth }}>
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
