import { taskHistoryEntrySchema } from '@planline/domain';
import { useQuery } from '@tanstack/react-query';
import { parsedQueryFn } from '../../lib/parsed-query';

/** GET /api/tasks/{id}/history (newest first). */
export const taskHistoryKey = (taskId: string) => ['/api/tasks', taskId, 'history'] as const;
/** GET /api/projects/{id}/tasks: other views read it (the dashboard); the timeline reads the project document instead. */
export const projectTasksKey = (projectId: string) => ['/api/projects', projectId, 'tasks'] as const;

const historyFn = parsedQueryFn(taskHistoryEntrySchema.array());

export function useTaskHistory(taskId: string, enabled: boolean) {
  return useQuery({ queryKey: taskHistoryKey(taskId), queryFn: historyFn, enabled });
}
