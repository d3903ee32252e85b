/**
 * [grid-keys] What a key does in the task grid (issue 39), as MS Project and spreadsheets do it: arrows move the cell
 * cursor (Shift extends the selected rows), Home and End go to the row's first and last column (with Ctrl, to the
 * first and last row), Page Up and Down a page of rows; Enter or F2 edits the cell keeping its value, a character
 * starts editing with it, Backspace with nothing; Space, + and - cycle a status or priority (and tick a checkbox field); Alt+Enter opens the
 * task's details; Escape clears the selection. Tab leaves the grid (one tab stop, the ARIA grid pattern). While
 * typing: Enter commits and moves down (Shift+Enter up), Tab right, Shift+Tab left, Escape cancels.
 */

export interface KeyPress {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

export interface GridPosition {
  row: number;
  col: number;
}

export type GridKeyAction =
  | { do: 'move'; to: GridPosition; extend: boolean }
  /** Edit the cell; `draft` null keeps its value as the text to change. */
  | { do: 'edit'; draft: string | null }
  | { do: 'cycle'; step: 1 | -1 }
  | { do: 'details' }
  | { do: 'clear-selection' };

/** Rows Page Up and Page Down move by. */
export const GRID_PAGE_ROWS = 10;

const clamp = (n: number, max: number) => Math.max(0, Math.min(max, n));

/**
 * The action of a key pressed on the cell at `at` (not typing in it), in a grid of `rows` × `cols` cells; `cycles`
 * says the column's values cycle with keys (status, priority). Null: the key is not the grid's.
 */
export function gridKeyAction(press: KeyPress, at: GridPosition, size: { rows: number; cols: number }, cycles: boolean): GridKeyAction | null {
  const mod = press.ctrlKey || press.metaKey;
  const lastRow = size.rows - 1;
  const lastCol = size.cols - 1;
  const move = (row: number, col: number): GridKeyAction => ({ do: 'move', to: { row: clamp(row, lastRow), col: clamp(col, lastCol) }, extend: press.shiftKey });
  if (press.altKey) return press.key === 'Enter' ? { do: 'details' } : null;
  switch (press.key) {
    case 'ArrowUp':
      return move(mod ? 0 : at.row - 1, at.col);
    case 'ArrowDown':
      return move(mod ? lastRow : at.row + 1, at.col);
    case 'ArrowLeft':
      return move(at.row, mod ? 0 : at.col - 1);
    case 'ArrowRight':
      return move(at.row, mod ? lastCol : at.col + 1);
    case 'Home':
      return move(mod ? 0 : at.row, 0);
    case 'End':
      return move(mod ? lastRow : at.row, lastCol);
    case 'PageUp':
      return move(at.row - GRID_PAGE_ROWS, at.col);
    case 'PageDown':
      return move(at.row + GRID_PAGE_ROWS, at.col);
    case 'Enter':
    case 'F2':
      return mod ? null : { do: 'edit', draft: null };
    case 'Escape':
      return { do: 'clear-selection' };
    case 'Backspace':
      return mod ? null : { do: 'edit', draft: '' };
  }
  if (mod) return null;
  if (cycles && (press.key === ' ' || press.key === '+')) return { do: 'cycle', step: 1 };
  if (cycles && press.key === '-') return { do: 'cycle', step: -1 };
  // One character typed (not a named key such as 'Tab' or 'Shift'): editing starts with it.
  if ([...press.key].length === 1 && press.key !== ' ') return { do: 'edit', draft: press.key };
  return null;
}

export type EditorKeyAction = { do: 'commit'; move: GridPosition } | { do: 'cancel' };

/** The action of a key pressed while typing in a cell: `move` is the step after the commit (rows, columns). */
export function editorKeyAction(press: KeyPress): EditorKeyAction | null {
  if (press.key === 'Escape') return { do: 'cancel' };
  if (press.key === 'Enter' && !press.altKey && !press.ctrlKey && !press.metaKey) return { do: 'commit', move: { row: press.shiftKey ? -1 : 1, col: 0 } };
  if (press.key === 'Tab' && !press.altKey && !press.ctrlKey && !press.metaKey) return { do: 'commit', move: { row: 0, col: press.shiftKey ? -1 : 1 } };
  return null;
}

/** The rows from `anchor` to `to` (both included), in the grid's order: a Shift-click's or Shift+arrow's selection. */
export function rowsBetween(rows: readonly string[], anchor: string, to: string): string[] {
  const a = rows.indexOf(anchor);
  const b = rows.indexOf(to);
  if (a < 0 || b < 0) return [to];
  return rows.slice(Math.min(a, b), Math.max(a, b) + 1);
}
