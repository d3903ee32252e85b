import { createStore } from 'zustand/vanilla';

/**
 * The task row a person last focused or clicked: what the toolbar's Indent and Outdent act on once focus has
 * moved to them. A view state of this browser, never in the document.
 */
export const currentRowStore = createStore<{ taskId: string | null; reveal: string | null }>(() => ({ taskId: null, reveal: null }));

export function setCurrentRow(taskId: string | null): void {
  if (currentRowStore.getState().taskId !== taskId) currentRowStore.setState({ taskId });
}

/**
 * [workload-open-task] Another view opens a task in the chart (the workload view's task links): it becomes the
 * current row, and the chart scrolls to it once it has a row (GanttView takes `reveal`, then clears it).
 */
export function showTaskInChart(taskId: string): void {
  currentRowStore.setState({ taskId, reveal: taskId });
}
