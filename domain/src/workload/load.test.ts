import { describe, expect, it } from 'vitest';
import { calendarOf, frozen } from '../scheduling/scheduling.fixtures.js';
import { computeWorkload, findOverallocations } from './load.js';
import { assigned, loadTask, person, workloadInput } from './workload.fixtures.js';

// March 2026: Sun 1, Mon 2 … Fri 6, weekend 7–8, Mon 9 … Fri 13, weekend 14–15, Mon 16.
const WEEK = { from: '2026-03-02', to: '2026-03-08', scale: 'week' } as const;
const DAYS = { from: '2026-03-02', to: '2026-03-08', scale: 'day' } as const;

const row = (result: ReturnType<typeof computeWorkload>, userId: string) => result.people.find((p) => p.userId === userId)!;
const hoursByDay = (result: ReturnType<typeof computeWorkload>, userId: string) => row(result, userId).buckets.map((b) => b.allocatedHours);

describe('workload load arithmetic', () => {
  it('[workload-load] a task at 100% loads the hours per day on each working day; capacity is the working days', () => {
    const input = workloadInput([person('ana')], [loadTask('t', '2026-03-02', '2026-03-08', assigned('ana'))]);
    const week = computeWorkload(frozen(input), WEEK);
    expect(row(week, 'ana').buckets).toEqual([
      { start: '2026-03-02', end: '2026-03-08', capacityHours: 40, allocatedHours: 40, tasks: [{ taskId: 't', projectId: 'p1', hours: 40 }] },
    ]);
    expect(hoursByDay(computeWorkload(input, DAYS), 'ana')).toEqual([8, 8, 8, 8, 8, 0, 0]);
    expect(row(computeWorkload(input, DAYS), 'ana').buckets.map((b) => b.capacityHours)).toEqual([8, 8, 8, 8, 8, 0, 0]);
  });

  it('[workload-load] partial allocations: a share of the person’s own day, to the hundredth', () => {
    const input = workloadInput(
      [person('ana', { hoursPerDay: 6 }), person('ben')],
      [loadTask('t', '2026-03-02', '2026-03-04', assigned(['ana', 50], ['ben', 33])), loadTask('u', '2026-03-02', '2026-03-02', assigned(['ben', 33]))],
    );
    const days = computeWorkload(input, DAYS);
    expect(hoursByDay(days, 'ana')).toEqual([3, 3, 3, 0, 0, 0, 0]);
    expect(hoursByDay(days, 'ben')).toEqual([5.28, 2.64, 2.64, 0, 0, 0, 0]);
    expect(row(computeWorkload(input, WEEK), 'ben').buckets[0]!.tasks).toEqual([
      { taskId: 't', projectId: 'p1', hours: 7.92 },
      { taskId: 'u', projectId: 'p1', hours: 2.64 },
    ]);
  });

  it('[workload-load] days off carry no load and no capacity', () => {
    const ana = person('ana', { daysOff: [{ from: '2026-03-04', to: '2026-03-05', note: 'Leave' }] });
    const result = computeWorkload(workloadInput([ana], [loadTask('t', '2026-03-02', '2026-03-06', assigned('ana'))]), WEEK);
    expect(row(result, 'ana').buckets[0]).toMatchObject({ capacityHours: 24, allocatedHours: 24 });
  });

  it('[workload-load] a two-year leave counts only on the days computed: the same figures as the leave cut to them', () => {
    const task = loadTask('t', '2026-03-02', '2026-03-06', assigned('ana'));
    const withLeave = (from: string, to: string) =>
      computeWorkload(workloadInput([person('ana', { daysOff: [{ from, to, note: 'Leave' }] })], [task]), DAYS);
    const long = withLeave('2026-03-05', '2028-03-04');
    expect(long).toEqual(withLeave('2026-03-05', '2026-03-08'));
    expect(hoursByDay(long, 'ana')).toEqual([8, 8, 8, 0, 0, 0, 0]);
  });

  it('[workload-load] a day that is not a working day of the person or of the project carries none', () => {
    // Ana works Monday to Thursday (ISO 1-4); the project has a holiday on Tuesday 3 March.
    const ana = person('ana', { workingDays: [1, 2, 3, 4] });
    const calendar = calendarOf({ holidays: ['2026-03-03'] });
    const result = computeWorkload(workloadInput([ana], [loadTask('t', '2026-03-02', '2026-03-08', assigned('ana'))], { p1: calendar }), DAYS);
    expect(hoursByDay(result, 'ana')).toEqual([8, 0, 8, 8, 0, 0, 0]);
    expect(row(result, 'ana').buckets.map((b) => b.capacityHours)).toEqual([8, 8, 8, 8, 0, 0, 0]);
  });

  it('[workload-load] ISO weekday 7 is Sunday: a person who works weekends is loaded by a project that works them', () => {
    const ana = person('ana', { workingDays: [6, 7] });
    const weekends = calendarOf({ workingWeekdays: [0, 1, 2, 3, 4, 5, 6] });
    const result = computeWorkload(workloadInput([ana], [loadTask('t', '2026-03-02', '2026-03-08', assigned('ana'))], { p1: weekends }), DAYS);
    expect(hoursByDay(result, 'ana')).toEqual([0, 0, 0, 0, 0, 8, 8]);
  });

  it('[workload-load] several projects add up, each on its own calendar; the over-allocation is one span', () => {
    const p2 = calendarOf({ holidays: ['2026-03-04'] });
    const input = workloadInput(
      [person('ana')],
      [
        loadTask('a', '2026-03-02', '2026-03-06', assigned(['ana', 100])),
        loadTask('b', '2026-03-03', '2026-03-05', assigned(['ana', 50]), { projectId: 'p2' }),
      ],
      { p2 },
    );
    const days = computeWorkload(input, DAYS);
    expect(hoursByDay(days, 'ana')).toEqual([8, 12, 8, 12, 8, 0, 0]);
    expect(row(days, 'ana').buckets[1]!.tasks).toEqual([
      { taskId: 'a', projectId: 'p1', hours: 8 },
      { taskId: 'b', projectId: 'p2', hours: 4 },
    ]);
    expect(row(days, 'ana').overloads).toEqual([
      { userId: 'ana', from: '2026-03-03', to: '2026-03-03', peakPercent: 150, taskIds: ['a', 'b'] },
      { userId: 'ana', from: '2026-03-05', to: '2026-03-05', peakPercent: 150, taskIds: ['a', 'b'] },
    ]);
    // Found day by day at every scale (the chart reads its marks by month).
    for (const scale of ['week', 'month'] as const) expect(row(computeWorkload(input, { ...DAYS, scale }), 'ana').overloads).toEqual(row(days, 'ana').overloads);
  });

  it('[workload-overload] a weekend between two over-allocated days does not break the span; a normal day does', () => {
    const input = workloadInput(
      [person('ana')],
      [loadTask('a', '2026-03-05', '2026-03-10', assigned('ana')), loadTask('b', '2026-03-05', '2026-03-09', assigned(['ana', 50]))],
    );
    expect(findOverallocations(input, { from: '2026-03-01', to: '2026-03-31' })).toEqual([
      { userId: 'ana', from: '2026-03-05', to: '2026-03-09', peakPercent: 150, taskIds: ['a', 'b'] },
    ]);
    const withGap = workloadInput([person('ana')], [...input.tasks, loadTask('c', '2026-03-12', '2026-03-12', assigned('ana')), loadTask('d', '2026-03-12', '2026-03-12', assigned(['ana', 10]))]);
    expect(findOverallocations(withGap, { from: '2026-03-01', to: '2026-03-31' }).map((s) => [s.from, s.to])).toEqual([
      ['2026-03-05', '2026-03-09'],
      ['2026-03-12', '2026-03-12'],
    ]);
  });

  it('[workload-load] milestones and summary tasks carry no load', () => {
    const input = workloadInput(
      [person('ana')],
      [
        loadTask('summary', '2026-03-02', '2026-03-06', assigned('ana')),
        loadTask('child', '2026-03-02', '2026-03-02', assigned('ana'), { parentId: 'summary' }),
        loadTask('m', '2026-03-03', '2026-03-03', assigned('ana'), { kind: 'milestone' }),
      ],
    );
    expect(hoursByDay(computeWorkload(input, DAYS), 'ana')).toEqual([8, 0, 0, 0, 0, 0, 0]);
  });

  it('[workload-load] tasks nobody is assigned to fill the Unassigned row (8 hours a working day, no capacity)', () => {
    const result = computeWorkload(workloadInput([person('ana')], [loadTask('t', '2026-03-05', '2026-03-09', [])]), WEEK);
    expect(result.unassigned).toEqual({
      userId: null,
      buckets: [{ start: '2026-03-02', end: '2026-03-08', capacityHours: 0, allocatedHours: 16, tasks: [{ taskId: 't', projectId: 'p1', hours: 16 }] }],
      overloads: [],
    });
  });

  it('[workload-load] assignees who are not listed count with the default capacity, after the listed people', () => {
    const result = computeWorkload(workloadInput([person('zoe')], [loadTask('t', '2026-03-02', '2026-03-02', assigned('ben', 'al'))]), DAYS);
    expect(result.people.map((p) => p.userId)).toEqual(['zoe', 'al', 'ben']);
    expect(hoursByDay(result, 'al')[0]).toBe(8);
  });

  it('[workload-buckets] weeks run Monday to Sunday and months by the calendar, cut to the range', () => {
    const input = workloadInput([person('ana')], [loadTask('t', '2026-02-20', '2026-03-20', assigned('ana'))]);
    const weeks = computeWorkload(input, { from: '2026-02-26', to: '2026-03-10', scale: 'week' });
    expect(row(weeks, 'ana').buckets.map((b) => [b.start, b.end, b.allocatedHours])).toEqual([
      ['2026-02-26', '2026-03-01', 16],
      ['2026-03-02', '2026-03-08', 40],
      ['2026-03-09', '2026-03-10', 16],
    ]);
    const months = computeWorkload(input, { from: '2026-02-26', to: '2026-03-10', scale: 'month' });
    expect(row(months, 'ana').buckets.map((b) => [b.start, b.end, b.capacityHours])).toEqual([
      ['2026-02-26', '2026-02-28', 16],
      ['2026-03-01', '2026-03-10', 56],
    ]);
  });

  it('[workload-load] a task outside the range counts nowhere; one across its edge counts inside only', () => {
    const input = workloadInput([person('ana')], [loadTask('before', '2026-02-02', '2026-02-27', assigned('ana')), loadTask('edge', '2026-02-27', '2026-03-03', assigned('ana'))]);
    expect(hoursByDay(computeWorkload(input, DAYS), 'ana')).toEqual([8, 8, 0, 0, 0, 0, 0]);
  });

  it('[workload-load] a Saturday worked on a project that works Saturdays counts the day: 8h / 8h, not over', () => {
    // 2026-03-07 is a Saturday; Ana follows the project calendars (no working days of her own).
    const input = workloadInput([person('ana')], [loadTask('t', '2026-03-07', '2026-03-07', assigned('ana'), { projectId: 'sat' })], {
      sat: calendarOf({ workingWeekdays: [1, 2, 3, 4, 5, 6] }),
    });
    const days = computeWorkload(input, DAYS);
    expect(row(days, 'ana').buckets[5]).toMatchObject({ start: '2026-03-07', allocatedHours: 8, capacityHours: 8 });
    expect(row(days, 'ana').overloads).toEqual([]);
  });
});
