import { aiCreateTaskResultSchema, localCalendarDate, type AiCreateTaskResult, type Task } from '@planline/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isUnauthorizedError } from '../../lib/api-error';
import { apiRequest } from '../../lib/query-client';
import { toast } from '../../lib/toast.store';
import { handleUnauthorized } from '../auth';
import { projectTasksKey } from '../gantt';
import { promptFailureMessage } from './ai-parsing';


/** POST /api/tasks/ai-create. `today` is the user's calendar day, so 'tomorrow' means their tomorrow. */
export async function createTaskFromPrompt(prompt: string, projectId: string): Promise<AiCreateTaskResult> {
  const res = await apiRequest('POST', '/api/tasks/ai-create', {
    prompt: prompt.trim(),
    projectId,
    today: localCalendarDate(new Date()),
  });
  return aiCreateTaskResultSchema.parse(await res.json());
}

/**
 * The AI Task Creator's call and its toasts (PRODUCT-SPEC §8). They sit on the mutation, not on the call, so a
 * task created after the dialog was closed is still announced and still reaches `onCreated`.
 */
export function useAiCreateTask(projectId: string, onCreated?: (task: Task) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (prompt: string) => createTaskFromPrompt(prompt, projectId),
    onSuccess: (result) => {
      toast({ title: 'Task Created Successfully!', description: `"${result.task.name}" was added to the project.` });
      void queryClient.invalidateQueries({ queryKey: projectTasksKey(result.task.projectId) });
      onCreated?.(result.task);
    },
    onError: (err) => {
      if (isUnauthorizedError(err)) {
        handleUnauthorized();
        return;
      }
      toast({ title: 'Failed to Create Task', description: promptFailureMessage(err) ?? undefined, variant: 'destructive' });
    },
  });
}
