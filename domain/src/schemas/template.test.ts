import { describe, expect, it } from 'vitest';
import { createFromTemplateInputSchema, saveAsTemplateInputSchema } from './template.js';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('template inputs', () => {
  it('[templates] save as template: a name is required; the category defaults to Other; private unless asked', () => {
    expect(saveAsTemplateInputSchema.parse({ name: ' Launch ', category: '  ' })).toEqual({ name: 'Launch', category: 'Other', isPublic: false });
    expect(firstMessage(saveAsTemplateInputSchema.safeParse({ name: '   ' }))).toBe('Template name is required');
    expect(firstMessage(saveAsTemplateInputSchema.safeParse({ name: 'A', isPublic: 'yes' }))).toBe('Public must be true or false');
    expect(firstMessage(saveAsTemplateInputSchema.safeParse({ name: 'A', category: 'x'.repeat(101) }))).toBe('Category must be at most 100 characters');
  });

  it('[templates] a project from a template needs a team, a name and a real start date', () => {
    const teamId = '3f0c5a8e-2b7d-4c1e-9a6f-1d2e3f4a5b6c';
    expect(createFromTemplateInputSchema.parse({ teamId, name: ' Q3 ', startDate: '2026-11-30' })).toEqual({ teamId, name: 'Q3', startDate: '2026-11-30' });
    expect(firstMessage(createFromTemplateInputSchema.safeParse({ name: 'Q3', startDate: '2026-11-30' }))).toBe('Team is required');
    expect(firstMessage(createFromTemplateInputSchema.safeParse({ teamId, name: 'Q3', startDate: '30/11/2026' }))).toBe('Dates must be written yyyy-MM-dd');
    expect(firstMessage(createFromTemplateInputSchema.safeParse({ teamId, name: 'Q3', startDate: '2026-02-29' }))).toBe('That date does not exist');
  });
});
