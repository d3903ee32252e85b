import { DEFAULT_WORK_CALENDAR, localCalendarDate, type CustomField, type GridColumnId, type WorkCalendar } from '@planline/domain';
import type { DocTask } from '@planline/document';
import { createStore } from 'zustand/vanilla';
import { toast } from '../../../lib/toast.store';
import type { ProjectConnection } from '../../gantt/connection/project-connection';
import { writeOutline } from '../../gantt/components/outline-actions';
import { pastedRowWrites, pastedRowsProblems, plural } from '../../gantt/components/paste-rows';
import type { Person } from '../../gantt/components/timeline-context';
import type { OutlineMove } from '../../gantt/model/outline';
import { applyCellWrites, type CellContext, type CellWrite } from '../model/cell-commit';
import { gridSelectionStore, targetRows } from '../model/grid-selection.store';
import { bulkFieldWrites, bulkMoveWrites, bulkOutlineWrites, type BulkField } from './bulk-edits';
import { copiedCell, copiedText, fillDownCells, newRowsText, planPaste, readCells, type CellProblem } from './cell-blocks';
import { readTsv } from './tsv';

/**
 * What the commands act with: the grid's contract (connection, readOnly, rowOrder, columns) and, when the grid
 * knows them, the project's calendar, people and custom fields (a Monday–Friday calendar, nobody and none without).
 */
export interface GridCommandContext {
  connection: ProjectConnection;
  readOnly: boolean;
  /** Task ids in the order the grid shows them (filtered, sorted, grouped; collapsed rows left out). */
  rowOrder: readonly string[];
  /** The columns shown, in order (the row number is not one). */
  columns: readonly GridColumnId[];
  calendar?: WorkCalendar;
  people?: ReadonlyMap<string, Person>;
  fields?: readonly CustomField[];
  /** For rows a paste adds without dates (they start today). */
  today?: string;
}

/** How many problems a toast lists before "and N more". */
const PROBLEMS_SHOWN = 3;
const UNDO = { label: 'Undo', altText: 'Undo with Control+Z or the Undo button of the chart' } as const;

export function cellContextOf(context: GridCommandContext): CellContext {
  const tasks = context.connection.tasks.getState();
  return {
    tasks,
    calendar: context.calendar ?? DEFAULT_WORK_CALENDAR,
    fields: context.fields ?? [],
    people: context.people ?? new Map(),
    rowNumberOf: (taskId) => {
      const index = tasks.rowIndex.get(taskId);
      return index === undefined ? undefined : index + 1;
    },
    taskAtRow: (row) => tasks.rows[row - 1],
  };
}

/** The rows the commands act on (the selection, or the cursor's row), in the grid's order. */
export function pickedRows(context: GridCommandContext): string[] {
  const picked = new Set(targetRows(gridSelectionStore.getState()));
  const tasks = context.connection.tasks.getState().tasks;
  return context.rowOrder.filter((id) => picked.has(id) && tasks.has(id));
}

function undoToast(connection: ProjectConnection, title: string, description?: string): void {
  toast({ title, ...(description ? { description } : {}), action: { ...UNDO, onSelect: () => connection.undo() } });
}

function listed(problems: readonly CellProblem[]): string {
  const shown = problems.slice(0, PROBLEMS_SHOWN).map((p) => `${p.where}: ${p.reason}`);
  const more = problems.length - shown.length;
  return shown.join('; ') + (more > 0 ? `; and ${more} more` : '');
}

/** [grid-bulk-move] The picked rows `workingDays` working days later (earlier when negative): one undo step. */
export function bulkMove(context: GridCommandContext, taskIds: readonly string[], workingDays: number): void {
  const { connection } = context;
  const writes = bulkMoveWrites(connection.tasks.getState().tasks, taskIds, workingDays, context.calendar ?? DEFAULT_WORK_CALENDAR);
  if (writes.size === 0) return;
  connection.writeTasks(writes);
  const days = plural(Math.abs(workingDays), 'working day');
  undoToast(connection, `Moved ${plural(taskIds.length, 'task')}`, `${workingDays > 0 ? 'Later' : 'Earlier'} by ${days}.`);
}

const FIELD_NAMES: Record<BulkField['field'], string> = { status: 'status', priority: 'priority', assignee: 'assignee' };

/** Status, priority or assignee on every picked row: one undo step. */
export function bulkSet(context: GridCommandContext, taskIds: readonly string[], change: BulkField): void {
  const { connection } = context;
  const writes = bulkFieldWrites(connection.tasks.getState().tasks, taskIds, change);
  if (writes.size === 0) {
    toast({ title: 'Nothing to change', description: `The ${plural(taskIds.length, 'task')} already have that ${FIELD_NAMES[change.field]}.` });
    return;
  }
  connection.writeTasks(writes);
  undoToast(connection, `Changed the ${FIELD_NAMES[change.field]} of ${plural(writes.size, 'task')}`);
}

/** [grid-bulk-outline] Indents or outdents the picked rows in one transaction; rows that cannot move are named. */
export function bulkOutline(context: GridCommandContext, taskIds: readonly string[], move: OutlineMove): void {
  const { connection } = context;
  const tasks = connection.tasks.getState().tasks;
  const { writes, refused } = bulkOutlineWrites(tasks, context.rowOrder, new Set(taskIds), move);
  const verb = move === 'indent' ? 'indent' : 'outdent';
  const why = refused
    .slice(0, PROBLEMS_SHOWN)
    .map((r) => `“${tasks.get(r.taskId)?.name ?? 'A task'}”: ${r.reason}`)
    .join(' ');
  if (writes.size === 0) {
    toast({ title: `Cannot ${verb}`, description: why || 'Nothing to move.' });
    return;
  }
  writeOutline(connection, writes);
  if (refused.length) toast({ title: `${plural(refused.length, 'task')} not moved`, description: why });
}

/** [grid-copy] The picked rows as a spreadsheet's text (with a header), or the cursor's cell alone. Null: nothing to copy. */
export function copiedSelection(context: GridCommandContext): { text: string; rows: number } | null {
  const state = gridSelectionStore.getState();
  const cells = cellContextOf(context);
  if (state.selected.size === 0) {
    if (!state.cursor || !cells.tasks.tasks.has(state.cursor.taskId)) return null;
    return { text: copiedCell(state.cursor, cells), rows: 0 };
  }
  const rows = pickedRows(context);
  return rows.length ? { text: copiedText(rows, context.columns, cells), rows: rows.length } : null;
}

function writeClipboard(text: string, rows: number): void {
  navigator.clipboard.writeText(text).then(
    () => toast({ title: rows ? `Copied ${plural(rows, 'row')}` : 'Copied the cell', description: rows ? 'Paste them into a spreadsheet or another grid.' : undefined }),
    () => toast({ title: 'Could not copy', description: 'The browser did not let this page use the clipboard.', variant: 'destructive' }),
  );
}

/**
 * [grid-paste-block] A spreadsheet's block pasted with the cursor on a cell: the cells it fills and the rows it adds
 * past the last, in ONE transaction (applyCellWrites; the new rows are one more write of it), so one Ctrl+Z takes
 * the whole paste back. False when the grid has no cursor (the chart's own paste adds the rows then).
 */
export function pasteBlock(context: GridCommandContext, text: string, locale?: string): boolean {
  const state = gridSelectionStore.getState();
  if (!state.cursor || state.editing) return false;
  const { connection } = context;
  if (context.readOnly) {
    toast({ title: 'View only', description: 'You can see this project but not change it.', variant: 'destructive' });
    return true;
  }
  const cells = cellContextOf(context);
  const plan = planPaste(readTsv(text), { cursor: state.cursor, rowOrder: context.rowOrder, columns: context.columns, fields: cells.fields });
  const { writes, problems } = readCells(plan.cells, cells);
  const added = plan.newRows.length
    ? pastedRowWrites(connection, newRowsText(plan), {
        today: context.today ?? localCalendarDate(new Date()),
        people: [...(context.people?.values() ?? [])],
        calendar: cells.calendar,
        ...(locale ? { locale } : {}),
      })
    : null;
  const newTasks: ReadonlyMap<string, DocTask> = added?.writes ?? new Map();
  if (writes.length === 0 && newTasks.size === 0) {
    toast({ title: 'Nothing pasted', description: problems.length ? listed(problems) : 'The pasted cells fill no column of the grid.', variant: 'destructive' });
    return true;
  }
  // Only new rows: the chart's own write of them (the cells' writes are the grid's, with their links).
  if (writes.length === 0) connection.writeTasks(newTasks);
  else applyCellWrites(connection, newTasks.size ? [...writes, { tasks: newTasks, links: [] } satisfies CellWrite] : writes);

  const filled = plan.cells.length - problems.length;
  const title = [filled ? `Pasted ${plural(filled, 'cell')}` : '', newTasks.size ? `added ${plural(newTasks.size, 'task')}` : ''].filter(Boolean).join(', ');
  const notes = [
    problems.length ? `${plural(problems.length, 'cell')} left as they were: ${listed(problems)}.` : '',
    plan.leftOut.length ? `${plural(plan.leftOut.length, 'pasted column')} fill no column of the grid.` : '',
    added ? pastedRowsProblems(added.result) : '',
  ].filter(Boolean);
  toast({
    title: title.charAt(0).toUpperCase() + title.slice(1),
    description: notes.join(' ') || 'One Ctrl+Z takes the paste back.',
    variant: problems.length || added?.result.skipped.length ? 'destructive' : 'default',
    action: { ...UNDO, onSelect: () => connection.undo() },
  });
  return true;
}

/** [grid-fill-down] Ctrl+D: the top picked row's value in the cursor's column into the picked rows below it, one undo step. */
export function fillDown(context: GridCommandContext): boolean {
  const state = gridSelectionStore.getState();
  if (!state.cursor || state.selected.size < 2) return false;
  const cells = cellContextOf(context);
  const targets = fillDownCells(context.rowOrder, state.selected, state.cursor.column, cells);
  const { writes, problems } = readCells(targets, cells);
  if (writes.length) applyCellWrites(context.connection, writes);
  const done = targets.length - problems.length;
  toast({
    title: done ? `Filled ${plural(done, 'cell')} down` : 'Nothing filled',
    ...(problems.length ? { description: `${plural(problems.length, 'cell')} left as they were: ${listed(problems)}.`, variant: 'destructive' as const } : {}),
    ...(done ? { action: { ...UNDO, onSelect: () => context.connection.undo() } } : {}),
  });
  return true;
}

/** The rows the delete confirm asks about (null: closed); the bar shows the dialog, a key press or its button opens it. */
export const bulkDeleteStore = createStore<{ taskIds: readonly string[] | null }>(() => ({ taskIds: null }));

const isMod = (event: { ctrlKey: boolean; metaKey: boolean }) => event.ctrlKey || event.metaKey;

/**
 * [grid-command-keys] The keys the commands take from a cell (not while one is typed in): Ctrl+C copies, Ctrl+D fills
 * down, Delete asks to delete the picked rows, Alt+Shift+Right and Left indent and outdent them (the outline's keys),
 * Ctrl+Shift+Right and Left move them a working day. True when a command took the key.
 */
export function handleGridCommandKey(event: { key: string; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean; preventDefault(): void }, context: GridCommandContext): boolean {
  const state = gridSelectionStore.getState();
  if (state.editing) return false;
  const key = event.key.toLowerCase();
  const took = (run: () => void) => {
    event.preventDefault();
    run();
    return true;
  };
  if (isMod(event) && !event.shiftKey && !event.altKey && key === 'c') {
    const copied = copiedSelection(context);
    return copied ? took(() => writeClipboard(copied.text, copied.rows)) : false;
  }
  if (context.readOnly) return false;
  const rows = pickedRows(context);
  if (rows.length === 0) return false;
  if (isMod(event) && !event.shiftKey && !event.altKey && key === 'd') return took(() => fillDown(context));
  if (event.key === 'Delete' && !isMod(event) && !event.altKey && state.selected.size > 0) return took(() => bulkDeleteStore.setState({ taskIds: rows }));
  if (event.altKey && event.shiftKey && !isMod(event) && (event.key === 'ArrowRight' || event.key === 'ArrowLeft') && rows.length > 1) {
    return took(() => bulkOutline(context, rows, event.key === 'ArrowRight' ? 'indent' : 'outdent'));
  }
  if (isMod(event) && event.shiftKey && !event.altKey && (event.key === 'ArrowRight' || event.key === 'ArrowLeft')) {
    return took(() => bulkMove(context, rows, event.key === 'ArrowRight' ? 1 : -1));
  }
  return false;
}

/**
 * A `paste` event in the grid: a block into the cells from the cursor (pasteBlock). A paste while a cell is typed
 * in is the cell's own; without a cursor the chart's paste adds the rows. True when the grid took it.
 */
export function handleGridPaste(event: { clipboardData: DataTransfer | null; preventDefault(): void; stopPropagation(): void }, context: GridCommandContext): boolean {
  const state = gridSelectionStore.getState();
  if (state.editing || !state.cursor) return false;
  const text = event.clipboardData?.getData('text/plain') ?? '';
  if (!text) return false;
  event.preventDefault();
  event.stopPropagation();
  pasteBlock(context, text, typeof navigator === 'undefined' ? undefined : navigator.language);
  return true;
}
