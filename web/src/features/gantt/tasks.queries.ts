import { taskHistoryEntrySchema, taskSchema } from '@planline/domain';
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

const tasksFn = parsedQueryFn(taskSchema.array());

/**
 * GET /api/projects/{id}/tasks?at=: the plan as it was at an instant (time travel), read-only. A past instant's
 * plan never changes, so it is read once; `at` null reads nothing.
 */
export function usePlanAt(projectId: string, at: string | null) {
  return useQuery({ queryKey: ['/api/projects', projectId, `tasks?at=${encodeURIComponent(at ?? '')}`], queryFn: tasksFn, enabled: at !== null });
}
