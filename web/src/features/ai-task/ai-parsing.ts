import type { AiCreateTaskResult } from '@planline/domain';
import { isUnauthorizedError, serverMessage } from '../../lib/api-error';

/** PRODUCT-SPEC §8: 'Failed to Create Task' with the server message, else this. */
export const AI_TASK_FAILED_FALLBACK = 'Please try rephrasing your request';

/**
 * [ai-not-a-task] What the dialog says beside the prompt when no task was made: the server's reason ('Please
 * rephrase…'), else the spec's fallback; null when signing in again is the answer (the app handles that).
 */
export function promptFailureMessage(err: unknown): string | null {
  if (isUnauthorizedError(err)) return null;
  return serverMessage(err) ?? AI_TASK_FAILED_FALLBACK;
}

/**
 * [ai-assignee-warning] The person the prompt named when they could not be assigned (not a member of the
 * team), so the task was created unassigned; null when nobody was named or the assignment worked.
 */
export function unmatchedAssignee(parsing: AiCreateTaskResult['aiParsing']): string | null {
  const named = parsing.parsedDetails.assignedTo?.trim();
  return named && !parsing.assigneeFound ? named : null;
}

/** [ai-submit-disabled] The Create Task button waits for a prompt with something in it. */
export function canSubmitPrompt(prompt: string): boolean {
  return prompt.trim().length > 0;
}
