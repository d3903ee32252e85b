import { describe, expect, it } from 'vitest';
import { createTaskInputSchema, taskFieldSchemas, updateTaskInputSchema } from './task.js';

const base = { projectId: '9b2f3c1e-6a0d-4f7e-8d21-0c5e7f1a2b3c', name: 'Build', startDate: '2026-11-23', endDate: '2026-11-30' };

describe('task text', () => {
  it('[task-text-nul] a null character is refused in name, description and change reason (PostgreSQL text cannot hold it)', () => {
    expect(createTaskInputSchema.safeParse({ ...base, name: 'a\u0000b' }).error?.issues[0]?.message).toBe('Task name cannot contain a null character');
    expect(createTaskInputSchema.safeParse({ ...base, description: '\u0000' }).error?.issues[0]?.message).toBe('Description cannot contain a null character');
    expect(updateTaskInputSchema.safeParse({ progress: 5, changeReason: 'why\u0000' }).error?.issues[0]?.message).toBe('Change reason cannot contain a null character');
    // The document's judge uses the same field schemas.
    expect(taskFieldSchemas.name.safeParse('\u0000').success).toBe(false);
  });

  it('[task-text-nul] formula prefixes, bidi overrides and markup stay as typed', () => {
    for (const name of ['=1+1', '\u202eevil', '<b>&amp;</b>', '👩‍🚀 launch']) {
      expect(createTaskInputSchema.parse({ ...base, name }).name).toBe(name);
    }
  });

  it('[task-name-one-line] a tab, line break or other control character inside a name is refused with a message that says so', () => {
    const oneLine = 'Task name must be one line: remove tabs, line breaks and other control characters';
    for (const name of ['Design\tAna\t3d', 'Design\nBuild\nTest', 'a\r\nb', '\u0001x', 'a\u007fb', 'a\u0085b', 'a\u2028b']) {
      expect(createTaskInputSchema.safeParse({ ...base, name }).error?.issues.map((i) => i.message), JSON.stringify(name)).toEqual([oneLine]);
      expect(updateTaskInputSchema.safeParse({ name }).success).toBe(false);
      // The document's judge uses the same field schema, so a name typed into the live chart is put back too.
      expect(taskFieldSchemas.name.safeParse(name).success).toBe(false);
    }
    // Only the ends are trimmed: a pasted cell's trailing tab or line break is not a second line.
    expect(createTaskInputSchema.parse({ ...base, name: '\tDesign review\r\n' }).name).toBe('Design review');
  });
});

describe('task text the database would refuse', () => {
  it('[task-text-surrogate] an unpaired surrogate becomes U+FFFD, the same on PostgreSQL and PGlite; pairs stay', () => {
    expect(createTaskInputSchema.parse({ ...base, name: 'a\ud800b', description: '\udc00' })).toMatchObject({ name: 'a\ufffdb', description: '\ufffd' });
    expect(createTaskInputSchema.parse({ ...base, name: '👩‍🚀 launch' }).name).toBe('👩‍🚀 launch');
  });

  it('[task-name-required] a name of only invisible characters is blank', () => {
    for (const name of ['\u200b\u200b', '\u202e', '\u0019', '\u0085', '\u180e', '\u2060', ' \u00a0 ', '\ud800', '\udc00\u200b']) {
      expect(createTaskInputSchema.safeParse({ ...base, name }).error?.issues[0]?.message, JSON.stringify(name)).toBe('Task name is required');
    }
    expect(createTaskInputSchema.parse({ ...base, name: '\u202eevil' }).name).toBe('\u202eevil');
  });
});

describe('milestones', () => {
  it('[milestone-one-day] a task is a task unless it says milestone; a milestone with two dates is refused with the reason', () => {
    expect(createTaskInputSchema.parse(base).kind).toBe('task');
    expect(createTaskInputSchema.parse({ ...base, kind: 'milestone', endDate: base.startDate }).kind).toBe('milestone');
    const twoDates = createTaskInputSchema.safeParse({ ...base, kind: 'milestone' });
    expect(twoDates.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['endDate', 'A milestone is on one day: its end date must be its start date']]);
    expect(createTaskInputSchema.safeParse({ ...base, kind: 'phase' }).error?.issues[0]?.message).toBe('Kind must be task or milestone');
    expect(updateTaskInputSchema.safeParse({ kind: 'milestone', startDate: '2026-11-23', endDate: '2026-11-24' }).success).toBe(false);
    // Alone, a kind is a valid update: whether the task's own dates allow it is the service's check.
    expect(updateTaskInputSchema.parse({ kind: 'milestone' })).toEqual({ kind: 'milestone' });
  });
});
