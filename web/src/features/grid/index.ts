/**
 * The task grid (issue 39): what other features use of it. The chart mounts the commands on many rows (bulk bar,
 * keys, paste), the selection they act on, the grid's view; the task form and the
 * realtime events use the custom fields.
 */
export { cacheRemovedField, cacheSavedField } from './custom-fields.api';
export { CustomFieldsDialog } from './custom-fields-dialog';
export { customFieldsKey, useCustomFields } from './custom-fields.queries';
export { GridBulkBar, handleGridCommandKey, handleGridPaste, type GridCommandContext } from './commands';
export { gridSelectionStore } from './model/grid-selection.store';
export { gridViewOf, gridViewStore } from './model/grid-view.store';
