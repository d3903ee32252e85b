import { createStore } from 'zustand/vanilla';

export type DragMode = 'move' | 'resize-start' | 'resize-end' | 'progress';

export interface DragPreview {
  startDate: string;
  endDate: string;
  progress: number;
}

/** The bar this browser is dragging and what it would become: the only state a drag frame changes. */
export interface DragState {
  taskId: string;
  mode: DragMode;
  preview: DragPreview;
  /** Auto-scheduling: where the drop would push the bar's successors (task id → dates), shown with the preview. */
  pushed?: ReadonlyMap<string, { startDate: string; endDate: string }>;
}

export const dragStore = createStore<{ drag: DragState | null }>(() => ({ drag: null }));
