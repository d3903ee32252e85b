import { taskHistoryEntrySchema, taskMoveSchema, taskSchema } from '@planline/domain';
import { useQuery } from '@tanstack/react-query';
import { parsedQueryFn } from '../../lib/parsed-query';

/** GET /api/tasks/{id}/history (newest first). */
export const taskHistoryKey = (taskId: string) => ['/api/tasks', taskId, 'history'] as const;
/** Whether a query key is some task's taskHistoryKey. */
export const isTaskHistoryKey = (key: readonly unknown[]) => key.length === 3 && key[0] === '/api/tasks' && key[2] === 'history';
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

/** GET /api/projects/{id}/task-moves?at=: every key of it, to read again after the plan changed. */
export const taskMovesKeyPrefix = (projectId: string) => ['/api/projects', projectId] as const;
const isTaskMovesKey = (key: readonly unknown[]) => typeof key[2] === 'string' && key[2].startsWith('task-moves?');
export const taskMovesQueries = (projectId: string) => ({
  queryKey: taskMovesKeyPrefix(projectId),
  predicate: (query: { queryKey: readonly unknown[] }) => isTaskMovesKey(query.queryKey),
});

const movesFn = parsedQueryFn(taskMoveSchema.array());

/**
 * [time-travel-moves] Who moved each bar after `at`, and why; `at` null reads nothing. Unlike the plan at `at`,
 * this changes with every later edit: the caller reads it again when the live plan changes.
 */
export function useTaskMoves(projectId: string, at: string | null) {
  return useQuery({ queryKey: ['/api/projects', projectId, `task-moves?at=${encodeURIComponent(at ?? '')}`], queryFn: movesFn, enabled: at !== null });
}
