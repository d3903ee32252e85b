import { AI_CHANGE_REASON, AI_NOT_A_TASK, UNASSIGNED, type AiPreview } from '@planline/domain';
import { describe, expect, it } from 'vitest';
import { AI_TASK_FAILED_FALLBACK, canSubmitPrompt, confirmedTask, previewFormValues, promptFailureMessage } from './ai-parsing';

const projectId = '00000000-0000-4000-8000-000000000001';
const bobId = '00000000-0000-4000-8000-0000000000b0';

function preview(assigneeId: string | null, assignedTo: string | null): AiPreview {
  return {
    draft: {
      name: 'Draft the sitemap',
      description: 'With the new sections',
      priority: 'high',
      status: 'in_progress',
      assignedTo,
      assigneeId,
      startDate: '2026-11-18',
      endDate: '2026-11-27',
    },
    warnings: assigneeId || !assignedTo ? [] : [{ code: 'unresolved_assignee', name: assignedTo, message: `${assignedTo} is not a member of this team` }],
    source: 'offline',
  };
}

describe('previewFormValues', () => {
  it('[ai-preview] starts from the reading; a member is chosen by id', () => {
    expect(previewFormValues(preview(bobId, 'Bob Stone'))).toEqual({
      name: 'Draft the sitemap',
      startDate: '2026-11-18',
      endDate: '2026-11-27',
      priority: 'high',
      assigneeId: bobId,
    });
  });

  it('[ai-unresolved-assignee] someone who is not a member is not chosen: the form starts unassigned', () => {
    expect(previewFormValues(preview(null, 'Alice')).assigneeId).toBe(UNASSIGNED);
  });
});

describe('confirmedTask', () => {
  it('[ai-preview] sends the fields as corrected, status and description as read, with the creator\'s change reason', () => {
    const values = { name: 'Draft the new sitemap', startDate: '2026-11-20', endDate: '2026-11-30', priority: 'low' as const, assigneeId: bobId };
    expect(confirmedTask(projectId, preview(null, 'Alice'), values)).toEqual({
      projectId,
      name: 'Draft the new sitemap',
      description: 'With the new sections',
      startDate: '2026-11-20',
      endDate: '2026-11-30',
      priority: 'low',
      status: 'in_progress',
      progress: 0,
      assigneeId: bobId,
      changeReason: AI_CHANGE_REASON,
    });
    expect(confirmedTask(projectId, preview(bobId, 'Bob Stone'), { ...values, assigneeId: UNASSIGNED }).assigneeId).toBeNull();
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
