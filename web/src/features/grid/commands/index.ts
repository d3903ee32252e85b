import type { KeyboardEvent } from 'react';
import type { ProjectConnection } from '../../gantt/connection/project-connection';
import type { GridColumnId } from '@planline/domain';

/**
 * [grid-commands] What the grid does to many rows at once (issue 39): the bulk bar (move by N working days, status,
 * priority, assignee, indent, outdent, delete), copy as tab-separated text, paste a spreadsheet's block, fill down.
 * The grid mounts `GridBulkBar` above its rows and offers every key press in a cell (not while typing in one) to
 * `handleGridCommandKey` first; a command that took the key answers true.
 */
export interface GridCommandContext {
  connection: ProjectConnection;
  readOnly: boolean;
  /** Task ids in the order the grid shows them (filtered, sorted, grouped; collapsed rows left out). */
  rowOrder: readonly string[];
  /** The columns shown, in order (the row number is not one). */
  columns: readonly GridColumnId[];
}

export function handleGridCommandKey(_event: KeyboardEvent, _context: GridCommandContext): boolean {
  return false;
}

export function GridBulkBar(_props: { context: GridCommandContext }): null {
  return null;
}
