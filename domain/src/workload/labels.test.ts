import { describe, expect, it } from 'vitest';
import { formatDayRange, isLevelledReason, levelledReason, overloadLabel } from './labels.js';

describe('over-allocation words', () => {
  it('[workload-overload] "Ana is at 150% on 3-5 Mar"', () => {
    expect(overloadLabel('Ana', { from: '2026-03-03', to: '2026-03-05', peakPercent: 150 })).toBe('Ana is at 150% on 3-5 Mar');
    expect(levelledReason('Ana', { from: '2026-03-03', to: '2026-03-05' })).toBe('Levelled: Ana over-allocated 3-5 Mar');
  });

  it('[workload-overload] one day, across months, across years', () => {
    expect(formatDayRange('2026-03-03', '2026-03-03')).toBe('3 Mar');
    expect(formatDayRange('2026-03-30', '2026-04-02')).toBe('30 Mar-2 Apr');
    expect(formatDayRange('2026-12-30', '2027-01-02')).toBe('30 Dec 2026-2 Jan 2027');
  });

  it('[leveling] a history reason is a leveling one only in exactly the shape levelledReason gives', () => {
    for (const [from, to] of [['2026-03-03', '2026-03-03'], ['2026-03-03', '2026-03-05'], ['2026-03-30', '2026-04-02'], ['2026-12-30', '2027-01-02']] as const) {
      expect(isLevelledReason(levelledReason('Ana Abbott', { from, to }))).toBe(true);
      expect(isLevelledReason(levelledReason('someone@example.com', { from, to }))).toBe(true);
    }
    for (const forged of [
      'Levelled: approved by the CEO',
      'Levelled: Ana over-allocated',
      'Levelled: Ana over-allocated 3-5 Mar, approved by the CEO',
      'Levelled: Ana over-allocated 32 Mar',
      'Levelled: Ana over-allocated 3 March',
      'Levelled:  over-allocated 3 Mar',
      'Levelled: Ana\nApproved over-allocated 3 Mar',
      `Levelled: ${'x'.repeat(300)} over-allocated 3 Mar`,
      'levelled: Ana over-allocated 3 Mar',
    ]) {
      expect(isLevelledReason(forged), forged).toBe(false);
    }
  });
});
