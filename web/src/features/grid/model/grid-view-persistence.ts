import { CUSTOM_FILTER_PREFIX, decodeGridView, encodeGridView, GRID_VIEW_PARAMS, type GridView } from '@planline/domain';
import { useEffect } from 'react';
import { gridViewOf, gridViewStore } from './grid-view.store';

/**
 * [grid-view-url] Where a project's grid view lives besides the store: the page's query string (so a link opens
 * the grid as its sender saw it: the view's parts, and `view=<id>` when it is a saved one) and, for a page opened
 * without one, the person's own last view of the project in localStorage (columns included).
 */

/** The query key naming a saved view; the view's own keys are GRID_VIEW_PARAMS. */
export const SAVED_VIEW_PARAM = 'view';
/** The workspace's key naming the project a link opens (workspace.page.tsx useLinkedTask). */
const PROJECT_PARAM = 'project';
const OWN_KEYS: readonly string[] = [...GRID_VIEW_PARAMS, SAVED_VIEW_PARAM];
/** The view's keys in a query string: the fixed ones and each custom field's filter (`cf.<id>`). */
const viewKeys = (params: URLSearchParams) => [...new Set(params.keys())].filter((k) => OWN_KEYS.includes(k) || k.startsWith(CUSTOM_FILTER_PREFIX));
const storageKey = (projectId: string) => `planline:grid-view:${projectId}`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface CarriedView {
  view: GridView;
  savedViewId: string | null;
}

/** Whether the query string names another project than this one (a link being opened that is not yet shown). */
export const namesOtherProject = (search: string, projectId: string) => {
  const named = new URLSearchParams(search).get(PROJECT_PARAM);
  return named !== null && named.toLowerCase() !== projectId.toLowerCase();
};

/** The view a query string carries, or null when it carries none (other keys are the page's own). */
export function viewFromQuery(search: string): CarriedView | null {
  const params = new URLSearchParams(search);
  if (!viewKeys(params).length) return null;
  const id = params.get(SAVED_VIEW_PARAM);
  return { view: decodeGridView(params), savedViewId: id && UUID.test(id) ? id.toLowerCase() : null };
}

/**
 * The query string with the view's keys replaced (other keys kept, in order), without '?'; with `projectId`, the
 * project too (a link sent opens that project's grid), unless the view is the default one.
 */
export function queryWithView(search: string, carried: CarriedView, projectId?: string): string {
  const params = new URLSearchParams(search);
  for (const key of viewKeys(params)) params.delete(key);
  if (projectId) params.delete(PROJECT_PARAM);
  const viewQuery = encodeGridView(carried.view);
  if (projectId && (viewQuery || carried.savedViewId)) params.set(PROJECT_PARAM, projectId);
  if (carried.savedViewId) params.set(SAVED_VIEW_PARAM, carried.savedViewId);
  for (const [key, value] of new URLSearchParams(viewQuery)) params.set(key, value);
  return params.toString();
}

function readStored(projectId: string): CarriedView | null {
  try {
    const raw = window.localStorage.getItem(storageKey(projectId));
    return raw === null ? null : viewFromQuery(raw || 'cols=');
  } catch {
    // Storage refused (private mode, quota): the default view.
    return null;
  }
}

function writeStored(projectId: string, carried: CarriedView): void {
  try {
    window.localStorage.setItem(storageKey(projectId), queryWithView('', carried));
  } catch {
    // Remembering is a convenience; the URL still carries the view.
  }
}

/**
 * Reads the view when the project's page opens (the URL's, else the remembered one), then keeps the URL (replaced,
 * not pushed: Back leaves the page, not the last filter) and the remembered view in step with the store.
 */
export function useGridViewPersistence(projectId: string): void {
  useEffect(() => {
    // A link to another project is being opened: this chart is about to give way, and leaves the URL alone.
    const linkElsewhere = () => namesOtherProject(window.location.search, projectId);
    const opened = (linkElsewhere() ? null : viewFromQuery(window.location.search)) ?? readStored(projectId);
    if (opened) gridViewStore.getState().setView(projectId, opened.view, opened.savedViewId);
    let last = '';
    const sync = () => {
      if (linkElsewhere()) return;
      const state = gridViewStore.getState();
      const carried = { view: gridViewOf(state, projectId), savedViewId: state.savedViewIds[projectId] ?? null };
      const query = queryWithView(window.location.search, carried, projectId);
      if (query === last) return;
      last = query;
      const url = `${window.location.pathname}${query ? `?${query}` : ''}${window.location.hash}`;
      window.history.replaceState(window.history.state, '', url);
      writeStored(projectId, carried);
    };
    sync();
    return gridViewStore.subscribe(sync);
  }, [projectId]);
}
