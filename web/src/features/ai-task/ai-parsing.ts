import {
  AI_CHANGE_REASON,
  assigneeFromChoice,
  UNASSIGNED,
  type AiPreview,
  type AiPreviewFormInput,
  type CreateTaskRequest,
} from '@planline/domain';
import { isUnauthorizedError, serverMessage } from '../../lib/api-error';

/** PRODUCT-SPEC §8: 'Failed to Create Task' with the server message, else this. */
export const AI_TASK_FAILED_FALLBACK = 'Please try rephrasing your request';

/**
 * [ai-not-a-task] What the dialog says when no task was made: the server's reason ('Please rephrase…'), else
 * the spec's fallback; null when signing in again is the answer (the app handles that).
 */
export function promptFailureMessage(err: unknown): string | null {
  if (isUnauthorizedError(err)) return null;
  return serverMessage(err) ?? AI_TASK_FAILED_FALLBACK;
}

/** [ai-submit-disabled] The Preview Task button waits for a prompt with something in it. */
export function canSubmitPrompt(prompt: string): boolean {
  return prompt.trim().length > 0;
}

/**
 * [ai-preview] The preview form's first values: the reading as is, the assignee a member's id or Unassigned
 * (someone who is not a member is only in the warnings: they cannot be chosen).
 */
export function previewFormValues(preview: AiPreview): AiPreviewFormInput {
  const { name, startDate, endDate, priority, assigneeId } = preview.draft;
  return { name, startDate, endDate, priority, assigneeId: assigneeId ?? UNASSIGNED };
}

/** [ai-preview] POST /api/tasks for the reading as the person confirmed it; status and description as read. */
export function confirmedTask(projectId: string, preview: AiPreview, values: AiPreviewFormInput): CreateTaskRequest {
  const { status, description } = preview.draft;
  return {
    projectId,
    name: values.name,
    description,
    startDate: values.startDate,
    endDate: values.endDate,
    priority: values.priority,
    status,
    progress: status === 'completed' ? 100 : 0,
    assigneeId: assigneeFromChoice(values.assigneeId),
    changeReason: AI_CHANGE_REASON,
  };
}
