import type { GridColumnId } from '@planline/domain';
import { create } from 'zustand';

/**
 * [grid-selection] Where the grid's cell cursor is, which rows are selected and which cell is being typed in
 * (issue 39). The grid (web/src/features/grid/components) moves the cursor and selects rows (click, Shift/Ctrl-click,
 * arrows, Shift+arrows); the commands (web/src/features/grid/commands: bulk edits, copy, paste, fill down) act on
 * what this store says. One project's grid at a time: opening another project clears it.
 */
export interface GridCell {
  taskId: string;
  column: GridColumnId;
}

export interface GridSelectionState {
  projectId: string | null;
  /** The cell the keyboard is on, or null before the grid is entered. */
  cursor: GridCell | null;
  /** Selected rows, by task id (the cursor's row is selected with them when there is more than one). */
  selected: ReadonlySet<string>;
  /** Where a Shift-selection started (task id). */
  anchor: string | null;
  /** The cell being typed in and what is typed so far; `problem` is why the last commit was refused (shown in the cell). */
  editing: (GridCell & { draft: string; problem: string | null }) | null;
  setCursor: (cell: GridCell | null) => void;
  /** Replaces the selection; `anchor` defaults to the first id. */
  select: (taskIds: Iterable<string>, anchor?: string | null) => void;
  startEditing: (cell: GridCell, draft: string) => void;
  setDraft: (draft: string) => void;
  setProblem: (problem: string | null) => void;
  stopEditing: () => void;
  reset: (projectId: string | null) => void;
}

const EMPTY = new Set<string>();

export const gridSelectionStore = create<GridSelectionState>()((set) => ({
  projectId: null,
  cursor: null,
  selected: EMPTY,
  anchor: null,
  editing: null,
  setCursor: (cursor) => set({ cursor }),
  select: (taskIds, anchor) => {
    const selected = new Set(taskIds);
    set({ selected, anchor: anchor === undefined ? ([...selected][0] ?? null) : anchor });
  },
  startEditing: (cell, draft) => set({ editing: { ...cell, draft, problem: null }, cursor: cell }),
  setDraft: (draft) => set((s) => (s.editing ? { editing: { ...s.editing, draft } } : s)),
  setProblem: (problem) => set((s) => (s.editing ? { editing: { ...s.editing, problem } } : s)),
  stopEditing: () => set({ editing: null }),
  reset: (projectId) => set({ projectId, cursor: null, selected: EMPTY, anchor: null, editing: null }),
}));

/** The rows a command acts on: the selection, or the cursor's row alone. */
export function targetRows(state: Pick<GridSelectionState, 'cursor' | 'selected'>): string[] {
  if (state.selected.size) return [...state.selected];
  return state.cursor ? [state.cursor.taskId] : [];
}
