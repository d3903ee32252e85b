import { describe, expect, it } from 'vitest';
import { customCell } from './excel-export.js';

describe('[export-custom] a custom value as a spreadsheet cell', () => {
  const field = (type: 'text' | 'number' | 'date' | 'choice' | 'checkbox') => ({ id: 'f', name: 'F', type, options: [] });

  it('numbers as numbers, dates as dates, checkboxes TRUE or FALSE (unchecked is FALSE), text as text', () => {
    expect(customCell(field('number'), 12.5)).toBe(12.5);
    expect(customCell(field('date'), '2026-12-31')).toEqual(new Date('2026-12-31T00:00:00Z'));
    expect(customCell(field('checkbox'), true)).toBe(true);
    expect(customCell(field('checkbox'), undefined)).toBe(false);
    expect(customCell(field('choice'), 'Build')).toBe('Build');
    expect(customCell(field('text'), '=1+1')).toBe('=1+1');
  });

  it('no value is an empty cell; a value of the wrong type (about to be put back) too', () => {
    expect(customCell(field('number'), undefined)).toBeNull();
    expect(customCell(field('number'), 'ten')).toBeNull();
    expect(customCell(field('date'), 5)).toBeNull();
  });
});
