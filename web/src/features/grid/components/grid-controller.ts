import { customFieldIdOf, nextPriority, nextStatus, type GridColumnId } from '@planline/domain';
import type { KeyboardEvent } from 'react';
import type { ProjectConnection } from '../../gantt/connection/project-connection';
import { outlineKeyMove } from '../../gantt/model/outline';
import { moveInOutline } from '../../gantt/components/outline-actions';
import { handleGridCommandKey, type GridCommandContext } from '../commands';
import { applyCellWrites, cellEditable, cellText, readCellText, type CellContext } from '../model/cell-commit';
import { gridSelectionStore, type GridCell } from '../model/grid-selection.store';
import { editorKeyAction, gridKeyAction, type GridPosition } from '../model/grid-keys';
import { scrollToColumn, type GridLayout } from '../model/grid-layout';
import { CELL_ATTR, cellKey } from './grid-dom';

/** What the controller reads from the chart at the moment it acts (kept in a ref: its methods never change). */
export interface GridInputs {
  connection: ProjectConnection;
  readOnly: boolean;
  /** Task ids in the order the grid shows them. */
  rows: readonly string[];
  layout: GridLayout;
  /** Today (yyyy-MM-dd): where rows a paste adds without dates start. */
  today: string;
  /** A cell context without the tasks (read from the store as the cell is committed). */
  cellContext: (tasks: CellContext['tasks']) => CellContext;
  openDetails: (taskId: string) => void;
  /** Brings a row into view (the virtualizer scrolls to it). */
  reveal: (taskId: string) => void;
  scrollX: () => number;
  setScrollX: (px: number) => void;
  root: () => HTMLElement | null;
}

export interface GridController {
  commandContext(): GridCommandContext;
  /** The context cells are read and written in, for a state of the tasks. */
  cellContext(tasks: CellContext['tasks']): CellContext;
  /** A click (or tap) on a cell: the cursor goes there; Shift adds the rows from the anchor, Ctrl one row. */
  click(cell: GridCell, modifiers: { shiftKey: boolean; ctrlKey: boolean; metaKey: boolean }): void;
  /** Every key pressed in the grid's cells (not while typing in one). */
  onKeyDown(event: KeyboardEvent<HTMLElement>): void;
  startEditing(cell: GridCell, draft: string | null): void;
  /** Reads the draft into the cell; refused, the editor stays open with the reason. Moves by `move` after. */
  commit(move: GridPosition): boolean;
  cancel(): void;
  /** Keys pressed in the cell's editor. */
  onEditorKeyDown(event: KeyboardEvent<HTMLInputElement>): void;
  /** From a column's header back down to its cell in the first row (ArrowDown on the header). */
  enterColumn(column: GridColumnId): void;
  /** A cell that has just rendered as the cursor takes focus if the keyboard moved it there (cursor row scrolled in). */
  takeFocus(taskId: string, column: GridColumnId, el: HTMLElement): void;
}

const CYCLING: ReadonlySet<GridColumnId> = new Set(['status', 'priority']);

/** A row's index in the grid's order, by a map built once per order (not a search per key press). */
const indexes = new WeakMap<readonly string[], Map<string, number>>();
function indexOf(rows: readonly string[], taskId: string): number {
  let map = indexes.get(rows);
  if (!map) indexes.set(rows, (map = new Map(rows.map((id, i) => [id, i]))));
  return map.get(taskId) ?? -1;
}

/**
 * [grid-keys] The grid's cursor, selection and editing, driven by clicks and keys (grid-keys.ts decides what a
 * key means; this carries it out): moves focus with the cursor (one tab stop: the ARIA grid's roving tabindex),
 * commits through cell-commit.ts (one transaction per commit) and tells teammates which cell is being typed in
 * ([grid-cell-presence]).
 */
export function createGridController(inputs: { current: GridInputs }): GridController {
  const store = gridSelectionStore;
  let pendingFocus: string | null = null;

  const focusCell = (taskId: string, column: GridColumnId) => {
    const key = cellKey(taskId, column);
    const el = inputs.current.root()?.querySelector<HTMLElement>(`[${CELL_ATTR}="${CSS.escape(key)}"]`);
    if (el) {
      pendingFocus = null;
      el.focus({ preventScroll: true });
    } else pendingFocus = key;
  };

  const moveTo = (to: GridPosition, extend: boolean) => {
    const { rows, layout } = inputs.current;
    const taskId = rows[to.row];
    const column = layout.columns[to.col]?.id;
    if (!taskId || !column) return;
    const state = store.getState();
    store.getState().setCursor({ taskId, column });
    if (extend) {
      const anchor = state.anchor ?? state.cursor?.taskId ?? taskId;
      const a = indexOf(rows, anchor);
      store.getState().select(rows.slice(Math.min(a, to.row), Math.max(a, to.row) + 1), anchor);
    } else if (state.selected.size) store.getState().select([], taskId);
    else store.setState({ anchor: taskId });
    inputs.current.setScrollX(scrollToColumn(layout, to.col, inputs.current.scrollX()));
    inputs.current.reveal(taskId);
    focusCell(taskId, column);
  };

  const positionOf = (cell: GridCell): GridPosition => ({
    row: indexOf(inputs.current.rows, cell.taskId),
    col: inputs.current.layout.columns.findIndex((c) => c.id === cell.column),
  });

  const setActivity = (cell: GridCell | null) =>
    inputs.current.connection.setActivity(cell ? { taskId: cell.taskId, kind: 'editing', cell: cell.column } : null);

  const controller: GridController = {
    cellContext: (tasks) => inputs.current.cellContext(tasks),
    commandContext: () => {
      const { connection, readOnly, rows, layout } = inputs.current;
      // The calendar, people and fields the commands read cells with: the cells' own.
      const { calendar, people, fields } = inputs.current.cellContext(connection.tasks.getState());
      return { connection, readOnly, rowOrder: rows, columns: layout.columns.map((c) => c.id), calendar, people, fields, today: inputs.current.today };
    },

    click(cell, { shiftKey, ctrlKey, metaKey }) {
      const state = store.getState();
      if (state.editing && (state.editing.taskId !== cell.taskId || state.editing.column !== cell.column)) {
        if (!controller.commit({ row: 0, col: 0 })) return;
      }
      const { rows } = inputs.current;
      if (shiftKey && state.anchor) {
        const a = indexOf(rows, state.anchor);
        const b = indexOf(rows, cell.taskId);
        if (a >= 0 && b >= 0) store.getState().select(rows.slice(Math.min(a, b), Math.max(a, b) + 1), state.anchor);
      } else if (ctrlKey || metaKey) {
        const selected = new Set(state.selected.size ? state.selected : state.cursor ? [state.cursor.taskId] : []);
        if (selected.has(cell.taskId)) selected.delete(cell.taskId);
        else selected.add(cell.taskId);
        store.getState().select(selected, state.anchor ?? cell.taskId);
      } else store.getState().select([], cell.taskId);
      store.getState().setCursor(cell);
    },

    onKeyDown(event) {
      const target = event.target as HTMLElement;
      if (target.closest('input, textarea, select')) return;
      const cellEl = target.closest<HTMLElement>(`[${CELL_ATTR}]`);
      if (!cellEl) return;
      const [taskId, column] = cellEl.getAttribute(CELL_ATTR)!.split('|') as [string, GridColumnId];
      const state = store.getState();
      if (state.editing) return;
      if (!state.cursor || state.cursor.taskId !== taskId || state.cursor.column !== column) store.getState().setCursor({ taskId, column });
      if (handleGridCommandKey(event, controller.commandContext())) return;
      const { connection, readOnly, rows, layout } = inputs.current;
      // [outline-keys] Alt+Shift+Right and Left indent and outdent, from any cell of the row.
      const outline = outlineKeyMove(event);
      if (outline) {
        event.preventDefault();
        if (!readOnly) moveInOutline(connection, taskId, outline);
        return;
      }
      // A button inside the cell (the name, a summary's toggle) keeps its own Enter and Space.
      if (target !== cellEl && (event.key === 'Enter' || event.key === ' ')) return;
      const at = positionOf({ taskId, column });
      if (at.row < 0 || at.col < 0) return;
      // Up from the first row: the column's header (resize and move it there).
      if (event.key === 'ArrowUp' && at.row === 0 && !event.shiftKey && !event.ctrlKey && !event.metaKey) {
        const header = inputs.current.root()?.querySelector<HTMLElement>(`[data-grid-column="${CSS.escape(column)}"]`);
        if (header) {
          event.preventDefault();
          header.focus();
          return;
        }
      }
      // A checkbox field's cell ticks and unticks with the same keys, as a status cycles.
      const fieldId = customFieldIdOf(column);
      const checkbox = fieldId !== null && inputs.current.cellContext(connection.tasks.getState()).fields.some((f) => f.id.toLowerCase() === fieldId && f.type === 'checkbox');
      const action = gridKeyAction(event, at, { rows: rows.length, cols: layout.columns.length }, CYCLING.has(column) || checkbox);
      if (!action) return;
      event.preventDefault();
      switch (action.do) {
        case 'move':
          return moveTo(action.to, action.extend);
        case 'edit':
          return controller.startEditing({ taskId, column }, action.draft);
        case 'details':
          return inputs.current.openDetails(taskId);
        case 'clear-selection':
          return store.getState().select([], taskId);
        case 'cycle': {
          const task = connection.tasks.getState().tasks.get(taskId);
          if (!task || readOnly) return;
          if (checkbox) {
            const context = inputs.current.cellContext(connection.tasks.getState());
            const read = readCellText(column, taskId, cellText(column, taskId, context) ? 'no' : 'yes', context);
            if (read.ok) applyCellWrites(connection, [read.write]);
            return;
          }
          const fields = column === 'status' ? { status: nextStatus(task.status, action.step) } : { priority: nextPriority(task.priority, action.step) };
          applyCellWrites(connection, [{ tasks: new Map([[taskId, fields]]), links: [] }]);
        }
      }
    },

    startEditing(cell, draft) {
      const { connection, readOnly, cellContext } = inputs.current;
      const task = connection.tasks.getState().tasks.get(cell.taskId);
      // Read-only people move and copy; a computed or rolled-up cell says why in its title and is not typed into.
      if (readOnly || !task || !cellEditable(cell.column, task)) return;
      const text = draft ?? cellText(cell.column, cell.taskId, cellContext(connection.tasks.getState()));
      store.getState().startEditing(cell, text);
      setActivity(cell);
    },

    commit(move) {
      const editing = store.getState().editing;
      if (!editing) return true;
      const { connection, cellContext, layout, rows } = inputs.current;
      const context = cellContext(connection.tasks.getState());
      const cell = { taskId: editing.taskId, column: editing.column };
      // The value as it was: nothing to write (no history entry for a cell only looked at).
      if (editing.draft !== cellText(cell.column, cell.taskId, context)) {
        const read = readCellText(cell.column, cell.taskId, editing.draft, context);
        if (!read.ok) {
          store.getState().setProblem(read.reason);
          return false;
        }
        applyCellWrites(connection, [read.write]);
      }
      store.getState().stopEditing();
      setActivity(null);
      const at = positionOf(cell);
      const to = { row: Math.max(0, Math.min(rows.length - 1, at.row + move.row)), col: Math.max(0, Math.min(layout.columns.length - 1, at.col + move.col)) };
      if (at.row >= 0 && at.col >= 0) moveTo(to, false);
      return true;
    },

    cancel() {
      const editing = store.getState().editing;
      if (!editing) return;
      store.getState().stopEditing();
      setActivity(null);
      focusCell(editing.taskId, editing.column);
    },

    onEditorKeyDown(event) {
      const action = editorKeyAction(event);
      if (!action) return;
      event.preventDefault();
      event.stopPropagation();
      if (action.do === 'cancel') controller.cancel();
      else controller.commit(action.move);
    },

    enterColumn(column) {
      const col = inputs.current.layout.columns.findIndex((c) => c.id === column);
      if (col >= 0 && inputs.current.rows.length) moveTo({ row: 0, col }, false);
    },

    takeFocus(taskId, column, el) {
      if (pendingFocus !== cellKey(taskId, column)) return;
      pendingFocus = null;
      el.focus({ preventScroll: true });
    },
  };
  return controller;
}
