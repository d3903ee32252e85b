import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../timeline/calendar-date.js';
import { cascadeSchedule, findLinkViolations } from './cascade.js';
import { applyMoves, calendarOf, frozen, planArbitrary, reorder, type RandomPlan } from './scheduling.fixtures.js';
import type { ScheduleTask } from './scheduling.schema.js';

const RUNS = { numRuns: 300 };

/** The plan with every link honoured: the cascade run as if every task had just been edited. */
function settled(plan: RandomPlan): ScheduleTask[] {
  const result = cascadeSchedule(plan.tasks, plan.links, calendarOf(plan.calendarSettings), plan.tasks.map((t) => t.id));
  if (!result.ok) throw new Error('the generator makes no cycles');
  return applyMoves(plan.tasks, result.moves);
}

/** A settled plan, then an edit: some tasks shifted by whole days, either way. */
const editedPlan = planArbitrary.chain((plan) =>
  fc
    .array(fc.record({ index: fc.nat(), days: fc.integer({ min: -15, max: 15 }) }), { minLength: 1, maxLength: 4 })
    .map((shifts) => {
      const tasks = settled(plan);
      const edited = new Set<string>();
      for (const { index, days } of shifts) {
        const t = tasks[index % tasks.length]!;
        edited.add(t.id);
        tasks[index % tasks.length] = { ...t, startDate: addDays(t.startDate, days), endDate: addDays(t.endDate, days) };
      }
      return { plan, tasks, edited: [...edited] };
    }),
);

describe('forward cascade properties', () => {
  it('[forward-cascade] after a cascade no link is broken', () => {
    fc.assert(
      fc.property(editedPlan, ({ plan, tasks, edited }) => {
        const calendar = calendarOf(plan.calendarSettings);
        const result = cascadeSchedule(frozen(tasks), frozen(plan.links), calendar, edited);
        expect(result.ok).toBe(true);
        if (result.ok) expect(findLinkViolations(applyMoves(tasks, result.moves), plan.links, calendar)).toEqual([]);
      }),
      RUNS,
    );
  });

  it('[forward-cascade] no task moves earlier; moved tasks keep their working days and land on working days', () => {
    fc.assert(
      fc.property(editedPlan, ({ plan, tasks, edited }) => {
        const calendar = calendarOf(plan.calendarSettings);
        const result = cascadeSchedule(tasks, plan.links, calendar, edited);
        if (!result.ok) throw new Error('cycle');
        const byId = new Map(tasks.map((t) => [t.id, t]));
        for (const move of result.moves) {
          const before = byId.get(move.taskId)!;
          expect(move.startDate > before.startDate).toBe(true);
          expect(move.endDate >= before.endDate).toBe(true);
          expect(calendar.isWorkingDay(move.startDate) && calendar.isWorkingDay(move.endDate)).toBe(true);
          if (before.kind === 'milestone') expect(move.endDate).toBe(move.startDate);
          else expect(calendar.workingDaysBetween(move.startDate, move.endDate)).toBe(Math.max(1, calendar.workingDaysBetween(before.startDate, before.endDate)));
        }
      }),
      RUNS,
    );
  });

  it('[forward-cascade] moves are as small as the links allow: one working day earlier breaks a link', () => {
    fc.assert(
      fc.property(editedPlan, ({ plan, tasks, edited }) => {
        const calendar = calendarOf(plan.calendarSettings);
        const result = cascadeSchedule(tasks, plan.links, calendar, edited);
        if (!result.ok) throw new Error('cycle');
        const after = applyMoves(tasks, result.moves);
        for (const move of result.moves) {
          const earlier = after.map((t) =>
            t.id === move.taskId
              ? { ...t, startDate: calendar.addWorkingDays(t.startDate, -1), endDate: calendar.addWorkingDays(t.endDate, -1) }
              : t,
          );
          const broken = findLinkViolations(earlier, plan.links, calendar).filter((v) => v.taskId === move.taskId);
          expect(broken.map((v) => v.dependsOnTaskId)).toContain(move.movedBy.taskId);
        }
      }),
      RUNS,
    );
  });

  it('[forward-cascade] the result does not depend on the order of tasks, links or edited ids', () => {
    fc.assert(
      fc.property(editedPlan, fc.array(fc.nat(), { minLength: 1 }), ({ plan, tasks, edited }, keys) => {
        const calendar = calendarOf(plan.calendarSettings);
        const straight = cascadeSchedule(tasks, plan.links, calendar, edited);
        const shuffled = cascadeSchedule(reorder(tasks, keys), reorder(plan.links, [...keys].reverse()), calendar, reorder(edited, keys));
        expect(shuffled).toEqual(straight);
      }),
      RUNS,
    );
  });

  it('[forward-cascade] cascading a settled plan again moves nothing', () => {
    fc.assert(
      fc.property(planArbitrary, (plan) => {
        const tasks = settled(plan);
        const result = cascadeSchedule(tasks, plan.links, calendarOf(plan.calendarSettings), tasks.map((t) => t.id));
        expect(result.ok && result.moves).toEqual([]);
      }),
      RUNS,
    );
  });
});
