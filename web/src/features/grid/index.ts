/**
 * The task grid (issue 39): what other features use of it. The chart mounts the commands on many rows (bulk bar,
 * keys, paste), the selection they act on, the grid's view (the toolbar's view controls, the rows a view gives the
 * chart, saved views kept live); the task form and the realtime events use the custom fields.
 */
export { cacheRemovedField, cacheSavedField } from './custom-fields.api';
export { CustomFieldsDialog } from './custom-fields-dialog';
export { customFieldsKey, useCustomFields } from './custom-fields.queries';
export { GridBulkBar, handleGridCommandKey, handleGridPaste, type GridCommandContext } from './commands';
export { GridViewControls } from './components/grid-view-controls';
export { gridSelectionStore } from './model/grid-selection.store';
export { gridViewOf, gridViewStore } from './model/grid-view.store';
export { onlyTasksIn, viewRows, type ChartRow, type GroupHeaderRow, type ViewRows } from './model/grid-rows';
export { applyGridViewEvent } from './model/saved-view-follow';
