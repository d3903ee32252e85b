/**
 * The task grid's views (issue 39): the view store, the rows a view gives the chart, the toolbar's view controls,
 * saved views kept live, and the project's custom fields.
 */
export { GridViewControls } from './components/grid-view-controls';
export { useCustomFields } from './custom-fields.queries';
export { gridViewOf, gridViewStore } from './model/grid-view.store';
export { onlyTasksIn, viewRows, type ChartRow, type GroupHeaderRow, type ViewRows } from './model/grid-rows';
export { applyGridViewEvent } from './model/saved-view-follow';
