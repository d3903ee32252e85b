import type { AiCreateTaskResult } from '@planline/domain';

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
