import type { SavedGridView } from '@planline/domain';
import type { QueryClient } from '@tanstack/react-query';
import { create } from 'zustand';
import { cacheGridView, gridViewsKey, uncacheGridView } from '../grid-views.queries';
import { gridViewStore } from './grid-view.store';

/** A saved view that was deleted (or unshared) while this browser showed it, by project: the Views menu says so. */
export const leftViewStore = create<{ byProject: Readonly<Record<string, string>> }>()(() => ({ byProject: {} }));

export function clearLeftView(projectId: string): void {
  const { [projectId]: _gone, ...rest } = leftViewStore.getState().byProject;
  leftViewStore.setState({ byProject: rest });
}

/**
 * [grid-views-live] A saved view changed or deleted elsewhere (`gridView:saved` / `gridView:deleted`): the cached
 * list follows, and a browser showing that view follows it at once, all four parts. A deleted one leaves the rows
 * as they are, no longer "on" a saved view.
 */
export function applyGridViewEvent(
  queryClient: QueryClient,
  event: { name: 'saved'; payload: { projectId: string; view: SavedGridView } } | { name: 'deleted'; payload: { projectId: string; viewId: string } },
): void {
  const { projectId } = event.payload;
  const showing = gridViewStore.getState().savedViewIds[projectId] ?? null;
  if (event.name === 'saved') {
    cacheGridView(queryClient, event.payload.view);
    if (showing === event.payload.view.id) gridViewStore.getState().setView(projectId, event.payload.view.view, event.payload.view.id);
    return;
  }
  const name = queryClient.getQueryData<SavedGridView[]>(gridViewsKey(projectId))?.find((v) => v.id === event.payload.viewId)?.name;
  uncacheGridView(queryClient, projectId, event.payload.viewId);
  if (showing === event.payload.viewId) {
    const state = gridViewStore.getState();
    const view = state.views[projectId];
    if (view) state.setView(projectId, view, null);
    leftViewStore.setState((s) => ({ byProject: { ...s.byProject, [projectId]: name ?? 'The saved view' } }));
  }
}
