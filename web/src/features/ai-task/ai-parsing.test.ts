import { AI_NOT_A_TASK, type AiCreateTaskResult } from '@planline/domain';
import { describe, expect, it } from 'vitest';
import { AI_TASK_FAILED_FALLBACK, canSubmitPrompt, promptFailureMessage, unmatchedAssignee } from './ai-parsing';

function parsing(assignedTo: string | null, assigneeFound: boolean): AiCreateTaskResult['aiParsing'] {
  return {
    parsedDetails: {
      name: 'Design review',
      description: null,
      priority: 'high',
      status: 'pending',
      assignedTo,
      startDate: '2026-11-27',
      endDate: '2026-11-27',
    },
    assigneeFound,
    source: 'offline',
  };
}

describe('unmatchedAssignee', () => {
  it('[ai-assignee-warning] names the person when they were named but not found', () => {
    expect(unmatchedAssignee(parsing('Maria', false))).toBe('Maria');
  });

  it('[ai-assignee-warning] is null when the assignee was found', () => {
    expect(unmatchedAssignee(parsing('Maria Lopez', true))).toBeNull();
  });

  it('[ai-assignee-warning] is null when nobody was named', () => {
    expect(unmatchedAssignee(parsing(null, false))).toBeNull();
    expect(unmatchedAssignee(parsing('   ', false))).toBeNull();
  });
});

describe('canSubmitPrompt', () => {
  it('[ai-submit-disabled] refuses a blank or whitespace-only prompt', () => {
    expect(canSubmitPrompt('')).toBe(false);
    expect(canSubmitPrompt('  \n\t ')).toBe(false);
  });

  it('[ai-submit-disabled] accepts any prompt with text', () => {
    expect(canSubmitPrompt(' Design review next Friday ')).toBe(true);
  });
});

describe('promptFailureMessage', () => {
  it('[ai-not-a-task] shows the server\'s request to rephrase beside the prompt', () => {
    const err = new Error(`400: ${JSON.stringify({ message: AI_NOT_A_TASK, issues: [{ path: 'prompt', message: AI_NOT_A_TASK }] })}`);
    expect(promptFailureMessage(err)).toBe(AI_NOT_A_TASK);
  });

  it('[ai-not-a-task] falls back to the spec\'s text, and says nothing when the answer is to sign in again', () => {
    expect(promptFailureMessage(new Error('500: '))).toBe(AI_TASK_FAILED_FALLBACK);
    expect(promptFailureMessage(new Error('401: {"message":"Unauthorized"}'))).toBeNull();
  });
});
