import fc from 'fast-check';
import { addDays } from '../timeline/calendar-date.js';
import type { CascadeMove } from './cascade.js';
import type { LinkType } from '../schemas/dependency.js';
import type { ScheduleLink, ScheduleTask, WorkCalendarSettings } from './scheduling.schema.js';
import { createWorkCalendar, type WorkCalendar } from './work-calendar.js';

/** Tasks named by their id in capitals, so a history reason reads «A». */
export const task = (id: string, startDate: string, endDate: string, extra: Partial<ScheduleTask> = {}): ScheduleTask => ({
  id,
  name: id.toUpperCase(),
  startDate,
  endDate,
  kind: 'task',
  ...extra,
});

export const milestone = (id: string, date: string, extra: Partial<ScheduleTask> = {}): ScheduleTask =>
  task(id, date, date, { kind: 'milestone', ...extra });

/** `link('a', 'b', 'FS', 2)`: b depends on a, finish-to-start, two working days of lag. */
export const link = (from: string, to: string, type: LinkType = 'FS', lagDays = 0): ScheduleLink => ({
  taskId: to,
  dependsOnTaskId: from,
  type,
  lagDays,
});

export function calendarOf(settings: Partial<WorkCalendarSettings> = {}): WorkCalendar {
  const result = createWorkCalendar({ workingWeekdays: [1, 2, 3, 4, 5], holidays: [], ...settings });
  if (!result.ok) throw new Error(result.reason);
  return result.calendar;
}

/** The tasks with the cascade's moves applied (new objects; the input is left alone). */
export function applyMoves(tasks: readonly ScheduleTask[], moves: readonly CascadeMove[]): ScheduleTask[] {
  const byId = new Map(moves.map((m) => [m.taskId, m]));
  return tasks.map((t) => {
    const m = byId.get(t.id);
    return m ? { ...t, startDate: m.startDate, endDate: m.endDate } : t;
  });
}

/** Deep-frozen copies, so a test fails if the engine writes to its arguments. */
export function frozen<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) frozen(v);
    Object.freeze(value);
  }
  return value;
}

const PLAN_FIRST_DAY = '2026-11-02';

export interface RandomPlan {
  calendarSettings: WorkCalendarSettings;
  tasks: ScheduleTask[];
  links: ScheduleLink[];
}

/**
 * Small random plans: a calendar (any non-empty set of weekdays, a few holidays), up to 14 tasks and milestones
 * over ten weeks, links only from a lower to a higher task number (no cycles), any type, lag -3..3.
 */
export const planArbitrary: fc.Arbitrary<RandomPlan> = fc
  .record({
    workingWeekdays: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }),
    holidayOffsets: fc.uniqueArray(fc.integer({ min: 0, max: 90 }), { maxLength: 8 }),
    specs: fc.array(
      fc.record({ offset: fc.integer({ min: 0, max: 70 }), length: fc.integer({ min: 0, max: 6 }), milestone: fc.boolean() }),
      { minLength: 2, maxLength: 14 },
    ),
    linkSpecs: fc.array(
      fc.record({
        a: fc.nat(),
        b: fc.nat(),
        type: fc.constantFrom<LinkType>('FS', 'SS', 'FF', 'SF'),
        lagDays: fc.integer({ min: -3, max: 3 }),
      }),
      { maxLength: 20 },
    ),
  })
  .map(({ workingWeekdays, holidayOffsets, specs, linkSpecs }) => {
    const tasks = specs.map((s, i) => {
      const start = addDays(PLAN_FIRST_DAY, s.offset);
      return s.milestone ? milestone(`t${i}`, start) : task(`t${i}`, start, addDays(start, s.length));
    });
    const seen = new Set<string>();
    const links: ScheduleLink[] = [];
    for (const l of linkSpecs) {
      const [from, to] = [l.a % specs.length, l.b % specs.length].sort((x, y) => x - y) as [number, number];
      if (from === to || seen.has(`${from}>${to}`)) continue;
      seen.add(`${from}>${to}`);
      links.push(link(`t${from}`, `t${to}`, l.type, l.lagDays));
    }
    const holidays = holidayOffsets.map((d) => addDays(PLAN_FIRST_DAY, d));
    return { calendarSettings: { workingWeekdays, holidays }, tasks, links };
  });

/** The same items in an order given by random keys. */
export function reorder<T>(items: readonly T[], keys: readonly number[]): T[] {
  return items
    .map((item, i) => ({ item, key: keys[i % Math.max(1, keys.length)]! * 1000 + i }))
    .sort((a, b) => a.key - b.key)
    .map((x) => x.item);
}
