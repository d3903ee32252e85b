import { createStore } from 'zustand/vanilla';

/**
 * The task row a person last focused or clicked: what the toolbar's Indent and Outdent act on once focus has
 * moved to them. A view state of this browser, never in the document.
 */
export const currentRowStore = createStore<{ taskId: string | null }>(() => ({ taskId: null }));

export function setCurrentRow(taskId: string | null): void {
  if (currentRowStore.getState().taskId !== taskId) currentRowStore.setState({ taskId });
}
