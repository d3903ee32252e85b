import { describe, expect, it } from 'vitest';
import { progressChart, sortReportsNewestFirst } from './progress-chart.js';
import { makeReport } from './widget.fixtures.js';

/** Ten weekly reports, Sundays from 2026-01-04, progress 10, 15, 20... */
const reports = Array.from({ length: 10 }, (_, i) => {
  const day = new Date(Date.UTC(2026, 0, 4 + 7 * i)).toISOString().slice(0, 10);
  return makeReport({ weekEndingDate: day, progressPercentage: 10 + 5 * i, tasksCompleted: i, tasksTotal: 10 });
}).reverse(); // scrambled away from the chart's order on purpose

describe('progress chart', () => {
  it('[widget-sizes] weekly reports: the latest 4/6/8 by size, newest first', () => {
    const weeks = (size: 'small' | 'medium' | 'large') => progressChart([...reports].reverse(), size).latest.map((r) => r.weekEndingDate);
    expect(weeks('small')).toEqual(['2026-03-08', '2026-03-01', '2026-02-22', '2026-02-15']);
    expect(weeks('medium')).toHaveLength(6);
    expect(weeks('medium')[5]).toBe('2026-02-01');
    expect(weeks('large')).toHaveLength(8);
    expect(weeks('large')[7]).toBe('2026-01-18');
  });

  it('[progress-chart] bars read oldest to newest', () => {
    expect(progressChart(reports, 'small').bars.map((r) => r.progressPercentage)).toEqual([40, 45, 50, 55]);
  });

  it('[progress-chart] current progress and the change from the previous week', () => {
    expect(progressChart(reports, 'medium')).toMatchObject({ current: 55, change: 5 });
    const down = [makeReport({ weekEndingDate: '2026-03-08', progressPercentage: 30 }), makeReport({ weekEndingDate: '2026-03-01', progressPercentage: 42 })];
    expect(progressChart(down, 'small')).toMatchObject({ current: 30, change: -12 });
    expect(progressChart([makeReport({ progressPercentage: 12 })], 'small')).toMatchObject({ current: 12, change: null });
    expect(progressChart([], 'large')).toMatchObject({ latest: [], bars: [], current: null, change: null });
  });

  it('[progress-chart] task counts at large only', () => {
    expect(progressChart(reports, 'small').showTaskCounts).toBe(false);
    expect(progressChart(reports, 'medium').showTaskCounts).toBe(false);
    expect(progressChart(reports, 'large').showTaskCounts).toBe(true);
  });

  it('orders two reports of one week by when they were written', () => {
    const older = makeReport({ weekEndingDate: '2026-03-08', createdAt: '2026-03-08T10:00:00.000Z' });
    const newer = makeReport({ weekEndingDate: '2026-03-08', createdAt: '2026-03-09T10:00:00.000Z' });
    expect(sortReportsNewestFirst([older, newer])).toEqual([newer, older]);
  });
});
