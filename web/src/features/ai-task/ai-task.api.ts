import { aiPreviewSchema, localCalendarDate, taskSchema, type AiPreview, type CreateTaskRequest, type Task } from '@planline/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isUnauthorizedError } from '../../lib/api-error';
import { apiRequest } from '../../lib/query-client';
import { toast } from '../../lib/toast.store';
import { handleUnauthorized } from '../auth';
import { projectTasksKey } from '../gantt';
import { promptFailureMessage } from './ai-parsing';

/** POST /api/tasks/ai-preview. `today` is the user's calendar day, so 'tomorrow' means their tomorrow. */
export async function previewTaskFromPrompt(prompt: string, projectId: string): Promise<AiPreview> {
  const res = await apiRequest('POST', '/api/tasks/ai-preview', {
    prompt: prompt.trim(),
    projectId,
    today: localCalendarDate(new Date()),
  });
  return aiPreviewSchema.parse(await res.json());
}

function announceFailure(err: unknown) {
  if (isUnauthorizedError(err)) {
    handleUnauthorized();
    return;
  }
  toast({ title: 'Failed to Create Task', description: promptFailureMessage(err) ?? undefined, variant: 'destructive' });
}

/** Reads the prompt; nothing is created. A failure ('asdf': please rephrase) is also shown beside the prompt. */
export function useAiPreview(projectId: string) {
  return useMutation({ mutationFn: (prompt: string) => previewTaskFromPrompt(prompt, projectId), onError: announceFailure });
}

/**
 * Creates the task as confirmed in the preview, with the spec's toasts (PRODUCT-SPEC §8). They sit on the
 * mutation, not on the call, so a task created after the dialog was closed is still announced.
 */
export function useConfirmAiTask(onCreated?: (task: Task) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateTaskRequest) => taskSchema.parse(await (await apiRequest('POST', '/api/tasks', input)).json()),
    onSuccess: (task) => {
      toast({ title: 'Task Created Successfully!', description: `"${task.name}" was added to the project.` });
      void queryClient.invalidateQueries({ queryKey: projectTasksKey(task.projectId) });
      onCreated?.(task);
    },
    onError: announceFailure,
  });
}
