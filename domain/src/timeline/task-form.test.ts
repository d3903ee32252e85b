import { describe, expect, it } from 'vitest';
import { taskFieldSchemas } from '../schemas/task.js';
import { assigneeFromChoice, quickAddFormSchema, taskEditFormSchema, UNASSIGNED } from './task-form.js';

describe('task forms', () => {
  const valid = { name: 'Hull', startDate: '2026-03-08', endDate: '2026-03-09', assigneeId: UNASSIGNED, milestone: false };
  const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.error?.issues.map((i) => i.message) ?? [];

  it('[task-form-validation] quick add uses the spec messages', () => {
    expect(quickAddFormSchema.safeParse(valid).success).toBe(true);
    expect(messages(quickAddFormSchema.safeParse({ ...valid, name: '  ' }))).toEqual(['Task name is required']);
    expect(messages(quickAddFormSchema.safeParse({ ...valid, startDate: '' }))).toEqual(['Start date is required']);
    expect(messages(quickAddFormSchema.safeParse({ ...valid, endDate: '' }))).toEqual(['End date is required']);
    expect(messages(quickAddFormSchema.safeParse({ ...valid, endDate: '2026-03-01' }))).toEqual(['End date cannot be before start date']);
  });

  it('[task-form-validation] edit task checks every field with the API\'s field rules', () => {
    const edit = { ...valid, description: '', status: 'pending', priority: 'medium', progress: 40, changeReason: '' };
    expect(taskEditFormSchema.safeParse(edit).success).toBe(true);
    expect(messages(taskEditFormSchema.safeParse({ ...edit, progress: 140 }))).toEqual(['Progress must be a whole number from 0 to 100']);
    expect(messages(taskEditFormSchema.safeParse({ ...edit, progress: Number.NaN }))).toEqual(['Progress must be a whole number from 0 to 100']);
    expect(messages(taskEditFormSchema.safeParse({ ...edit, name: '' }))).toEqual(['Task name is required']);
    expect(taskEditFormSchema.safeParse({ ...edit, assigneeId: 'someone' }).success).toBe(false);
    expect(taskFieldSchemas.progress.safeParse(40).success).toBe(true);
  });

  it("[allocation] edit task's percent is the API's allocation rule while someone is assigned, 100 unless given", () => {
    const edit = { ...valid, assigneeId: '0f8fad5b-d9cb-469f-a165-70867728950e', description: '', status: 'pending', priority: 'medium', progress: 40, changeReason: '' };
    expect(taskEditFormSchema.parse(edit).allocation).toBe(100);
    expect(taskEditFormSchema.parse({ ...edit, allocation: 150 }).allocation).toBe(150);
    for (const bad of [0, 201, 1.5, Number.NaN]) {
      expect(messages(taskEditFormSchema.safeParse({ ...edit, allocation: bad }))).toEqual(['Allocation must be a whole percent from 1 to 200']);
    }
    expect(messages(taskEditFormSchema.safeParse({ ...edit, allocation: 'x' }))).toEqual(['Allocation must be a whole percent from 1 to 200']);
    expect(taskEditFormSchema.safeParse({ ...edit, assigneeId: UNASSIGNED, allocation: Number.NaN }).success).toBe(true);
  });

  it('[milestone-one-day] a milestone ticked in a form is on its start date: the end date is neither asked nor checked', () => {
    const milestone = { ...valid, milestone: true, endDate: '' };
    expect(quickAddFormSchema.parse(milestone)).toMatchObject({ startDate: '2026-03-08', endDate: '2026-03-08', milestone: true });
    expect(quickAddFormSchema.parse({ ...milestone, endDate: '2026-03-01' })).toMatchObject({ endDate: '2026-03-08' });
    const edit = { ...milestone, description: '', status: 'pending', priority: 'medium', progress: 0, changeReason: '' };
    expect(taskEditFormSchema.parse(edit)).toMatchObject({ startDate: '2026-03-08', endDate: '2026-03-08' });
    expect(messages(quickAddFormSchema.safeParse({ ...milestone, startDate: '' }))).toEqual(['Start date is required']);
  });

  it('[task-form-validation] the unassigned choice is sent as null', () => {
    expect(assigneeFromChoice(UNASSIGNED)).toBeNull();
    expect(assigneeFromChoice('0f8fad5b-d9cb-469f-a165-70867728950e')).toBe('0f8fad5b-d9cb-469f-a165-70867728950e');
  });
});
