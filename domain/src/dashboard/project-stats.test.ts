import { describe, expect, it } from 'vitest';
import { completionRate, isTaskOverdue, projectStatistics, projectTaskCounts } from './project-stats.js';
import { makeTask } from './widget.fixtures.js';

const today = '2026-03-10';

describe('project statistics', () => {
  it('[completion-rate] completed out of all, rounded to a whole percent; 0 without tasks', () => {
    expect(completionRate([])).toBe(0);
    expect(completionRate([makeTask({ status: 'completed' })])).toBe(100);
    expect(completionRate([makeTask({ status: 'completed' }), makeTask(), makeTask()])).toBe(33);
    expect(completionRate([makeTask({ status: 'completed' }), makeTask({ status: 'completed' }), makeTask()])).toBe(67);
    expect(completionRate([makeTask({ status: 'completed' }), makeTask()])).toBe(50);
  });

  it('[task-overdue] the end date is before today and the task is not completed', () => {
    expect(isTaskOverdue(makeTask({ endDate: '2026-03-09' }), today)).toBe(true);
    expect(isTaskOverdue(makeTask({ endDate: '2026-03-10' }), today)).toBe(false);
    expect(isTaskOverdue(makeTask({ endDate: '2026-03-09', status: 'completed' }), today)).toBe(false);
    expect(isTaskOverdue(makeTask({ endDate: '2025-12-31', status: 'blocked' }), today)).toBe(true);
    expect(isTaskOverdue({ status: 'pending', endDate: null }, today)).toBe(false);
    expect(isTaskOverdue({ status: 'pending', endDate: 'soon' }, today)).toBe(false);
  });

  it('[stats-tiles] counts total, completed, in progress (both spellings) and overdue', () => {
    const tasks = [
      makeTask({ status: 'completed', endDate: '2026-03-01' }),
      makeTask({ status: 'in_progress', endDate: '2026-03-20' }),
      { ...makeTask({ endDate: '2026-03-01' }), status: 'in-progress' as never },
      makeTask({ status: 'blocked', endDate: '2026-03-09' }),
      { ...makeTask({ endDate: '2026-03-30' }), status: 'someday' as never },
    ];
    expect(projectTaskCounts(tasks, today)).toEqual({ total: 5, completed: 1, inProgress: 2, overdue: 2 });
    expect(projectTaskCounts([], today)).toEqual({ total: 0, completed: 0, inProgress: 0, overdue: 0 });
  });

  it('[stats-widget] small shows the completion rate only', () => {
    const stats = projectStatistics([makeTask({ status: 'completed' }), makeTask()], { startDate: '2026-03-01', endDate: '2026-04-01' }, today, 'small');
    expect(stats).toEqual({ completionRate: 50, counts: null, dates: null });
  });

  it('[stats-widget] medium adds the four tiles but not the dates', () => {
    const stats = projectStatistics([makeTask()], { startDate: '2026-03-01', endDate: '2026-04-01' }, today, 'medium');
    expect(stats.counts).toEqual({ total: 1, completed: 0, inProgress: 0, overdue: 1 });
    expect(stats.dates).toBeNull();
  });

  it('[stats-widget] large adds the project dates when both are set', () => {
    const project = { startDate: '2026-03-01', endDate: '2026-04-01' };
    expect(projectStatistics([], project, today, 'large')).toEqual({
      completionRate: 0,
      counts: { total: 0, completed: 0, inProgress: 0, overdue: 0 },
      dates: { startDate: '2026-03-01', endDate: '2026-04-01' },
    });
    expect(projectStatistics([], { startDate: '2026-03-01', endDate: null }, today, 'large').dates).toBeNull();
    expect(projectStatistics([], null, today, 'large').dates).toBeNull();
  });

  it('rejects a today that is not a date', () => {
    expect(() => projectTaskCounts([makeTask()], '10/03/2026')).toThrow(RangeError);
  });
});
