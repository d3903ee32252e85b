import { customFieldSchema } from '@planline/domain';
import { useQuery } from '@tanstack/react-query';
import { parsedQueryFn } from '../../lib/parsed-query';

/** GET /api/projects/{id}/fields: the project's custom fields in column order (issue 39); live by `customField:*`. */
export const customFieldsKey = (projectId: string) => ['/api/projects', projectId, 'fields'] as const;

const listFn = parsedQueryFn(customFieldSchema.array());

export function useCustomFields(projectId: string, enabled = true) {
  return useQuery({ queryKey: customFieldsKey(projectId), queryFn: listFn, enabled, staleTime: 60_000 });
}
