import { describe, expect, it } from 'vitest';
import { dayNumber } from '../timeline/calendar-date.js';
import { daysOffSet } from './person-days.js';

describe('[workload-load] days off', () => {
  const ranges = [
    { from: '2026-12-24', to: '2027-01-01' },
    { from: '2027-06-01', to: '2029-05-31' },
  ];

  it('are every day of each range', () => {
    expect(daysOffSet(ranges).size).toBe(9 + (dayNumber('2029-05-31') - dayNumber('2027-06-01') + 1));
  });

  it('within a window, only the window’s days: what is read is all that is built', () => {
    const window = { first: dayNumber('2026-12-28'), last: dayNumber('2027-06-02') };
    const off = daysOffSet(ranges, window);
    expect([...off].sort((a, b) => a - b)).toEqual([
      ...[28, 29, 30, 31].map((d) => dayNumber(`2026-12-${d}`)),
      dayNumber('2027-01-01'),
      dayNumber('2027-06-01'),
      dayNumber('2027-06-02'),
    ]);
  });
});
