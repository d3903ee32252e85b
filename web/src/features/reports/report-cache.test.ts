import { describe, expect, it } from 'vitest';
import { makeWeeklyReport } from '../../../test/factories';
import { newerReport, upsertReport } from './report-cache';

describe('report cache', () => {
  const older = makeWeeklyReport({ weekEndingDate: '2025-01-05' });
  const newer = makeWeeklyReport({ weekEndingDate: '2025-01-12' });

  it('[reports-live] adds a report newest first', () => {
    expect(upsertReport([older], newer)).toEqual([newer, older]);
    const earliest = makeWeeklyReport({ weekEndingDate: '2024-12-29' });
    expect(upsertReport([newer, older], earliest)).toEqual([newer, older, earliest]);
  });

  it('[report-week] a second report of a week replaces the first', () => {
    const again = makeWeeklyReport({ weekEndingDate: '2025-01-12', summary: 'updated', createdAt: '2025-01-12T19:00:00.000Z' });
    expect(upsertReport([newer, older], again)).toEqual([again, older]);
    const sameId = { ...newer, progressPercentage: 80 };
    expect(upsertReport([newer, older], sameId)).toEqual([sameId, older]);
  });

  it('[reports-live] keeps the newest as the latest', () => {
    expect(newerReport(null, older)).toBe(older);
    expect(newerReport(older, newer)).toBe(newer);
    expect(newerReport(newer, older)).toBe(newer);
    const updated = { ...newer, summary: 'x' };
    expect(newerReport(newer, updated)).toBe(updated);
  });
});
