import type { GridColumnId } from '@planline/domain';
import { memo, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { cn } from '../../../lib/cn';
import type { ProjectConnection } from '../../gantt/connection/project-connection';
import type { RemoteActivity } from '../../gantt/model/presence';
import type { TimelineTask } from '../../gantt/model/timeline-task';
import { cellEditable, cellText, COMPUTED_COLUMN_REASONS } from '../model/cell-commit';
import { gridSelectionStore } from '../model/grid-selection.store';
import { outlineNumbersOf } from '../model/outline-numbers';
import { useGrid } from './grid-context';
import { CELL_ATTR, cellKey, GRID_SCROLL_X_VAR } from './grid-dom';
import { EDIT_PROBLEM_ID, GridEditor } from './grid-editor';

interface GridRowCellsProps {
  connection: ProjectConnection;
  task: TimelineTask;
  /** The name cell's own content (status dot, toggle, name button): the chart's, kept as it was. */
  name: ReactNode;
  /** Someone else holding the task: with 'editing' and a cell, that cell shows their colour and name. */
  remote: RemoteActivity | undefined;
  /** The name column's classes (find marks, hover). */
  nameClassName: string;
  namePaddingLeft: number;
  /** The first cell is the grid's tab stop (the cursor's row is not drawn). */
  tabStop: boolean;
}

const SUMMARY_REASON = "A summary's dates and progress come from its subtasks";

/**
 * [grid-cells] A task's part of the list: its row number, then one cell per column (issue 39). The row number and
 * the first column stay put; the others scroll sideways inside the list (the chart's CSS variable, no render). The
 * texts are read per row with one selector that answers strings, so the row renders again only when a text it
 * shows changes, and only the cell being typed in follows the draft.
 */
export const GridRowCells = memo(function GridRowCells({ connection, task, name, remote, nameClassName, namePaddingLeft, tabStop }: GridRowCellsProps) {
  const { layout, columnIds, controller, readOnly, helpId } = useGrid();
  const taskId = task.id;
  const cursorColumn = useStore(gridSelectionStore, (s) => (s.cursor?.taskId === taskId ? s.cursor.column : null));
  const editingColumn = useStore(gridSelectionStore, (s) => (s.editing?.taskId === taskId ? s.editing.column : null));
  const rowNumber = useStore(connection.tasks, (s) => outlineNumbersOf(s).rowOf.get(taskId));
  const texts = useStore(
    connection.tasks,
    useShallow((s) => {
      const context = controller.cellContext(s);
      return columnIds.map((c) => (c === 'name' ? '' : cellText(c, taskId, context)));
    }),
  );
  const remoteCell = remote?.kind === 'editing' ? remote.cell : null;
  const [first, ...rest] = layout.columns;

  const cell = (column: GridColumnId, width: number, index: number) => {
    const isName = column === 'name';
    const editable = !readOnly && cellEditable(column, task);
    const isCursor = cursorColumn === column;
    const editing = editingColumn === column;
    const readOnlyReason = COMPUTED_COLUMN_REASONS[column] ?? (task.subtasks > 0 && !cellEditable(column, task) ? SUMMARY_REASON : undefined);
    const theirs = remoteCell === column ? remote! : null;
    return (
      <GridCellBox
        key={column}
        taskId={taskId}
        column={column}
        colIndex={index + 2}
        width={width}
        tabStop={isCursor || (tabStop && index === 0)}
        isCursor={isCursor}
        editable={editable}
        title={readOnly ? undefined : readOnlyReason}
        className={isName ? nameClassName : undefined}
        paddingLeft={isName ? namePaddingLeft : undefined}
        helpId={helpId}
        theirs={theirs}
      >
        {editing ? <GridEditor column={column} /> : isName ? name : <CellValue column={column} text={texts[columnIds.indexOf(column)] ?? ''} />}
      </GridCellBox>
    );
  };

  return (
    <>
      <div role="gridcell" aria-colindex={1} aria-readonly="true" className="flex shrink-0 items-center justify-end border-r border-slate-100 pr-2 text-xs text-slate-600 tabular-nums" style={{ width: layout.rowNumberPx }}>
        {rowNumber ?? ''}
      </div>
      {first ? cell(first.id, first.width, 0) : null}
      {rest.length ? (
        <div className="flex min-w-0 flex-1 overflow-hidden">
          <div className="flex shrink-0" style={{ transform: `translateX(calc(var(${GRID_SCROLL_X_VAR}, 0px) * -1))` }}>
            {rest.map((c, i) => cell(c.id, c.width, i + 1))}
          </div>
        </div>
      ) : null}
      {editingColumn ? <EditProblem /> : null}
    </>
  );
});

interface GridCellBoxProps {
  taskId: string;
  column: GridColumnId;
  colIndex: number;
  width: number;
  tabStop: boolean;
  isCursor: boolean;
  editable: boolean;
  title: string | undefined;
  className: string | undefined;
  paddingLeft: number | undefined;
  helpId: string;
  theirs: RemoteActivity | null;
  children: ReactNode;
}

function GridCellBox({ taskId, column, colIndex, width, tabStop, isCursor, editable, title, className, paddingLeft, helpId, theirs, children }: GridCellBoxProps) {
  const { controller } = useGrid();
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (isCursor && ref.current) controller.takeFocus(taskId, column, ref.current);
  }, [isCursor, controller, taskId, column]);
  return (
    <div
      ref={ref}
      role="gridcell"
      {...{ [CELL_ATTR]: cellKey(taskId, column) }}
      aria-colindex={colIndex}
      aria-readonly={editable ? undefined : true}
      aria-describedby={isCursor ? helpId : undefined}
      tabIndex={tabStop ? 0 : -1}
      title={title}
      onMouseDown={(event) => controller.click({ taskId, column }, event)}
      // Tabbed into (the stop of a grid whose cursor is not drawn): the cursor comes here.
      onFocus={(event) => {
        if (event.target === event.currentTarget && !isCursor) gridSelectionStore.getState().setCursor({ taskId, column });
      }}
      onDoubleClick={column === 'name' ? undefined : () => controller.startEditing({ taskId, column }, null)}
      data-cursor={isCursor || undefined}
      className={cn(
        'relative flex h-full shrink-0 items-center border-r border-slate-100 outline-none',
        column === 'name' ? 'min-w-0' : 'px-2 text-sm text-slate-800',
        // The cursor: a ring inside the cell, seen whether or not the grid has focus.
        isCursor && 'shadow-[inset_0_0_0_2px_#2563eb]',
        className,
      )}
      style={{ width, paddingLeft, ...(theirs ? { boxShadow: `inset 0 0 0 2px ${theirs.user.color}` } : {}) }}
    >
      {children}
      {theirs ? (
        <span
          data-cell-editor={theirs.user.name}
          className="pointer-events-none absolute -top-2 right-1 z-10 max-w-full truncate rounded px-1 text-[10px] leading-4 font-semibold text-white"
          style={{ backgroundColor: theirs.user.color }}
        >
          {theirs.user.name}
        </span>
      ) : null}
    </div>
  );
}

function CellValue({ column, text }: { column: GridColumnId; text: string }) {
  const numeric = column === 'wbs' || column === 'duration' || column === 'progress' || column === 'slack' || column === 'variance';
  return <span className={cn('min-w-0 flex-1 truncate', numeric && 'text-right tabular-nums')}>{text}</span>;
}

/** Why the last commit was refused, under the row (not a toast): the editor's aria-describedby. */
function EditProblem() {
  const problem = useStore(gridSelectionStore, (s) => s.editing?.problem ?? null);
  if (!problem) return null;
  return (
    <div
      id={EDIT_PROBLEM_ID}
      role="alert"
      className="absolute top-full left-0 z-30 max-w-full rounded-b border border-red-300 bg-red-50 px-2 py-1 text-xs text-red-800 shadow"
    >
      {problem}
    </div>
  );
}
