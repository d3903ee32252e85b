import { describe, expect, it } from 'vitest';
import { holidayChangeReason, holidaysOf, holidayText, namedHolidays, updateProjectInputSchema } from './project.js';

describe('[holiday-names] holidays with names', () => {
  it('takes bare dates (as stored before names) and { date, name }; one per day, sorted; a bare date keeps its name', () => {
    const input = updateProjectInputSchema.parse({ holidays: ['2026-12-26', { date: '2026-12-25', name: ' Christmas Day ' }, '2026-01-01'] }).holidays!;
    expect(namedHolidays(input, { '2026-12-26': 'Boxing Day' })).toEqual([
      { date: '2026-01-01', name: null },
      { date: '2026-12-25', name: 'Christmas Day' },
      { date: '2026-12-26', name: 'Boxing Day' },
    ]);
    expect(namedHolidays([{ date: '2026-12-26', name: '' }], { '2026-12-26': 'Boxing Day' })).toEqual([{ date: '2026-12-26', name: null }]);
    expect(updateProjectInputSchema.safeParse({ holidays: [{ date: '2026-12-25', name: 'x'.repeat(101) }] }).error?.issues[0]?.message).toBe(
      'Holiday names must be at most 100 characters',
    );
    expect(updateProjectInputSchema.safeParse({ holidays: ['Christmas'] }).success).toBe(false);
  });

  it('lists a holiday as "Fri 25 Dec 2026 — Christmas Day", one without a name by its day', () => {
    const stored = holidaysOf({ holidays: ['2026-12-25', '2027-01-01'], holidayNames: { '2026-12-25': 'Christmas Day' } });
    expect(stored.map(holidayText)).toEqual(['Fri 25 Dec 2026 — Christmas Day', 'Fri 1 Jan 2027']);
    expect(holidaysOf({ holidays: ['2026-12-25'] })).toEqual([{ date: '2026-12-25', name: null }]);
  });

  it('[holiday-keeps-working-days] names what came and went in the history reason', () => {
    const christmas = { date: '2026-12-25', name: 'Christmas Day' };
    const boxing = { date: '2026-12-28', name: null };
    expect(holidayChangeReason([], [christmas])).toBe('Holiday added: «Christmas Day»');
    expect(holidayChangeReason([christmas], [boxing])).toBe('Holiday added: Mon 28 Dec 2026; Holiday removed: «Christmas Day»');
    expect(holidayChangeReason([christmas], [{ ...christmas, name: 'Xmas' }])).toBeNull();
    const many = Array.from({ length: 5 }, (_, i) => ({ date: `2026-08-0${i + 3}`, name: `Day ${i + 1}` }));
    expect(holidayChangeReason([], many)).toBe('Holidays added: «Day 1», «Day 2», «Day 3» and 2 more');
  });
});
