import type { MouseEvent } from 'react';
import { useStore } from 'zustand';
import { gridSelectionStore } from './model/grid-selection.store';

/**
 * [grid-row-pick] Picking rows on the chart's task list until the grid's own rows take it over (issue 39): Ctrl (⌘)
 * click adds or removes a row, Shift-click picks the rows from the anchor to it; either puts the cursor on the
 * row's name. A plain click leaves the selection to the row's own action (it opens the task). `rows`: the rows in
 * the order shown.
 */
export function useRowPick(taskId: string, rows: () => readonly string[]): { picked: boolean; onPick: (event: MouseEvent) => boolean } {
  const picked = useStore(gridSelectionStore, (s) => s.selected.has(taskId));
  const onPick = (event: MouseEvent) => {
    const state = gridSelectionStore.getState();
    const cursor = { taskId, column: 'name' as const };
    if (event.shiftKey) {
      const order = rows();
      const anchor = state.anchor ?? state.cursor?.taskId ?? taskId;
      const [from, to] = [order.indexOf(anchor), order.indexOf(taskId)].sort((a, b) => a - b) as [number, number];
      state.select(from < 0 ? [taskId] : order.slice(from, to + 1), anchor);
      state.setCursor(cursor);
      return true;
    }
    if (event.ctrlKey || event.metaKey) {
      const next = new Set(state.selected);
      // The cursor's row joins the selection it starts, as in a spreadsheet.
      if (next.size === 0 && state.cursor && state.cursor.taskId !== taskId) next.add(state.cursor.taskId);
      if (next.has(taskId)) next.delete(taskId);
      else next.add(taskId);
      state.select(next, taskId);
      state.setCursor(cursor);
      return true;
    }
    state.select([], taskId);
    state.setCursor(cursor);
    return false;
  };
  return { picked, onPick };
}
