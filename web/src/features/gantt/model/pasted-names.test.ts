import { describe, expect, it } from 'vitest';
import { MAX_PASTED_TASKS, namesFit, pastedNames } from './pasted-names';

describe('names pasted into the task name field', () => {
  it('[paste-rows] three spreadsheet rows are three tasks, named by their first cell, trimmed', () => {
    const rows = 'Design review\tAna\t2026-12-07\r\n  Build the API \tBen\t2026-12-14\r\nTest\tCy\t2026-12-21\r\n';
    expect(pastedNames(rows)).toEqual({ kind: 'many', names: ['Design review', 'Build the API', 'Test'] });
    expect(pastedNames('One\n\n\t\nTwo\n')).toEqual({ kind: 'many', names: ['One', 'Two'] });
    expect(pastedNames('\tOnly the second column\tx\nNext')).toEqual({ kind: 'many', names: ['Only the second column', 'Next'] });
  });

  it('[paste-rows] one row gives its name to the field; plain text pastes as it is', () => {
    expect(pastedNames('Design review\tAna\t3d')).toEqual({ kind: 'one', name: 'Design review' });
    expect(pastedNames('Design review\n')).toEqual({ kind: 'one', name: 'Design review' });
    expect(pastedNames('\t \n')).toEqual({ kind: 'one', name: '' });
    expect(pastedNames('  Design review  ')).toEqual({ kind: 'text' });
  });

  it('[paste-rows] a whole sheet is refused, not turned into a plan', () => {
    const sheet = Array.from({ length: MAX_PASTED_TASKS + 1 }, (_, i) => `Row ${i}`).join('\n');
    expect(pastedNames(sheet)).toEqual({ kind: 'too-many', count: MAX_PASTED_TASKS + 1 });
    expect(namesFit(['x'.repeat(255), '👍'.repeat(255)])).toBe(true);
    expect(namesFit(['x'.repeat(256)])).toBe(false);
  });
});
