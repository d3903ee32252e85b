import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cascadeSchedule } from './cascade.js';
import { criticalPath, type CriticalPathResult, type TaskSlack } from './critical-path.js';
import { applyMoves, calendarOf, frozen, link, milestone, planArbitrary, task } from './scheduling.fixtures.js';

// Mon 23 November 2026 … Fri 4 December; the weekend 28–29.
const network = () => [
  task('a', '2026-11-23', '2026-11-25'),
  task('b', '2026-11-26', '2026-11-27'),
  task('c', '2026-11-26', '2026-12-01'),
  task('d', '2026-12-02', '2026-12-02'),
  milestone('f', '2026-12-02'),
  task('x', '2026-11-23', '2026-11-24'),
];
const networkLinks = [link('a', 'b'), link('a', 'c'), link('b', 'd'), link('c', 'd'), link('d', 'f')];

const slackOf = (result: CriticalPathResult) =>
  result.ok ? Object.fromEntries(result.tasks.map((t) => [t.taskId, t.totalSlack])) : result;
const row = (result: CriticalPathResult, id: string): TaskSlack | undefined => (result.ok ? result.tasks.find((t) => t.taskId === id) : undefined);

describe('critical path', () => {
  it('[critical-path] a known network: the longer branch is critical, the shorter has its difference as slack', () => {
    const result = criticalPath(frozen(network()), frozen(networkLinks), calendarOf());
    expect(result).toMatchObject({ ok: true, projectStart: '2026-11-23', projectFinish: '2026-12-02', criticalTaskIds: ['a', 'c', 'd', 'f'] });
    expect(slackOf(result)).toEqual({ a: 0, b: 2, c: 0, d: 0, f: 0, x: 6 });
    expect(row(result, 'b')).toEqual({ taskId: 'b', earlyStart: '2026-11-26', earlyFinish: '2026-11-27', lateStart: '2026-11-30', lateFinish: '2026-12-01', totalSlack: 2 });
    expect(row(result, 'x')).toMatchObject({ lateStart: '2026-12-01', lateFinish: '2026-12-02', totalSlack: 6 });
    expect(row(result, 'f')).toEqual({ taskId: 'f', earlyStart: '2026-12-02', earlyFinish: '2026-12-02', lateStart: '2026-12-02', lateFinish: '2026-12-02', totalSlack: 0 });
  });

  it('[critical-path] the forward pass pushes tasks drawn too early; a holiday moves the project finish', () => {
    const ends: Record<string, string> = { a: '2026-11-25', b: '2026-11-24', c: '2026-11-26', d: '2026-11-23', f: '2026-11-23', x: '2026-11-24' };
    const tasks = network().map((t) => ({ ...t, startDate: '2026-11-23', endDate: ends[t.id]! }));
    const plain = criticalPath(tasks, networkLinks, calendarOf());
    expect(plain).toMatchObject({ projectFinish: '2026-12-02', criticalTaskIds: ['a', 'c', 'd', 'f'] });
    expect(slackOf(plain)).toEqual({ a: 0, b: 2, c: 0, d: 0, f: 0, x: 6 });
    const holiday = criticalPath(tasks, networkLinks, calendarOf({ holidays: ['2026-11-30'] }));
    expect(holiday).toMatchObject({ projectFinish: '2026-12-03', criticalTaskIds: ['a', 'c', 'd', 'f'] });
    expect(row(holiday, 'c')).toMatchObject({ earlyStart: '2026-11-26', earlyFinish: '2026-12-02' });
    expect(row(holiday, 'b')).toMatchObject({ lateStart: '2026-12-01', lateFinish: '2026-12-02', totalSlack: 2 });
  });

  it('[critical-path] SS and FF links with lag carry slack both ways', () => {
    const tasks = [task('a', '2026-11-23', '2026-11-27'), task('b', '2026-11-23', '2026-11-24'), task('c', '2026-11-23', '2026-11-23')];
    const result = criticalPath(tasks, [link('a', 'b', 'SS', 2), link('b', 'c', 'FF')], calendarOf());
    expect(slackOf(result)).toEqual({ a: 0, b: 1, c: 1 });
    expect(row(result, 'b')).toMatchObject({ earlyStart: '2026-11-25', earlyFinish: '2026-11-26', lateStart: '2026-11-26', lateFinish: '2026-11-27' });
    expect(row(result, 'c')).toMatchObject({ earlyStart: '2026-11-26', lateStart: '2026-11-27' });
  });

  it('[critical-path] an SF link ties the predecessor’s start to the successor’s finish in the backward pass', () => {
    const tasks = [task('a', '2026-12-02', '2026-12-03'), task('b', '2026-11-30', '2026-12-01'), task('x', '2026-11-23', '2026-11-23')];
    const result = criticalPath(tasks, [link('a', 'b', 'SF', 3)], calendarOf());
    expect(result).toMatchObject({ projectStart: '2026-11-23', projectFinish: '2026-12-04', criticalTaskIds: ['a', 'b'] });
    expect(row(result, 'b')).toMatchObject({ earlyStart: '2026-12-03', earlyFinish: '2026-12-04' });
    expect(slackOf(result)).toEqual({ a: 0, b: 0, x: 9 });
  });

  it('[critical-path] milestones only; no tasks; summaries left out; a cycle is reported', () => {
    const only = criticalPath([milestone('m1', '2026-11-23'), milestone('m2', '2026-11-25')], [link('m1', 'm2', 'FS', 1)], calendarOf());
    expect(only).toMatchObject({ projectFinish: '2026-11-25', criticalTaskIds: ['m2'] });
    expect(slackOf(only)).toEqual({ m1: 1, m2: 0 });
    expect(criticalPath([], [], calendarOf())).toEqual({ ok: true, projectStart: null, projectFinish: null, tasks: [], criticalTaskIds: [] });
    const withSummary = criticalPath([task('p', '2026-11-23', '2026-11-27'), task('c', '2026-11-23', '2026-11-24', { parentId: 'p' })], [], calendarOf());
    expect(slackOf(withSummary)).toEqual({ c: 0 });
    expect(criticalPath(network(), [...networkLinks, link('f', 'a')], calendarOf())).toEqual({ ok: false, reason: 'cycle', cycle: ['a', 'b', 'd', 'f', 'a'] });
  });

  it('[critical-path] slipping a task by its total slack keeps the project finish; one more working day moves it', () => {
    fc.assert(
      fc.property(planArbitrary, fc.nat(), (plan, pick) => {
        const calendar = calendarOf(plan.calendarSettings);
        // Drawn on working days: a task drawn on non-working days only is zero days wide until it must move.
        const drawn = plan.tasks.map((t) => {
          const start = calendar.isWorkingDay(t.startDate) ? t.startDate : calendar.nextWorkingDay(t.startDate);
          const end = calendar.isWorkingDay(t.endDate) ? t.endDate : calendar.previousWorkingDay(t.endDate);
          return { ...t, startDate: start, endDate: t.kind === 'milestone' || end < start ? start : end };
        });
        const settled = cascadeSchedule(drawn, plan.links, calendar, drawn.map((t) => t.id));
        if (!settled.ok) throw new Error('cycle');
        const tasks = applyMoves(drawn, settled.moves);
        const before = criticalPath(tasks, plan.links, calendar);
        if (!before.ok) throw new Error('cycle');
        expect(before.tasks.every((t) => t.totalSlack >= 0)).toBe(true);
        expect(before.criticalTaskIds.length).toBeGreaterThan(0);
        const target = tasks[pick % tasks.length]!;
        const slack = before.tasks.find((t) => t.taskId === target.id)!.totalSlack;
        const finishAfterSlip = (days: number) => {
          const slipped = tasks.map((t) =>
            t.id === target.id ? { ...t, startDate: calendar.addWorkingDays(t.startDate, days), endDate: calendar.addWorkingDays(t.endDate, days) } : t,
          );
          const moved = cascadeSchedule(slipped, plan.links, calendar, [target.id]);
          if (!moved.ok) throw new Error('cycle');
          const after = criticalPath(applyMoves(slipped, moved.moves), plan.links, calendar);
          return after.ok ? after.projectFinish : null;
        };
        expect(finishAfterSlip(slack)).toBe(before.projectFinish);
        expect(finishAfterSlip(slack + 1)).toBe(calendar.addWorkingDays(before.projectFinish!, 1));
      }),
      { numRuns: 300 },
    );
  });
});
