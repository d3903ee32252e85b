import type { CustomField, GridColumnId, Link, WorkCalendar } from '@planline/domain';
import type { DocTask } from '@planline/document';
import type { ProjectConnection } from '../../gantt/connection/project-connection';
import type { TasksState } from '../../gantt/model/tasks-store';
import type { Person } from '../../gantt/components/timeline-context';

/**
 * [grid-cell-commit] Text typed (or pasted, or filled down) into one grid cell, read as the change it makes, and a
 * cell's value as text (what it shows when edited, and what Copy puts in a spreadsheet). One reading for every way a
 * cell gets text, so typing "5d", pasting it and filling it down do the same thing. Implemented by the grid's core
 * work (issue 39); the commands (paste, fill down) call it too.
 */
export interface CellContext {
  tasks: TasksState;
  calendar: WorkCalendar;
  /** The project's custom fields (the columns `cf:<id>`). */
  fields: readonly CustomField[];
  people: ReadonlyMap<string, Person>;
  /** Row numbers as the grid shows them (1-based, the outline's order; a predecessor "4FS" names row 4). */
  rowNumberOf: (taskId: string) => number | undefined;
  taskAtRow: (row: number) => string | undefined;
}

/** A cell's change: task fields, and links to add, change (a link) or remove (null), all one transaction. */
export interface CellWrite {
  tasks: ReadonlyMap<string, DocTask>;
  links: readonly { taskId: string; dependsOnTaskId: string; link: Link | null }[];
}

export type CellRead = { ok: true; write: CellWrite } | { ok: false; reason: string };

/** What `text` in `column` of `taskId` changes, or why it cannot (shown in the cell, not a toast). */
export function readCellText(_column: GridColumnId, _taskId: string, _text: string, _context: CellContext): CellRead {
  return { ok: false, reason: 'This column cannot be typed into yet' };
}

/** The cell's value as text, as it is edited and copied ('' when empty). */
export function cellText(_column: GridColumnId, _taskId: string, _context: CellContext): string {
  return '';
}

/**
 * Writes the changes of several cells as one transaction (one undo step, one history entry per task), with the
 * cascade their dates cause.
 */
export function applyCellWrites(_connection: ProjectConnection, _writes: readonly CellWrite[]): void {
  throw new Error('applyCellWrites: not wired yet (issue 39 grid core)');
}
