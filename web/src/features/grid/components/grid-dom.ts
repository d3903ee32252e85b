/** The CSS variable that holds how far the list's columns are scrolled sideways (set on the chart, read by every row). */
export const GRID_SCROLL_X_VAR = '--grid-scroll-x';
/** A cell's address in the DOM: `${taskId}|${column}`. */
export const CELL_ATTR = 'data-grid-cell';
export const cellKey = (taskId: string, column: string) => `${taskId}|${column}`;
