import { describe, expect, it } from 'vitest';
import { addDays, dayNumber } from '../timeline/calendar-date.js';
import { daysOffLookup, roundHours } from './person-days.js';

describe('[workload-load] days off', () => {
  const ranges = [
    { from: '2027-06-01', to: '2029-05-31' },
    { from: '2026-12-24', to: '2027-01-01' },
    { from: '2026-12-30', to: '2027-01-03' },
  ];
  const offDays = (isOff: (day: number) => boolean, from: string, to: string) => {
    const days: string[] = [];
    for (let d = from; d <= to; d = addDays(d, 1)) if (isOff(dayNumber(d))) days.push(d);
    return days;
  };

  it('are every day of each range, overlapping ranges merged, in any order', () => {
    const isOff = daysOffLookup(ranges);
    expect(offDays(isOff, '2026-12-20', '2027-01-06')).toEqual([
      ...['24', '25', '26', '27', '28', '29', '30', '31'].map((d) => `2026-12-${d}`),
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
    ]);
    expect(offDays(isOff, '2027-05-30', '2027-06-02')).toEqual(['2027-06-01', '2027-06-02']);
    expect(offDays(isOff, '2029-05-30', '2029-06-02')).toEqual(['2029-05-30', '2029-05-31']);
    expect(isOff(dayNumber('2028-02-29'))).toBe(true);
    expect(daysOffLookup([])(dayNumber('2027-01-01'))).toBe(false);
  });

  it('within a window, only the window’s days', () => {
    const isOff = daysOffLookup(ranges, { first: dayNumber('2026-12-28'), last: dayNumber('2027-06-02') });
    expect(offDays(isOff, '2026-12-20', '2027-06-10')).toEqual([
      ...['28', '29', '30', '31'].map((d) => `2026-12-${d}`),
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
      '2027-06-01',
      '2027-06-02',
    ]);
  });
});

describe('[workload-load] hours to the hundredth', () => {
  it('a sum that lands on a half-hundredth rounds the same in every order the shares are added', () => {
    // 12%, 176%, 82% and 111% of a 7.5-hour day: 28.575 added one way, 28.574999999999996 the other, which
    // rounded straight to the hundredth gave 28.58 and 28.57 (CI's property test found such a case).
    const shares = [0.9, 13.2, 6.15, 8.325];
    const forward = shares.reduce((sum, h) => sum + h, 0);
    const backward = [...shares].reverse().reduce((sum, h) => sum + h, 0);
    expect(forward).not.toBe(backward);
    expect(roundHours(forward)).toBe(28.58);
    expect(roundHours(backward)).toBe(28.58);
    expect(roundHours(7.92)).toBe(7.92);
    expect(roundHours(2.004)).toBe(2);
  });
});
