/**
 * [grid-commands] What the grid does to many rows at once (issue 39): the bulk bar (move by N working days, status,
 * priority, assignee, indent, outdent, delete), copy as tab-separated text, paste a spreadsheet's block, fill down.
 * The grid mounts `GridBulkBar` above its rows, offers every key press in a cell (not while typing in one) to
 * `handleGridCommandKey` first (a command that took the key answers true), and its `paste` events to
 * `handleGridPaste`.
 */
export { GridBulkBar } from './grid-bulk-bar';
export { handleGridCommandKey, handleGridPaste, type GridCommandContext } from './grid-commands';
