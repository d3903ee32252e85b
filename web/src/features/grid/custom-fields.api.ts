import { customFieldSchema, type CreateCustomFieldInput, type CustomField, type UpdateCustomFieldInput } from '@planline/domain';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/query-client';
import { withoutField, withSavedField } from './custom-fields.cache';
import { customFieldsKey } from './custom-fields.queries';

const fieldsUrl = (projectId: string) => `/api/projects/${projectId}/fields`;

/**
 * A field saved (here or by a teammate: customField:saved): in the list at once, then the list read again, since a
 * move changes the other fields' positions too.
 */
export function cacheSavedField(queryClient: QueryClient, field: CustomField): void {
  queryClient.setQueryData<CustomField[]>(customFieldsKey(field.projectId), (list) => (list ? withSavedField(list, field) : list));
  void queryClient.invalidateQueries({ queryKey: customFieldsKey(field.projectId), exact: true });
}

/** A field removed (customField:deleted). */
export function cacheRemovedField(queryClient: QueryClient, projectId: string, fieldId: string): void {
  queryClient.setQueryData<CustomField[]>(customFieldsKey(projectId), (list) => (list ? withoutField(list, fieldId) : list));
}

export function useCreateCustomField(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateCustomFieldInput) => customFieldSchema.parse(await (await apiRequest('POST', fieldsUrl(projectId), input)).json()),
    onSuccess: (field) => cacheSavedField(queryClient, field),
  });
}

export function useUpdateCustomField(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ fieldId, input }: { fieldId: string; input: UpdateCustomFieldInput }) =>
      customFieldSchema.parse(await (await apiRequest('PATCH', `${fieldsUrl(projectId)}/${fieldId}`, input)).json()),
    onSuccess: (field) => cacheSavedField(queryClient, field),
  });
}

export function useRemoveCustomField(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (fieldId: string) => {
      await apiRequest('DELETE', `${fieldsUrl(projectId)}/${fieldId}`);
    },
    onSuccess: (_result, fieldId) => cacheRemovedField(queryClient, projectId, fieldId),
  });
}

/** POST …/fields/{id}/restore: the removed field back, with the values it took (the toast's Undo). */
export function useRestoreCustomField(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (fieldId: string) => customFieldSchema.parse(await (await apiRequest('POST', `${fieldsUrl(projectId)}/${fieldId}/restore`, {})).json()),
    onSuccess: (field) => cacheSavedField(queryClient, field),
  });
}
