import { savedGridViewSchema, type CreateGridViewInput, type SavedGridView, type UpdateGridViewInput } from '@planline/domain';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { parsedQueryFn } from '../../lib/parsed-query';
import { apiRequest } from '../../lib/query-client';

/**
 * [grid-views] GET /api/projects/{id}/views: the person's own saved views of the project's grid and every shared
 * one (issue 39); kept live by `gridView:saved` / `gridView:deleted` (applyGridViewEvent).
 */
export const gridViewsKey = (projectId: string) => ['/api/projects', projectId, 'views'] as const;

const listFn = parsedQueryFn(savedGridViewSchema.array());

export function useGridViews(projectId: string) {
  return useQuery({ queryKey: gridViewsKey(projectId), queryFn: listFn, staleTime: 60_000 });
}

/** Shared first, then by name: the order the API lists them in. */
function inOrder(list: SavedGridView[]): SavedGridView[] {
  return list.sort((a, b) => Number(b.shared) - Number(a.shared) || a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
}

/** A view saved here or elsewhere, in the cached list (its place kept by name). */
export function cacheGridView(queryClient: QueryClient, view: SavedGridView): void {
  queryClient.setQueryData<SavedGridView[]>(gridViewsKey(view.projectId), (list) => (list ? inOrder([...list.filter((v) => v.id !== view.id), view]) : list));
}

export function uncacheGridView(queryClient: QueryClient, projectId: string, viewId: string): void {
  queryClient.setQueryData<SavedGridView[]>(gridViewsKey(projectId), (list) => list?.filter((v) => v.id !== viewId));
}

const parse = async (res: Response) => savedGridViewSchema.parse(await res.json());

export function useCreateGridView(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateGridViewInput) => parse(await apiRequest('POST', `/api/projects/${projectId}/views`, input)),
    onSuccess: (view) => cacheGridView(queryClient, view),
  });
}

export function useUpdateGridView(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ viewId, changes }: { viewId: string; changes: UpdateGridViewInput }) =>
      parse(await apiRequest('PATCH', `/api/projects/${projectId}/views/${viewId}`, changes)),
    onSuccess: (view) => cacheGridView(queryClient, view),
  });
}

export function useDeleteGridView(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (viewId: string) => {
      await apiRequest('DELETE', `/api/projects/${projectId}/views/${viewId}`);
      return viewId;
    },
    onSuccess: (viewId) => uncacheGridView(queryClient, projectId, viewId),
  });
}
