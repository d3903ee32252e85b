import { restoreResultSchema, taskSchema, type CreateTaskRequest, type UpdateTaskRequest } from '@planline/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/query-client';
import { projectTasksKey, taskHistoryKey, taskMovesQueries } from './tasks.queries';

/*
 * Task writes over REST (ARCHITECTURE §3): the server applies them to the project document, which brings them
 * to every open timeline, this one included. Only the reads beside the document need refreshing here.
 */

export function useCreateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateTaskRequest) => taskSchema.parse(await (await apiRequest('POST', '/api/tasks', input)).json()),
    onSuccess: (task) => void queryClient.invalidateQueries({ queryKey: projectTasksKey(task.projectId) }),
  });
}

export function useUpdateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ taskId, changes }: { taskId: string; changes: UpdateTaskRequest }) =>
      taskSchema.parse(await (await apiRequest('PATCH', `/api/tasks/${taskId}`, changes)).json()),
    onSuccess: (task) => {
      void queryClient.invalidateQueries({ queryKey: taskHistoryKey(task.id) });
      void queryClient.invalidateQueries({ queryKey: projectTasksKey(task.projectId) });
    },
  });
}

export function useDeleteTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ taskId }: { taskId: string; projectId: string }) => {
      await apiRequest('DELETE', `/api/tasks/${taskId}`);
    },
    onSuccess: (_result, { taskId, projectId }) => {
      queryClient.removeQueries({ queryKey: taskHistoryKey(taskId) });
      void queryClient.invalidateQueries({ queryKey: projectTasksKey(projectId) });
    },
  });
}

/**
 * [restore] POST /api/projects/{id}/restore: one task or the whole plan back to `at`, through the write path (the
 * document brings it to the chart). Answers the instant to restore to when undoing it.
 */
export function useRestore(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { at: string; taskId?: string }) =>
      restoreResultSchema.parse(await (await apiRequest('POST', `/api/projects/${projectId}/restore`, input)).json()),
    onSuccess: (_result, { taskId }) => {
      if (taskId) void queryClient.invalidateQueries({ queryKey: taskHistoryKey(taskId) });
      void queryClient.invalidateQueries({ queryKey: projectTasksKey(projectId) });
      void queryClient.invalidateQueries(taskMovesQueries(projectId));
    },
  });
}
