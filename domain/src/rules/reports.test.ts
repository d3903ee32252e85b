import { describe, expect, it } from 'vitest';
import { lastCompletedWeekEnding, reportCompletionRate, reportFigures, reportFiguresText, weekEndingFor } from './reports.js';
import { defaultDashboardLayout, withPositions } from '../schemas/dashboard.js';

describe('weekly reports', () => {
  it('[report-week] a week is named by its Sunday', () => {
    expect(weekEndingFor('2026-11-16')).toBe('2026-11-22'); // Monday
    expect(weekEndingFor('2026-11-22')).toBe('2026-11-22'); // Sunday itself
    expect(weekEndingFor('2026-12-28')).toBe('2027-01-03'); // across a year
    expect(weekEndingFor('2026-03-29')).toBe('2026-03-29'); // a DST change in Europe
  });

  it('[report-week] the last completed week ends on the Sunday before today', () => {
    expect(lastCompletedWeekEnding('2026-11-23')).toBe('2026-11-22'); // Monday: yesterday's week
    expect(lastCompletedWeekEnding('2026-11-22')).toBe('2026-11-15'); // Sunday: this week is not over
    expect(lastCompletedWeekEnding('2026-11-25')).toBe('2026-11-22');
  });

  it('[report-figures] counts completed, averages progress with completed as 100, rounds', () => {
    expect(reportFigures([])).toEqual({ tasksCompleted: 0, tasksTotal: 0, progressPercentage: 0 });
    expect(reportFigures([
      { status: 'completed', progress: 40 },
      { status: 'in-progress', progress: 50 },
      { status: 'pending', progress: 0 },
    ])).toEqual({ tasksCompleted: 1, tasksTotal: 3, progressPercentage: 50 });
    expect(reportFigures([{ status: 'in_progress', progress: 33 }, { status: 'blocked', progress: 34 }]).progressPercentage).toBe(34);
  });
});

describe('dashboard layout', () => {
  it('[default-layout] statistics small, recent tasks medium, gantt preview large', () => {
    expect(defaultDashboardLayout().map((w) => [w.type, w.size, w.title])).toEqual([
      ['project-stats', 'small', 'Project Statistics'],
      ['task-list', 'medium', 'Recent Tasks'],
      ['gantt-preview', 'large', 'Gantt Chart Preview'],
    ]);
  });

  it('[widget-layout] column = index mod 3, row = floor(index / 3)', () => {
    const positions = withPositions(Array.from({ length: 7 }, (_, i) => ({ id: String(i), type: 'project-stats' as const, title: 'x', size: 'small' as const }))).map((w) => w.position);
    expect(positions).toEqual([{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 2, y: 0 }, { x: 0, y: 1 }, { x: 1, y: 1 }, { x: 2, y: 1 }, { x: 0, y: 2 }]);
  });
});

describe('report figures, named', () => {
  it('[report-labels] the issue\'s report: 8% average progress and a 0% completion rate, each named', () => {
    const tasks = [...Array.from({ length: 10 }, () => ({ status: 'in_progress', progress: 12 })), ...Array.from({ length: 5 }, () => ({ status: 'pending', progress: 0 }))];
    const figures = reportFigures(tasks);
    expect(figures).toEqual({ tasksCompleted: 0, tasksTotal: 15, progressPercentage: 8 });
    expect(reportFiguresText(figures)).toBe('Average progress 8% · Completion rate 0% (0 of 15 tasks completed)');
  });

  it('[report-labels] the completion rate follows the dashboard rule: whole percent, 0 without tasks', () => {
    expect(reportCompletionRate({ tasksCompleted: 1, tasksTotal: 3 })).toBe(33);
    expect(reportCompletionRate({ tasksCompleted: 2, tasksTotal: 3 })).toBe(67);
    expect(reportCompletionRate({ tasksCompleted: 0, tasksTotal: 0 })).toBe(0);
    expect(reportFiguresText({ progressPercentage: 0, tasksCompleted: 0, tasksTotal: 0 })).toBe(
      'Average progress 0% · Completion rate 0% (0 of 0 tasks completed)',
    );
  });
});
