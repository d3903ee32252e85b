import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, weekday } from '../timeline/calendar-date.js';
import { calendarOf, reorder } from '../scheduling/scheduling.fixtures.js';
import type { PersonCapacity } from '../schemas/workload.js';
import { computeWorkload, type LoadTask, type WorkloadInput } from './load.js';
import { person } from './workload.fixtures.js';

const RUNS = { numRuns: 200 };
const FIRST_DAY = '2026-03-02';
const PEOPLE = ['ana', 'ben'];
const RANGE = { from: '2026-02-20', to: '2026-05-10' };

const inputArbitrary: fc.Arbitrary<WorkloadInput> = fc
  .record({
    calendars: fc.array(
      fc.record({ weekdays: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }), holidays: fc.uniqueArray(fc.integer({ min: -10, max: 70 }), { maxLength: 5 }) }),
      { minLength: 1, maxLength: 3 },
    ),
    people: fc.tuple(
      ...PEOPLE.map((userId) =>
        fc.record({
          hoursPerDay: fc.constantFrom(0.5, 4, 7.5, 8, 24),
          workingDays: fc.option(fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }), { nil: null }),
          off: fc.array(fc.record({ at: fc.integer({ min: -5, max: 70 }), length: fc.integer({ min: 0, max: 5 }) }), { maxLength: 3 }),
        }).map(({ hoursPerDay, workingDays, off }): PersonCapacity =>
          person(userId, { hoursPerDay, workingDays, daysOff: off.map((o) => ({ from: addDays(FIRST_DAY, o.at), to: addDays(FIRST_DAY, o.at + o.length), note: '' })) }),
        ),
      ),
    ),
    tasks: fc.array(
      fc.record({
        project: fc.nat(),
        at: fc.integer({ min: -20, max: 80 }),
        length: fc.integer({ min: 0, max: 20 }),
        milestone: fc.integer({ min: 0, max: 8 }).map((n) => n === 0),
        assignments: fc.uniqueArray(fc.record({ userId: fc.constantFrom(...PEOPLE), allocation: fc.integer({ min: 1, max: 200 }) }), { maxLength: 2, selector: (a) => a.userId }),
      }),
      { maxLength: 25 },
    ),
  })
  .map(({ calendars, people, tasks }) => ({
    people,
    calendars: new Map(calendars.map((c, i) => [`p${i}`, calendarOf({ workingWeekdays: c.weekdays, holidays: c.holidays.map((d) => addDays(FIRST_DAY, d)) })])),
    tasks: tasks.map((t, i): LoadTask => ({
      id: `t${i}`,
      projectId: `p${t.project % calendars.length}`,
      startDate: addDays(FIRST_DAY, t.at),
      endDate: addDays(FIRST_DAY, t.milestone ? t.at : t.at + t.length),
      kind: t.milestone ? 'milestone' : 'task',
      assignments: t.assignments,
    })),
  }));

/** The rule read literally, one day at a time with dates: the figure the engine's arrays must agree with. */
function hoursByRule(input: WorkloadInput, task: LoadTask, userId: string): number {
  const capacity = input.people.find((p) => p.userId === userId)!;
  const allocation = task.assignments.find((a) => a.userId === userId)!.allocation;
  if (task.kind === 'milestone') return 0;
  let days = 0;
  for (let day = task.startDate < RANGE.from ? RANGE.from : task.startDate; day <= task.endDate && day <= RANGE.to; day = addDays(day, 1)) {
    const isoWeekday = weekday(day) === 0 ? 7 : weekday(day);
    const off = capacity.daysOff.some((d) => d.from <= day && day <= d.to);
    const personWorks = capacity.workingDays ? capacity.workingDays.includes(isoWeekday) : true;
    if (input.calendars.get(task.projectId)!.isWorkingDay(day) && personWorks && !off) days++;
  }
  return (allocation / 100) * capacity.hoursPerDay * days;
}

describe('workload load arithmetic properties', () => {
  it('[workload-load] each task’s hours for each person are allocation × hours per day × the days both calendars work', () => {
    fc.assert(
      fc.property(inputArbitrary, (input) => {
        const result = computeWorkload(input, { ...RANGE, scale: 'month' });
        for (const row of result.people) {
          const got = new Map<string, number>();
          for (const bucket of row.buckets) for (const t of bucket.tasks) got.set(t.taskId, (got.get(t.taskId) ?? 0) + t.hours);
          for (const task of input.tasks.filter((t) => t.assignments.some((a) => a.userId === row.userId))) {
            expect(got.get(task.id) ?? 0).toBeCloseTo(hoursByRule(input, task, row.userId!), 1);
          }
        }
      }),
      RUNS,
    );
  });

  it('[workload-buckets] by day, week or month the same hours: buckets only group days', () => {
    fc.assert(
      fc.property(inputArbitrary, (input) => {
        const totals = (['day', 'week', 'month'] as const).map((scale) =>
          computeWorkload(input, { ...RANGE, scale }).people.map((row) => [
            row.buckets.reduce((sum, b) => sum + b.allocatedHours, 0),
            row.buckets.reduce((sum, b) => sum + b.capacityHours, 0),
          ]),
        );
        // Each bucket's figure is rounded to the hundredth: the day totals may drift by half a hundredth a day.
        const days = totals[0]!.length ? computeWorkload(input, { ...RANGE, scale: 'day' }).people[0]!.buckets.length : 0;
        for (const other of totals.slice(1)) {
          other.forEach(([allocated, capacity], i) => {
            expect(Math.abs(allocated! - totals[0]![i]![0]!)).toBeLessThanOrEqual(0.005 * days + 1e-9);
            expect(capacity).toBeCloseTo(totals[0]![i]![1]!, 6);
          });
        }
      }),
      RUNS,
    );
  });

  it('[workload-load] the order of tasks changes no figure', () => {
    fc.assert(
      fc.property(inputArbitrary, fc.array(fc.nat(), { minLength: 1 }), (input, keys) => {
        const figures = (i: WorkloadInput) => computeWorkload(i, { ...RANGE, scale: 'week' }).people.map((r) => r.buckets.map((b) => [b.allocatedHours, b.capacityHours]));
        expect(figures({ ...input, tasks: reorder(input.tasks, keys) })).toEqual(figures(input));
      }),
      RUNS,
    );
  });

  it('[workload-overload] the spans-only read (no buckets) finds the spans the whole computation does', () => {
    fc.assert(
      fc.property(inputArbitrary, (input) => {
        const whole = computeWorkload(input, { ...RANGE, scale: 'month' });
        const spans = computeWorkload(input, { ...RANGE, scale: 'month' }, { buckets: false });
        expect(spans.people.map((r) => [r.userId, r.overloads])).toEqual(whole.people.map((r) => [r.userId, r.overloads]));
        expect(spans.people.every((r) => r.buckets.length === 0)).toBe(true);
      }),
      RUNS,
    );
  });
});
