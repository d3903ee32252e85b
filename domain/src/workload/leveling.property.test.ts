import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, maxDate, minDate } from '../timeline/calendar-date.js';
import { cascadeSchedule, findLinkViolations } from '../scheduling/cascade.js';
import { applyMoves, calendarOf, frozen, link, milestone, task, type RandomPlan } from '../scheduling/scheduling.fixtures.js';
import type { LinkType } from '../schemas/dependency.js';
import type { TaskPriority } from '../schemas/enums.js';
import type { PersonCapacity } from '../schemas/workload.js';
import { computeWorkload, type LoadTask } from './load.js';
import { levelResources, type LevelingInput, type LevelMove, type LevelTask } from './leveling.js';
import { person } from './workload.fixtures.js';

const RUNS = { numRuns: 250 };
const PEOPLE = ['ana', 'ben', 'cy'];
const FIRST_DAY = '2026-11-02';

const personArbitrary = (userId: string): fc.Arbitrary<PersonCapacity> =>
  fc
    .record({
      hoursPerDay: fc.constantFrom(4, 6, 8, 7.5),
      workingDays: fc.option(fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }), { nil: null }),
      daysOff: fc.array(fc.record({ offset: fc.integer({ min: 0, max: 80 }), length: fc.integer({ min: 0, max: 4 }) }), { maxLength: 3 }),
    })
    .map(({ hoursPerDay, workingDays, daysOff }) =>
      person(userId, {
        hoursPerDay,
        workingDays: workingDays ? [...workingDays].sort() : null,
        daysOff: daysOff.map((d) => ({ from: addDays(FIRST_DAY, d.offset), to: addDays(FIRST_DAY, d.offset + d.length), note: '' })),
      }),
    );

/**
 * Like the scheduling tests' random plans, but crowded: up to 14 tasks and milestones starting within three weeks,
 * so that people's tasks overlap and leveling has work to do. Links go from a lower to a higher task number.
 */
const crowdedPlanArbitrary: fc.Arbitrary<RandomPlan> = fc
  .record({
    workingWeekdays: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }),
    holidayOffsets: fc.uniqueArray(fc.integer({ min: 0, max: 60 }), { maxLength: 6 }),
    specs: fc.array(fc.record({ offset: fc.integer({ min: 0, max: 20 }), length: fc.integer({ min: 0, max: 6 }), milestone: fc.integer({ min: 0, max: 6 }).map((n) => n === 0) }), { minLength: 2, maxLength: 14 }),
    linkSpecs: fc.array(fc.record({ a: fc.nat(), b: fc.nat(), type: fc.constantFrom<LinkType>('FS', 'SS', 'FF', 'SF'), lagDays: fc.integer({ min: -3, max: 3 }) }), { maxLength: 10 }),
  })
  .map(({ workingWeekdays, holidayOffsets, specs, linkSpecs }) => {
    const tasks = specs.map((s, i) => {
      const start = addDays(FIRST_DAY, s.offset);
      return s.milestone ? milestone(`t${i}`, start) : task(`t${i}`, start, addDays(start, s.length));
    });
    const seen = new Set<string>();
    const links = linkSpecs.flatMap((l) => {
      const [from, to] = [l.a % specs.length, l.b % specs.length].sort((x, y) => x - y) as [number, number];
      if (from === to || seen.has(`${from}>${to}`)) return [];
      seen.add(`${from}>${to}`);
      return [link(`t${from}`, `t${to}`, l.type, l.lagDays)];
    });
    return { calendarSettings: { workingWeekdays, holidays: holidayOffsets.map((d) => addDays(FIRST_DAY, d)) }, tasks, links };
  });

const assignmentsArbitrary = fc.uniqueArray(
  fc.record({ userId: fc.constantFrom(...PEOPLE), allocation: fc.oneof(fc.constantFrom(50, 100, 100), fc.integer({ min: 1, max: 200 })) }),
  { minLength: 1, maxLength: 2, selector: (a) => a.userId },
);

/** A settled random plan (no link broken) whose tasks have assignees and priorities, people, and another project's load. */
const levelingArbitrary: fc.Arbitrary<LevelingInput> = fc
  .record({
    plan: crowdedPlanArbitrary,
    assignments: fc.array(assignmentsArbitrary, { minLength: 14, maxLength: 14 }),
    priorities: fc.array(fc.constantFrom<TaskPriority>('low', 'medium', 'high', 'critical'), { minLength: 14, maxLength: 14 }),
    people: fc.tuple(...PEOPLE.map(personArbitrary)),
    background: fc.array(fc.record({ offset: fc.integer({ min: 0, max: 70 }), length: fc.integer({ min: 0, max: 8 }), assignments: assignmentsArbitrary }), { maxLength: 5 }),
    userIds: fc.option(fc.subarray(PEOPLE, { minLength: 1 }), { nil: undefined }),
  })
  .map(({ plan, assignments, priorities, people, background, userIds }) => {
    const calendar = calendarOf(plan.calendarSettings);
    const settled = cascadeSchedule(plan.tasks, plan.links, calendar, plan.tasks.map((t) => t.id));
    if (!settled.ok) throw new Error('the generator makes no cycles');
    const tasks: LevelTask[] = applyMoves(plan.tasks, settled.moves).map((t, i) => ({ ...t, assignments: assignments[i]!, priority: priorities[i]! }));
    const other: LoadTask[] = background.map((b, i) => ({
      id: `other${i}`,
      projectId: 'p2',
      startDate: addDays(FIRST_DAY, b.offset),
      endDate: addDays(FIRST_DAY, b.offset + b.length),
      assignments: b.assignments,
    }));
    return { tasks, links: plan.links, calendar, people, background: { tasks: other, calendars: new Map() }, userIds };
  });

function level(input: LevelingInput) {
  const result = levelResources(input);
  if (!result.ok) throw new Error('the generator makes no cycles');
  return result;
}

function applied(tasks: readonly LevelTask[], moves: readonly LevelMove[]): LevelTask[] {
  const byId = new Map(moves.map((m) => [m.taskId, m]));
  return tasks.map((t) => (byId.has(t.id) ? { ...t, startDate: byId.get(t.id)!.toStart, endDate: byId.get(t.id)!.toEnd } : t));
}

/** Each person's highest day, in percent of their day, counted from 100% (a day at or under capacity is no overload). */
function peaks(input: LevelingInput, tasks: readonly LevelTask[]): Map<string, number> {
  const all: LoadTask[] = [...tasks.map((t) => ({ ...t, projectId: 'p1' })), ...(input.background?.tasks ?? [])];
  const from = all.reduce((d, t) => minDate(d, t.startDate), FIRST_DAY);
  const to = all.reduce((d, t) => maxDate(d, t.endDate), FIRST_DAY);
  const result = computeWorkload({ people: input.people, tasks: all, calendars: new Map([['p1', input.calendar]]) }, { from, to, scale: 'day' });
  const hours = new Map(input.people.map((p) => [p.userId, p.hoursPerDay]));
  return new Map(result.people.map((row) => [row.userId!, Math.max(100, ...row.buckets.map((b) => (b.allocatedHours / hours.get(row.userId!)!) * 100))]));
}

describe('leveling properties', () => {
  it('[leveling] never raises anyone’s peak overload', () => {
    fc.assert(
      fc.property(levelingArbitrary, (input) => {
        const before = peaks(input, input.tasks);
        const after = peaks(input, applied(input.tasks, level(frozen(input)).moves));
        for (const [userId, peak] of after) expect(peak).toBeLessThanOrEqual(before.get(userId)! + 0.2);
      }),
      RUNS,
    );
  });

  it('[leveling] never breaks a link', () => {
    fc.assert(
      fc.property(levelingArbitrary, (input) => {
        expect(findLinkViolations(applied(input.tasks, level(input).moves), input.links, input.calendar)).toEqual([]);
      }),
      RUNS,
    );
  });

  it('[leveling] delays only: never before a task’s start; moved tasks keep their working days and land on working days', () => {
    fc.assert(
      fc.property(levelingArbitrary, (input) => {
        const { calendar } = input;
        const byId = new Map(input.tasks.map((t) => [t.id, t]));
        for (const move of level(input).moves) {
          const task = byId.get(move.taskId)!;
          expect([move.fromStart, move.fromEnd]).toEqual([task.startDate, task.endDate]);
          expect(move.toStart > move.fromStart).toBe(true);
          expect(move.toEnd >= move.fromEnd).toBe(true);
          expect(calendar.isWorkingDay(move.toStart) && calendar.isWorkingDay(move.toEnd)).toBe(true);
          if (task.kind === 'milestone') expect(move.toEnd).toBe(move.toStart);
          else expect(calendar.workingDaysBetween(move.toStart, move.toEnd)).toBe(Math.max(1, calendar.workingDaysBetween(task.startDate, task.endDate)));
        }
      }),
      RUNS,
    );
  });

  it('[leveling] is idempotent: a second run makes no move', () => {
    fc.assert(
      fc.property(levelingArbitrary, (input) => {
        const once = level(input);
        const twice = level({ ...input, tasks: applied(input.tasks, once.moves) });
        expect(twice.moves).toEqual([]);
        expect(twice.unresolved).toEqual(once.unresolved);
      }),
      RUNS,
    );
  });

  it('[leveling] a move says why: the over-allocated assignee it made room for, or none when only a link moved it', () => {
    fc.assert(
      fc.property(levelingArbitrary, (input) => {
        const byId = new Map(input.tasks.map((t) => [t.id, t]));
        for (const move of level(input).moves) {
          const task = byId.get(move.taskId)!;
          if (move.reason) {
            expect(task.assignments.map((a) => a.userId)).toContain(move.reason.userId);
            expect(move.reason.from <= move.reason.to).toBe(true);
          } else expect(input.links.some((l) => l.taskId === move.taskId)).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it('[leveling] moves only tasks of the people asked for, or tasks their moves push by a link', () => {
    fc.assert(
      fc.property(levelingArbitrary, (input) => {
        if (!input.userIds) return;
        const asked = new Set(input.userIds);
        const byId = new Map(input.tasks.map((t) => [t.id, t]));
        for (const move of level(input).moves) {
          const own = byId.get(move.taskId)!.assignments.some((a) => asked.has(a.userId));
          const pushed = input.links.some((l) => l.taskId === move.taskId);
          expect(own || pushed).toBe(true);
        }
      }),
      RUNS,
    );
  });
});
