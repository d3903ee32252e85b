import { customFieldIdOf, type BuiltInGridColumnId, type CustomField, type GridColumnId } from '@planline/domain';
import type { TimelineTask } from '../../gantt/model/timeline-task';
import { cellText as gridCellText, readCellText as gridReadCellText, type CellContext, type CellWrite } from '../model/cell-commit';
import type { GridCell } from '../model/grid-selection.store';
import { writeTsv } from './tsv';

/*
 * [grid-blocks] Copy, paste and fill down as blocks of cells (issue 39). Every cell is read the way typing reads it
 * (cell-commit.ts readCellText), so "5d" pasted or filled down does what "5d" typed does. Pure: the reading of a
 * cell is a parameter, so tests give a fake one.
 */

export const GRID_COLUMN_TITLES: Readonly<Record<BuiltInGridColumnId, string>> = {
  name: 'Name',
  wbs: 'WBS',
  start: 'Start',
  finish: 'Finish',
  duration: 'Duration',
  predecessors: 'Predecessors',
  assignee: 'Assignee',
  status: 'Status',
  priority: 'Priority',
  progress: 'Progress',
  slack: 'Slack',
  variance: 'Variance',
};

/** A column's title as its header shows it: a custom field's name, or the built-in column's. */
export function columnTitle(column: GridColumnId, fields: readonly CustomField[]): string {
  const fieldId = customFieldIdOf(column);
  if (fieldId === null) return GRID_COLUMN_TITLES[column as BuiltInGridColumnId];
  return fields.find((f) => f.id.toLowerCase() === fieldId)?.name ?? 'Custom field';
}

type CellTextOf = (column: GridColumnId, taskId: string, context: CellContext) => string;
type ReadCell = (column: GridColumnId, taskId: string, text: string, context: CellContext) => ReturnType<typeof gridReadCellText>;

/** [grid-copy] Rows as a spreadsheet pastes them: a header line of the columns' titles, then one line per row in the grid's order. */
export function copiedText(rows: readonly string[], columns: readonly GridColumnId[], context: CellContext, textOf: CellTextOf = gridCellText): string {
  return writeTsv([columns.map((c) => columnTitle(c, context.fields)), ...rows.map((taskId) => columns.map((c) => textOf(c, taskId, context)))]);
}

/** [grid-copy] One cell alone (no rows picked) is its value only, as a spreadsheet copies one cell. */
export function copiedCell(cell: GridCell, context: CellContext, textOf: CellTextOf = gridCellText): string {
  return writeTsv([[textOf(cell.column, cell.taskId, context)]]);
}

/** A cell to write, with where it was in what the person pasted or filled (1-based), for saying which one failed. */
export interface BlockCell extends GridCell {
  text: string;
  /** "row 3, Start": where the person finds it. */
  where: string;
}

export interface CellProblem {
  where: string;
  reason: string;
}

/**
 * The cells read into writes, each seeing the rows as the cells before it left them (a pasted start, then a
 * pasted finish of the same row). [grid-paste-partial] A cell that cannot be read is reported and left as it is;
 * the others are written: a spreadsheet pastes what it can and marks the rest, and one Ctrl+Z takes the whole
 * paste back, so refusing 300 cells for one typo would only make the person paste again.
 */
export function readCells(cells: readonly BlockCell[], context: CellContext, read: ReadCell = gridReadCellText): { writes: CellWrite[]; problems: CellProblem[] } {
  const tasks = new Map(context.tasks.tasks);
  const seen: CellContext = { ...context, tasks: { ...context.tasks, tasks } };
  const writes: CellWrite[] = [];
  const problems: CellProblem[] = [];
  for (const cell of cells) {
    const result = read(cell.column, cell.taskId, cell.text, seen);
    if (!result.ok) {
      problems.push({ where: cell.where, reason: result.reason });
      continue;
    }
    writes.push(result.write);
    for (const [id, fields] of result.write.tasks) {
      const task = tasks.get(id);
      if (task) tasks.set(id, { ...task, ...(fields as Partial<TimelineTask>) });
    }
  }
  return { writes, problems };
}

/** What a pasted block does: the cells it fills, and the rows below the last task it adds (in their own columns). */
export interface PastePlan {
  cells: BlockCell[];
  /** Rows beyond the grid's last row, each a task to add. */
  newRows: string[][];
  /** The column each cell of `newRows` (and of the block) fills; null: left out. */
  columns: (GridColumnId | null)[];
  /** Block columns that fill nothing (past the last column, or a header naming no column), by their 1-based place. */
  leftOut: number[];
}

/**
 * The block's header line, when its first line is one: every cell that holds text names a column (its title or its
 * id, any case), at least one does, and the block has rows under it.
 */
function headerColumns(block: readonly (readonly string[])[], named: ReadonlyMap<string, GridColumnId>): (GridColumnId | null)[] | null {
  const first = block[0];
  if (!first || block.length < 2) return null;
  const columns = first.map((cell) => named.get(cell.trim().toLowerCase()) ?? null);
  const filled = first.filter((cell) => cell.trim() !== '').length;
  const matched = columns.filter((c) => c !== null).length;
  return matched > 0 && matched === filled ? columns : null;
}

/**
 * [grid-paste-block] A block of R×C cells pasted with the cursor on a cell fills the cells from it right and down,
 * in the grid's order of rows and columns; cells past the last column are left out, and rows past the last row are
 * new tasks. A block whose first line names columns (a header, as Copy writes one) fills those columns by name,
 * from the cursor's row down.
 */
export function planPaste(
  block: readonly (readonly string[])[],
  target: { cursor: GridCell; rowOrder: readonly string[]; columns: readonly GridColumnId[]; fields: readonly CustomField[] },
): PastePlan {
  const named = new Map<string, GridColumnId>();
  for (const id of Object.keys(GRID_COLUMN_TITLES) as BuiltInGridColumnId[]) {
    named.set(id, id);
    named.set(GRID_COLUMN_TITLES[id].toLowerCase(), id);
  }
  for (const f of target.fields) named.set(f.name.trim().toLowerCase(), `cf:${f.id.toLowerCase()}`);
  const header = headerColumns(block, named);
  const width = Math.max(0, ...block.map((cells) => cells.length));
  const from = Math.max(0, target.columns.indexOf(target.cursor.column));
  const columns = header ?? Array.from({ length: width }, (_, i) => target.columns[from + i] ?? null);
  const body = header ? block.slice(1) : block;
  const firstRow = Math.max(0, target.rowOrder.indexOf(target.cursor.taskId));
  const titleOf = (column: GridColumnId) => columnTitle(column, target.fields);

  const plan: PastePlan = { cells: [], newRows: [], columns, leftOut: columns.flatMap((c, i) => (c === null ? [i + 1] : [])) };
  body.forEach((cells, r) => {
    const taskId = target.rowOrder[firstRow + r];
    if (!taskId) {
      plan.newRows.push([...cells]);
      return;
    }
    cells.forEach((text, c) => {
      const column = columns[c];
      if (column) plan.cells.push({ taskId, column, text, where: `pasted row ${r + 1 + (header ? 1 : 0)}, ${titleOf(column)}` });
    });
  });
  return plan;
}

/** The pasted-rows reader's names for the columns a new row can take (gantt/model/pasted-rows.ts HEADERS). */
const NEW_ROW_HEADERS: Partial<Record<GridColumnId, string>> = { name: 'name', start: 'start', finish: 'end', assignee: 'assignee' };

/**
 * The new rows as text the chart's pasted-rows reader takes (name, start, end, assignee under a header line), so
 * rows added by a grid paste are read as rows pasted on the chart are. Columns a new row cannot take are left out.
 */
export function newRowsText(plan: Pick<PastePlan, 'newRows' | 'columns'>): string {
  const kept = plan.columns.flatMap((column, i) => (column && NEW_ROW_HEADERS[column] ? [{ i, header: NEW_ROW_HEADERS[column]! }] : []));
  return writeTsv([kept.map((k) => k.header), ...plan.newRows.map((cells) => kept.map((k) => cells[k.i] ?? ''))]);
}

/**
 * [grid-fill-down] Ctrl+D: the top picked row's value in the cursor's column, into the other picked rows below it.
 * Rows are taken in the grid's order; fewer than two picked rows fill nothing.
 */
export function fillDownCells(rowOrder: readonly string[], selected: ReadonlySet<string>, column: GridColumnId, context: CellContext, textOf: CellTextOf = gridCellText): BlockCell[] {
  const rows = rowOrder.filter((id) => selected.has(id));
  const [top, ...below] = rows;
  if (!top || below.length === 0) return [];
  const text = textOf(column, top, context);
  const title = columnTitle(column, context.fields);
  return below.map((taskId) => ({ taskId, column, text, where: `row ${context.rowNumberOf(taskId) ?? '?'}, ${title}` }));
}
