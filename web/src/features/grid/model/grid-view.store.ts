import { defaultGridView, type GridColumn, type GridView } from '@planline/domain';
import { create } from 'zustand';

/**
 * [grid-view-store] The grid's view in this browser, per project (issue 39): the columns shown (order and widths),
 * the filter, the sort and the grouping, and which saved view it came from. One store for both halves of the work:
 * the grid's columns (the Columns menu, resizing, reordering) and the view's rows (filter, sort, group, saved views
 * and the URL). Columns are a person's own choice, remembered per project (grid-view-persistence); a saved view or a
 * link sets all four parts at once.
 */
export interface GridViewState {
  /** By project id; a project not in it shows `defaultGridView()`. */
  views: Readonly<Record<string, GridView>>;
  /** The saved view (its id) a project's grid shows, or null for the person's own unsaved view. */
  savedViewIds: Readonly<Record<string, string | null>>;
  setColumns: (projectId: string, columns: readonly GridColumn[]) => void;
  /** The whole view (a saved view chosen, a link opened, a filter or sort changed); `savedViewId` says where from. */
  setView: (projectId: string, view: GridView, savedViewId?: string | null) => void;
}

export const gridViewStore = create<GridViewState>()((set) => ({
  views: {},
  savedViewIds: {},
  setColumns: (projectId, columns) =>
    set((s) => ({ views: { ...s.views, [projectId]: { ...(s.views[projectId] ?? defaultGridView()), columns: [...columns] } } })),
  setView: (projectId, view, savedViewId) =>
    set((s) => ({
      views: { ...s.views, [projectId]: view },
      savedViewIds: savedViewId === undefined ? s.savedViewIds : { ...s.savedViewIds, [projectId]: savedViewId },
    })),
}));

const DEFAULT_VIEW = defaultGridView();
/** The view a project's grid shows now. */
export const gridViewOf = (state: GridViewState, projectId: string): GridView => state.views[projectId] ?? DEFAULT_VIEW;
