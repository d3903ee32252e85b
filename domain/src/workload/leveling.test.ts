import { describe, expect, it } from 'vitest';
import { calendarOf, frozen, link } from '../scheduling/scheduling.fixtures.js';
import { DEFAULT_WORK_CALENDAR } from '../scheduling/work-calendar.js';
import { levelResources, type LevelingInput, type LevelTask } from './leveling.js';
import { assigned, levelTask, loadTask, person } from './workload.fixtures.js';

// March 2026: Mon 2 … Fri 6, Mon 9 … Fri 13, Mon 16 … Fri 20.
const input = (tasks: LevelTask[], extra: Partial<LevelingInput> = {}): LevelingInput => ({
  tasks,
  links: [],
  calendar: DEFAULT_WORK_CALENDAR,
  people: [person('ana'), person('ben')],
  ...extra,
});

const level = (i: LevelingInput) => {
  const result = levelResources(frozen(i));
  if (!result.ok) throw new Error('cycle');
  return result;
};
const movesOf = (i: LevelingInput) => Object.fromEntries(level(i).moves.map((m) => [m.taskId, [m.toStart, m.toEnd]]));

describe('leveling', () => {
  it('[leveling] two tasks of one person on the same days: the lower priority one waits for the other', () => {
    const result = level(input([levelTask('a', '2026-03-02', '2026-03-04', assigned('ana'), 'low'), levelTask('b', '2026-03-02', '2026-03-04', assigned('ana'), 'high')]));
    expect(result.moves).toEqual([
      { taskId: 'a', fromStart: '2026-03-02', toStart: '2026-03-05', fromEnd: '2026-03-04', toEnd: '2026-03-09', reason: { userId: 'ana', from: '2026-03-02', to: '2026-03-04' } },
    ]);
    expect(result.unresolved).toEqual([]);
  });

  it('[leveling-order] a task others depend on stays, even against a higher priority', () => {
    const tasks = [levelTask('a', '2026-03-02', '2026-03-03', assigned('ana'), 'low'), levelTask('b', '2026-03-02', '2026-03-03', assigned('ana'), 'critical'), levelTask('c', '2026-03-16', '2026-03-16', [])];
    expect(movesOf(input(tasks, { links: [link('a', 'c')] }))).toEqual({ b: ['2026-03-04', '2026-03-05'] });
  });

  it('[leveling-order] more total slack is delayed first, then the later start', () => {
    // b feeds the long chain to d, so a (free until the end of the project) has more slack and waits.
    const slack = [
      levelTask('a', '2026-03-02', '2026-03-03', assigned('ana')),
      levelTask('b', '2026-03-02', '2026-03-03', assigned('ana')),
      levelTask('c', '2026-03-04', '2026-03-20', assigned('ben')),
    ];
    expect(movesOf(input(slack, { links: [link('b', 'c')] }))).toEqual({ a: ['2026-03-04', '2026-03-05'] });
    const later = [levelTask('a', '2026-03-03', '2026-03-04', assigned('ana')), levelTask('b', '2026-03-02', '2026-03-04', assigned('ana')), levelTask('z', '2026-03-20', '2026-03-20', [])];
    // Same finish, same slack: the later start (a) is delayed.
    expect(movesOf(input(later))).toEqual({ a: ['2026-03-05', '2026-03-06'] });
  });

  it('[leveling] successors move by the cascade, keeping their links and their working days', () => {
    const tasks = [
      levelTask('a', '2026-03-02', '2026-03-03', assigned('ana'), 'high'),
      levelTask('b', '2026-03-02', '2026-03-03', assigned('ana'), 'low'),
      levelTask('c', '2026-03-04', '2026-03-05', assigned('ben')),
    ];
    // b has a successor and a does not: b stays, a waits.
    expect(movesOf(input(tasks, { links: [link('b', 'c', 'FS')] }))).toEqual({ a: ['2026-03-04', '2026-03-05'] });
    // Both have successors; b's chain (to c, two days) is critical, a's (to d, one day) has a day of slack: a waits and
    // d, finish-to-start after a, moves with it; a's priority does not count before slack.
    const both = [...tasks.slice(0, 2), levelTask('c', '2026-03-04', '2026-03-05', []), levelTask('d', '2026-03-04', '2026-03-04', [])];
    expect(movesOf(input(both, { links: [link('a', 'd'), link('b', 'c')] }))).toEqual({ a: ['2026-03-04', '2026-03-05'], d: ['2026-03-06', '2026-03-06'] });
    // A lag is kept: d starts a working day after a starts.
    expect(movesOf(input(both, { links: [link('a', 'd', 'SS', 1), link('b', 'c')] }))).toEqual({ a: ['2026-03-04', '2026-03-05'], d: ['2026-03-05', '2026-03-05'] });
  });

  it('[leveling] partial allocations that fit together stay; 60% and 60% do not', () => {
    const fits = [levelTask('a', '2026-03-02', '2026-03-03', assigned(['ana', 50])), levelTask('b', '2026-03-02', '2026-03-03', assigned(['ana', 50]))];
    expect(level(input(fits)).moves).toEqual([]);
    const over = [levelTask('a', '2026-03-02', '2026-03-03', assigned(['ana', 60])), levelTask('b', '2026-03-02', '2026-03-03', assigned(['ana', 60]))];
    expect(Object.keys(movesOf(input(over)))).toEqual(['b']);
  });

  it('[leveling] other projects are fixed background load', () => {
    const background = { tasks: [loadTask('other', '2026-03-02', '2026-03-06', assigned('ana'), { projectId: 'p2' })], calendars: new Map() };
    const tasks = [levelTask('a', '2026-03-03', '2026-03-04', assigned('ana')), levelTask('z', '2026-03-20', '2026-03-20', [])];
    expect(movesOf(input(tasks, { background }))).toEqual({ a: ['2026-03-09', '2026-03-10'] });
  });

  it('[leveling] days off and both calendars: a task takes the working days it has on the project calendar', () => {
    // The project has a holiday on Monday 9 March; Ana is off Tuesday 10. The task lasts two working days.
    const calendar = calendarOf({ holidays: ['2026-03-09'] });
    const people = [person('ana', { daysOff: [{ from: '2026-03-10', to: '2026-03-10', note: '' }] })];
    const background = { tasks: [loadTask('other', '2026-03-02', '2026-03-06', assigned('ana'), { projectId: 'p2' })], calendars: new Map() };
    const tasks = [levelTask('a', '2026-03-05', '2026-03-06', assigned('ana'))];
    // Moved to Tue 10 (not worked by Ana, so no load) and Wed 11.
    expect(movesOf(input(tasks, { calendar, people, background }))).toEqual({ a: ['2026-03-10', '2026-03-11'] });
  });

  it('[leveling] overload a move cannot resolve is said, person by person; nothing moves for it', () => {
    const tasks = [levelTask('a', '2026-03-02', '2026-03-03', assigned(['ana', 150])), levelTask('b', '2026-03-02', '2026-03-02', assigned(['ben', 50]))];
    expect(level(input(tasks))).toEqual({ moves: [], unresolved: [{ userId: 'ana', from: '2026-03-02', to: '2026-03-03' }], ok: true });
  });

  it('[leveling] only the people asked for are levelled', () => {
    const tasks = [
      levelTask('a', '2026-03-02', '2026-03-02', assigned('ana')),
      levelTask('b', '2026-03-02', '2026-03-02', assigned('ana')),
      levelTask('c', '2026-03-02', '2026-03-02', assigned('ben')),
      levelTask('d', '2026-03-02', '2026-03-02', assigned('ben')),
    ];
    expect(movesOf(input(tasks, { userIds: ['ben'] }))).toEqual({ d: ['2026-03-03', '2026-03-03'] });
    expect(level(input(tasks, { userIds: ['ben'] })).unresolved).toEqual([]);
  });

  it('[leveling] a task is not delayed past the window; it stays and the overload is reported', () => {
    const background = { tasks: [loadTask('other', '2026-03-02', '2026-12-31', assigned('ana'), { projectId: 'p2' })], calendars: new Map() };
    const result = level(input([levelTask('a', '2026-03-02', '2026-03-03', assigned('ana'))], { background, maxDelayWorkingDays: 20 }));
    expect(result).toEqual({ ok: true, moves: [], unresolved: [{ userId: 'ana', from: '2026-03-02', to: '2026-03-03' }] });
  });

  it('[leveling] two-year leaves read only where they meet the plan: the moves are those of the leaves cut to it', () => {
    // Ana is away Monday 2 - Tuesday 3 March at the end of a two-year leave, and from Monday 16 March for two years.
    const tasks = [levelTask('a', '2026-03-04', '2026-03-05', assigned('ana'), 'high'), levelTask('b', '2026-03-04', '2026-03-05', assigned('ana'), 'low')];
    const withLeaves = (daysOff: { from: string; to: string }[]) =>
      level(input(tasks, { people: [person('ana', { daysOff: daysOff.map((d) => ({ ...d, note: 'Leave' })) }), person('ben')] }));
    const long = withLeaves([
      { from: '2024-03-04', to: '2026-03-03' },
      { from: '2026-03-16', to: '2028-03-15' },
    ]);
    const cut = withLeaves([
      { from: '2026-03-02', to: '2026-03-03' },
      { from: '2026-03-16', to: '2026-06-30' },
    ]);
    expect(long).toEqual(cut);
    // B waits for A (Wed-Thu), then takes Fri 6 and Mon 9: the leave before is not a place to go.
    expect(movesOf(input(tasks))).toEqual({ b: ['2026-03-06', '2026-03-09'] });
    expect(long.moves.map((m) => [m.taskId, m.toStart, m.toEnd])).toEqual([['b', '2026-03-06', '2026-03-09']]);
  });

  it('[leveling] a cycle in the links is reported, not followed', () => {
    const tasks = [levelTask('a', '2026-03-02', '2026-03-02', []), levelTask('b', '2026-03-03', '2026-03-03', [])];
    expect(levelResources(input(tasks, { links: [link('a', 'b'), link('b', 'a')] }))).toEqual({ ok: false, reason: 'cycle', cycle: ['a', 'b', 'a'] });
  });
});
