import { describe, expect, it } from 'vitest';
import { mergeField, mergeFields } from './teammate-merge';

describe('[form-merge] a form over a record a teammate changes', () => {
  it('leaves a field nobody else changed to the person', () => {
    expect(mergeField('Weld frame', 'Weld frame', 'Weld frame')).toBe('unchanged');
    expect(mergeField('Weld frame', 'Weld hull', 'Weld frame')).toBe('unchanged');
  });

  it("follows the teammate's value in a field the person has not touched", () => {
    expect(mergeField('Weld frame', 'Weld frame', 'Weld the frame')).toBe('follow');
  });

  it('calls a field both changed to different values a conflict, never a silent overwrite', () => {
    expect(mergeField('Weld frame', 'Weld hull', 'Weld the frame')).toBe('conflict');
  });

  it('needs no choice when both made the same change', () => {
    expect(mergeField(40, 60, 60)).toBe('converged');
  });

  it('judges each field of a form on its own', () => {
    const base = { name: 'Weld frame', description: '', progress: 0 };
    const mine = { name: 'Weld frame', description: 'Ben: check the welds', progress: 0 };
    const theirs = { name: 'Weld the frame', description: '', progress: 0 };
    expect(mergeFields(['name', 'description', 'progress'], base, mine, theirs)).toEqual({ name: 'follow', description: 'unchanged', progress: 'unchanged' });
  });
});
