import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calendarOf, frozen, milestone, planArbitrary, task } from './scheduling.fixtures.js';
import { findParentCycle, rollUpSummaries } from './summary-rollup.js';

// Mon 23 November 2026 … Fri 11 December; weekends 28–29, 5–6.
const phase = [
  task('p', '2026-11-01', '2026-11-01'),
  task('a', '2026-11-23', '2026-11-27', { parentId: 'p', progress: 100 }),
  task('b', '2026-11-30', '2026-12-01', { parentId: 'p', progress: 30 }),
  milestone('m', '2026-12-02', { parentId: 'p', progress: 0 }),
];

describe('summary roll-up', () => {
  it('[summary-rollup] a summary spans its children; progress is weighted by working days, milestones weigh nothing', () => {
    // (5 × 100 + 2 × 30 + 0 × 0) / 7 = 80
    expect(rollUpSummaries(frozen(phase), calendarOf())).toEqual({
      ok: true,
      summaries: [{ taskId: 'p', startDate: '2026-11-23', endDate: '2026-12-02', progress: 80, workingDays: 7 }],
    });
  });

  it('[summary-rollup] nested summaries weigh the leaf work beneath them, rounded to whole percent', () => {
    const tasks = [...phase.map((t) => (t.id === 'p' ? { ...t, parentId: 'g' } : t)), task('g', '2026-01-01', '2026-01-01'), task('c', '2026-12-07', '2026-12-11', { parentId: 'g', progress: 0 })];
    // (560 + 0) / 12 = 46.67
    expect(rollUpSummaries(tasks, calendarOf())).toEqual({
      ok: true,
      summaries: [
        { taskId: 'g', startDate: '2026-11-23', endDate: '2026-12-11', progress: 47, workingDays: 12 },
        { taskId: 'p', startDate: '2026-11-23', endDate: '2026-12-02', progress: 80, workingDays: 7 },
      ],
    });
  });

  it('[summary-rollup] weights follow the calendar: a holiday or a weekend-only child weighs less', () => {
    const withHoliday = rollUpSummaries(phase, calendarOf({ holidays: ['2026-11-27'] }));
    // (4 × 100 + 2 × 30) / 6 = 76.67
    expect(withHoliday.ok && withHoliday.summaries[0]).toMatchObject({ progress: 77, workingDays: 6 });
    const weekend = rollUpSummaries([task('p', '2026-11-01', '2026-11-01'), task('w', '2026-11-28', '2026-11-29', { parentId: 'p', progress: 100 }), task('x', '2026-11-30', '2026-11-30', { parentId: 'p', progress: 50 })], calendarOf());
    expect(weekend.ok && weekend.summaries[0]).toEqual({ taskId: 'p', startDate: '2026-11-28', endDate: '2026-11-30', progress: 50, workingDays: 1 });
  });

  it('[summary-rollup] children that all weigh nothing (milestones) average plainly; missing progress counts as 0', () => {
    const tasks = [task('p', '2026-11-01', '2026-11-01'), milestone('m1', '2026-11-23', { parentId: 'p', progress: 100 }), milestone('m2', '2026-11-25', { parentId: 'p' })];
    expect(rollUpSummaries(tasks, calendarOf())).toEqual({ ok: true, summaries: [{ taskId: 'p', startDate: '2026-11-23', endDate: '2026-11-25', progress: 50, workingDays: 0 }] });
  });

  it('[summary-rollup] a parentId naming no task is ignored; tasks without children are not summaries', () => {
    expect(rollUpSummaries([task('a', '2026-11-23', '2026-11-27', { parentId: 'ghost' })], calendarOf())).toEqual({ ok: true, summaries: [] });
  });

  it('[parent-cycle] parents that loop are refused with the loop', () => {
    const tasks = [task('a', '2026-11-23', '2026-11-23', { parentId: 'c' }), task('b', '2026-11-23', '2026-11-23', { parentId: 'a' }), task('c', '2026-11-23', '2026-11-23', { parentId: 'b' }), task('d', '2026-11-23', '2026-11-23', { parentId: 'a' })];
    expect(rollUpSummaries(tasks, calendarOf())).toEqual({ ok: false, reason: 'parent-cycle', cycle: ['a', 'c', 'b', 'a'] });
    expect(findParentCycle([task('s', '2026-11-23', '2026-11-23', { parentId: 's' })])).toEqual(['s', 's']);
    expect(findParentCycle(phase)).toBeNull();
  });

  it('[summary-rollup] a deep tree of 5,000 levels rolls up without exhausting the stack', () => {
    const deep = Array.from({ length: 5000 }, (_, i) => task(`n${i}`, '2026-11-23', '2026-11-23', { parentId: i ? `n${i - 1}` : null, progress: 40 }));
    const result = rollUpSummaries(deep, calendarOf());
    expect(result.ok && result.summaries.length).toBe(4999);
    expect(result.ok && result.summaries.find((s) => s.taskId === 'n0')).toMatchObject({ progress: 40, workingDays: 1 });
  });

  it('[summary-rollup] a summary covers every child and its progress lies between theirs', () => {
    fc.assert(
      fc.property(planArbitrary, fc.array(fc.nat(), { minLength: 14, maxLength: 14 }), fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 14, maxLength: 14 }), (plan, parents, progress) => {
        // Parents only among lower numbers: a forest, no loops.
        const tasks = plan.tasks.map((t, i) => ({ ...t, progress: progress[i]!, parentId: i && parents[i]! % 3 ? `t${parents[i]! % i}` : null }));
        const result = rollUpSummaries(tasks, calendarOf(plan.calendarSettings));
        if (!result.ok) throw new Error('no loops were made');
        const rolled = new Map(result.summaries.map((s) => [s.taskId, s]));
        for (const s of result.summaries) {
          const children = tasks.filter((t) => t.parentId === s.taskId).map((t) => rolled.get(t.id) ?? t);
          expect(children.every((c) => s.startDate <= c.startDate && c.endDate <= s.endDate)).toBe(true);
          expect(children.some((c) => c.startDate === s.startDate) && children.some((c) => c.endDate === s.endDate)).toBe(true);
          const values = children.map((c) => c.progress!);
          expect(s.progress).toBeGreaterThanOrEqual(Math.min(...values));
          expect(s.progress).toBeLessThanOrEqual(Math.max(...values));
        }
      }),
      { numRuns: 200 },
    );
  });
});
