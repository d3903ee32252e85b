/**
 * The task grid's parts the chart mounts (issue 39): the commands on many rows (bulk bar, keys, paste), the
 * selection they act on, the grid's view, and picking rows on the chart's task list.
 */
export { GridBulkBar, handleGridCommandKey, handleGridPaste, type GridCommandContext } from './commands';
export { gridSelectionStore } from './model/grid-selection.store';
export { gridViewOf, gridViewStore } from './model/grid-view.store';
export { useRowPick } from './use-row-pick';
