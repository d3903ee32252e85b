import { describe, expect, it } from 'vitest';
import { cascadeMoveReason, cascadeSchedule, findLinkViolations } from './cascade.js';
import { calendarOf, frozen, link, milestone, task } from './scheduling.fixtures.js';
import type { ScheduleLink, ScheduleTask, WorkCalendarSettings } from './scheduling.schema.js';

// November 2026: Mon 16 … Fri 20, Mon 23 … Fri 27, weekend 28–29, Mon 30, then Tue 1 … Fri 4 December, Mon 7.
const A = task('a', '2026-11-23', '2026-11-27');
const twoDays = (id: string, start = '2026-11-23', end = '2026-11-24') => task(id, start, end);

interface Case {
  rule: string;
  name: string;
  calendar?: Partial<WorkCalendarSettings>;
  tasks: ScheduleTask[];
  links: ScheduleLink[];
  edit: string[];
  /** Every task that moves: [startDate, endDate, moved by]. */
  moves: Record<string, [string, string, string]>;
}

const chain = Array.from({ length: 100 }, (_, i) => task(`t${String(i).padStart(2, '0')}`, i ? '2026-11-16' : '2026-11-23', i ? '2026-11-16' : '2026-11-23'));

const CASES: Case[] = [
  // Each link type with lag 0, lag and lead. A is Mon 23 – Fri 27.
  { rule: 'link-fs', name: 'FS 0: the working day after the predecessor ends', tasks: [A, twoDays('b', '2026-11-25', '2026-11-26')], links: [link('a', 'b')], edit: ['a'], moves: { b: ['2026-11-30', '2026-12-01', 'a'] } },
  { rule: 'link-fs', name: 'FS +2: two working days in between', tasks: [A, twoDays('b', '2026-11-25', '2026-11-26')], links: [link('a', 'b', 'FS', 2)], edit: ['a'], moves: { b: ['2026-12-02', '2026-12-03', 'a'] } },
  { rule: 'link-fs', name: 'FS -2 (lead): starts two working days before the predecessor ends', tasks: [A, twoDays('b', '2026-11-25', '2026-11-26')], links: [link('a', 'b', 'FS', -2)], edit: ['a'], moves: { b: ['2026-11-26', '2026-11-27', 'a'] } },
  { rule: 'link-fs', name: 'FS -5: a lead as long as the predecessor allows its start day', tasks: [A, twoDays('b', '2026-11-25', '2026-11-26')], links: [link('a', 'b', 'FS', -5)], edit: ['a'], moves: {} },
  { rule: 'link-ss', name: 'SS 0: starts with the predecessor', tasks: [task('a', '2026-11-25', '2026-12-01'), twoDays('b')], links: [link('a', 'b', 'SS')], edit: ['a'], moves: { b: ['2026-11-25', '2026-11-26', 'a'] } },
  { rule: 'link-ss', name: 'SS +3', tasks: [A, twoDays('b')], links: [link('a', 'b', 'SS', 3)], edit: ['a'], moves: { b: ['2026-11-26', '2026-11-27', 'a'] } },
  { rule: 'link-ss', name: 'SS -1 (lead)', tasks: [task('a', '2026-11-25', '2026-12-01'), twoDays('b')], links: [link('a', 'b', 'SS', -1)], edit: ['a'], moves: { b: ['2026-11-24', '2026-11-25', 'a'] } },
  { rule: 'link-ff', name: 'FF 0: finishes with the predecessor', tasks: [A, twoDays('b')], links: [link('a', 'b', 'FF')], edit: ['a'], moves: { b: ['2026-11-26', '2026-11-27', 'a'] } },
  { rule: 'link-ff', name: 'FF +1 over the weekend', tasks: [A, twoDays('b')], links: [link('a', 'b', 'FF', 1)], edit: ['a'], moves: { b: ['2026-11-27', '2026-11-30', 'a'] } },
  { rule: 'link-ff', name: 'FF -1 (lead)', tasks: [A, twoDays('b')], links: [link('a', 'b', 'FF', -1)], edit: ['a'], moves: { b: ['2026-11-25', '2026-11-26', 'a'] } },
  { rule: 'link-sf', name: 'SF 0: finishes the working day before the predecessor starts', tasks: [task('a', '2026-12-02', '2026-12-04'), twoDays('b')], links: [link('a', 'b', 'SF')], edit: ['a'], moves: { b: ['2026-11-30', '2026-12-01', 'a'] } },
  { rule: 'link-sf', name: 'SF +2', tasks: [task('a', '2026-12-02', '2026-12-04'), twoDays('b')], links: [link('a', 'b', 'SF', 2)], edit: ['a'], moves: { b: ['2026-12-02', '2026-12-03', 'a'] } },
  { rule: 'link-sf', name: 'SF -2 (lead)', tasks: [task('a', '2026-12-02', '2026-12-04'), twoDays('b')], links: [link('a', 'b', 'SF', -2)], edit: ['a'], moves: { b: ['2026-11-26', '2026-11-27', 'a'] } },
  // Calendars.
  { rule: 'link-lag', name: 'lag counts working days: FS +1 from a Friday starts on Tuesday', tasks: [task('a', '2026-11-26', '2026-11-27'), twoDays('b')], links: [link('a', 'b', 'FS', 1)], edit: ['a'], moves: { b: ['2026-12-01', '2026-12-02', 'a'] } },
  { rule: 'work-calendar', name: 'a holiday on the Monday after: starts Tuesday', calendar: { holidays: ['2026-11-30'] }, tasks: [A, twoDays('b')], links: [link('a', 'b')], edit: ['a'], moves: { b: ['2026-12-01', '2026-12-02', 'a'] } },
  { rule: 'work-calendar', name: 'a holiday inside the moved task lengthens its dates, not its working days', calendar: { holidays: ['2026-12-01'] }, tasks: [A, task('b', '2026-11-23', '2026-11-25')], links: [link('a', 'b')], edit: ['a'], moves: { b: ['2026-11-30', '2026-12-03', 'a'] } },
  { rule: 'work-calendar', name: 'a Sunday to Thursday week', calendar: { workingWeekdays: [0, 1, 2, 3, 4] }, tasks: [task('a', '2026-11-22', '2026-11-26'), twoDays('b', '2026-11-22', '2026-11-23')], links: [link('a', 'b')], edit: ['a'], moves: { b: ['2026-11-29', '2026-11-30', 'a'] } },
  { rule: 'work-calendar', name: 'a Monday to Saturday week', calendar: { workingWeekdays: [1, 2, 3, 4, 5, 6] }, tasks: [A, twoDays('b')], links: [link('a', 'b')], edit: ['a'], moves: { b: ['2026-11-28', '2026-11-30', 'a'] } },
  // Tasks drawn on non-working days.
  { rule: 'forward-cascade', name: 'a task drawn on a weekend keeps its dates when the link holds', tasks: [A, twoDays('b', '2026-11-28', '2026-11-29')], links: [link('a', 'b')], edit: ['a'], moves: {} },
  { rule: 'forward-cascade', name: 'a weekend-only task that must move becomes one working day', tasks: [task('a', '2026-11-24', '2026-11-30'), twoDays('b', '2026-11-28', '2026-11-29')], links: [link('a', 'b')], edit: ['a'], moves: { b: ['2026-12-01', '2026-12-01', 'a'] } },
  { rule: 'forward-cascade', name: 'a task over a weekend keeps its two working days', tasks: [A, twoDays('b', '2026-11-27', '2026-11-30')], links: [link('a', 'b')], edit: ['a'], moves: { b: ['2026-11-30', '2026-12-01', 'a'] } },
  // Milestones.
  { rule: 'milestone-links', name: 'FS into a milestone: on the predecessor’s finish day', tasks: [A, milestone('m', '2026-11-23')], links: [link('a', 'm')], edit: ['a'], moves: { m: ['2026-11-27', '2026-11-27', 'a'] } },
  { rule: 'milestone-links', name: 'FS +1 into a milestone', tasks: [A, milestone('m', '2026-11-23')], links: [link('a', 'm', 'FS', 1)], edit: ['a'], moves: { m: ['2026-11-30', '2026-11-30', 'a'] } },
  { rule: 'milestone-links', name: 'FS from a milestone: the next working day', tasks: [milestone('m', '2026-11-27'), twoDays('b')], links: [link('m', 'b')], edit: ['m'], moves: { b: ['2026-11-30', '2026-12-01', 'm'] } },
  { rule: 'milestone-links', name: 'SS into a milestone: on the predecessor’s start day', tasks: [task('a', '2026-11-25', '2026-12-01'), milestone('m', '2026-11-23')], links: [link('a', 'm', 'SS')], edit: ['a'], moves: { m: ['2026-11-25', '2026-11-25', 'a'] } },
  { rule: 'milestone-links', name: 'SS from a milestone: starts on its day', tasks: [milestone('m', '2026-11-25'), twoDays('b')], links: [link('m', 'b', 'SS')], edit: ['m'], moves: { b: ['2026-11-25', '2026-11-26', 'm'] } },
  { rule: 'milestone-links', name: 'FS between milestones: the same day', tasks: [milestone('m1', '2026-11-27'), milestone('m2', '2026-11-23')], links: [link('m1', 'm2')], edit: ['m1'], moves: { m2: ['2026-11-27', '2026-11-27', 'm1'] } },
  { rule: 'milestone-links', name: 'FF into a milestone: on the predecessor’s finish day', tasks: [A, milestone('m', '2026-11-23')], links: [link('a', 'm', 'FF')], edit: ['a'], moves: { m: ['2026-11-27', '2026-11-27', 'a'] } },
  { rule: 'milestone-links', name: 'SF into a milestone: on the predecessor’s start day', tasks: [task('a', '2026-11-25', '2026-12-01'), milestone('m', '2026-11-23')], links: [link('a', 'm', 'SF')], edit: ['a'], moves: { m: ['2026-11-25', '2026-11-25', 'a'] } },
  { rule: 'milestone-links', name: 'SF from a milestone: finishes the working day before', tasks: [milestone('m', '2026-11-25'), twoDays('b', '2026-11-19', '2026-11-20')], links: [link('m', 'b', 'SF')], edit: ['m'], moves: { b: ['2026-11-23', '2026-11-24', 'm'] } },
  { rule: 'milestone-links', name: 'FF from a milestone: finishes on its day', tasks: [milestone('m', '2026-11-25'), twoDays('b', '2026-11-19', '2026-11-20')], links: [link('m', 'b', 'FF')], edit: ['m'], moves: { b: ['2026-11-24', '2026-11-25', 'm'] } },
  // Networks.
  { rule: 'forward-cascade', name: 'a chain moves transitively, each task by its own predecessor', tasks: [A, twoDays('b'), task('c', '2026-11-23', '2026-11-23')], links: [link('a', 'b'), link('b', 'c')], edit: ['a'], moves: { b: ['2026-11-30', '2026-12-01', 'a'], c: ['2026-12-02', '2026-12-02', 'b'] } },
  { rule: 'forward-cascade', name: 'free room later in a chain absorbs the push', tasks: [A, twoDays('b'), task('c', '2026-12-07', '2026-12-07')], links: [link('a', 'b'), link('b', 'c')], edit: ['a'], moves: { b: ['2026-11-30', '2026-12-01', 'a'] } },
  { rule: 'forward-cascade', name: 'a diamond: the later branch decides', tasks: [A, task('b', '2026-11-23', '2026-11-23'), task('c', '2026-11-23', '2026-11-23'), task('d', '2026-11-23', '2026-11-23')], links: [link('a', 'b'), link('a', 'c', 'FS', 2), link('b', 'd'), link('c', 'd')], edit: ['a'], moves: { b: ['2026-11-30', '2026-11-30', 'a'], c: ['2026-12-02', '2026-12-02', 'a'], d: ['2026-12-03', '2026-12-03', 'c'] } },
  { rule: 'forward-cascade', name: 'a diamond tie names the smaller predecessor id', tasks: [A, task('c', '2026-11-23', '2026-11-23'), task('b', '2026-11-23', '2026-11-23'), task('d', '2026-11-23', '2026-11-23')], links: [link('c', 'd'), link('b', 'd'), link('a', 'c'), link('a', 'b')], edit: ['a'], moves: { b: ['2026-11-30', '2026-11-30', 'a'], c: ['2026-11-30', '2026-11-30', 'a'], d: ['2026-12-01', '2026-12-01', 'b'] } },
  { rule: 'forward-cascade', name: 'push, never pull: moving a predecessor earlier moves nothing', tasks: [task('a', '2026-11-16', '2026-11-20'), task('b', '2026-11-30', '2026-12-01')], links: [link('a', 'b')], edit: ['a'], moves: {} },
  { rule: 'forward-cascade', name: 'an edited task dragged before its predecessor allows is pushed back', tasks: [A, twoDays('b')], links: [link('a', 'b')], edit: ['b'], moves: { b: ['2026-11-30', '2026-12-01', 'a'] } },
  { rule: 'forward-cascade', name: 'a successor also honours its predecessors outside the edit', tasks: [task('a', '2026-11-23', '2026-11-24'), task('x', '2026-11-23', '2026-12-01'), task('d', '2026-11-25', '2026-11-25')], links: [link('a', 'd'), link('x', 'd')], edit: ['a'], moves: { d: ['2026-12-02', '2026-12-02', 'x'] } },
  { rule: 'forward-cascade', name: 'a chain of 100 tasks', tasks: chain, links: chain.slice(1).map((t, i) => link(chain[i]!.id, t.id)), edit: ['t00'], moves: Object.fromEntries(chain.slice(1).map((t, i) => [t.id, [expect.any(String), expect.any(String), chain[i]!.id]])) },
];

describe('forward cascade', () => {
  it.each(CASES.map((c) => [c.rule, c.name, c] as const))('[%s] %s', (_rule, _name, { calendar, tasks, links, edit, moves }) => {
    const result = cascadeSchedule(frozen(tasks), frozen(links), calendarOf(calendar), edit);
    if (!result.ok) throw new Error(`cycle ${result.cycle.join(' → ')}`);
    expect(Object.fromEntries(result.moves.map((m) => [m.taskId, [m.startDate, m.endDate, m.movedBy.taskId]]))).toEqual(moves);
  });

  it('[forward-cascade] the 100th task of a one-day chain lands 99 working days on', () => {
    const result = cascadeSchedule(chain, chain.slice(1).map((t, i) => link(chain[i]!.id, t.id)), calendarOf(), ['t00']);
    expect(result.ok && result.moves.at(-1)).toMatchObject({ taskId: 't99', startDate: '2027-04-09', endDate: '2027-04-09' });
  });

  it('[forward-cascade] a move says what moved it, with the history reason', () => {
    const result = cascadeSchedule([A, twoDays('b')], [link('a', 'b', 'FS', 1)], calendarOf(), ['a']);
    expect(result).toEqual({
      ok: true,
      skippedLinks: [],
      moves: [
        {
          taskId: 'b',
          startDate: '2026-12-01',
          endDate: '2026-12-02',
          previousStartDate: '2026-11-23',
          previousEndDate: '2026-11-24',
          movedBy: { taskId: 'a', name: 'A', type: 'FS', lagDays: 1 },
        },
      ],
    });
    expect(result.ok && cascadeMoveReason(result.moves[0]!)).toBe('Moved by dependency on «A»');
  });

  it('[forward-cascade] links to or from a summary, or naming a missing task, are skipped and returned', () => {
    const tasks = [task('p', '2026-11-23', '2026-11-27'), task('c', '2026-11-23', '2026-11-27', { parentId: 'p' }), twoDays('b')];
    const links = [link('p', 'b'), link('ghost', 'b')];
    const result = cascadeSchedule(tasks, links, calendarOf(), ['c', 'p']);
    expect(result).toEqual({ ok: true, moves: [], skippedLinks: [link('ghost', 'b'), link('p', 'b')] });
  });

  it('[forward-cascade] a cycle is reported, never followed', () => {
    const tasks = [A, twoDays('b'), twoDays('c')];
    expect(cascadeSchedule(tasks, [link('b', 'c'), link('a', 'b'), link('c', 'b')], calendarOf(), ['a'])).toEqual({ ok: false, reason: 'cycle', cycle: ['b', 'c', 'b'] });
    expect(cascadeSchedule(tasks, [link('a', 'a')], calendarOf(), ['a'])).toEqual({ ok: false, reason: 'cycle', cycle: ['a', 'a'] });
  });

  it('[forward-cascade] a cycle outside the edit does not stop it', () => {
    const tasks = [A, twoDays('b'), twoDays('x'), twoDays('y')];
    const result = cascadeSchedule(tasks, [link('a', 'b'), link('x', 'y'), link('y', 'x')], calendarOf(), ['a']);
    expect(result.ok && result.moves.map((m) => m.taskId)).toEqual(['b']);
  });
});

describe('link violations', () => {
  it('[link-violations] reports each broken link with the working days it is short, sorted', () => {
    const tasks = [A, twoDays('b', '2026-11-25', '2026-11-26'), milestone('m', '2026-11-27'), twoDays('s', '2026-11-30', '2026-12-01')];
    const links = [link('a', 'm'), link('a', 's', 'SF', 1), link('a', 'b')];
    expect(findLinkViolations(tasks, links, calendarOf())).toEqual([{ taskId: 'b', dependsOnTaskId: 'a', type: 'FS', lagDays: 0, byWorkingDays: 3 }]);
    expect(findLinkViolations(tasks, [link('s', 'a', 'SF', 2)], calendarOf())).toEqual([{ taskId: 'a', dependsOnTaskId: 's', type: 'SF', lagDays: 2, byWorkingDays: 2 }]);
  });

  it('[link-violations] a holiday in the gap makes the successor one more working day short', () => {
    const tasks = [A, task('b', '2026-12-01', '2026-12-01')];
    expect(findLinkViolations(tasks, [link('a', 'b', 'FS', 2)], calendarOf())[0]?.byWorkingDays).toBe(1);
    expect(findLinkViolations(tasks, [link('a', 'b', 'FS', 2)], calendarOf({ holidays: ['2026-11-30'] }))[0]?.byWorkingDays).toBe(2);
    expect(findLinkViolations(tasks, [link('a', 'b')], calendarOf({ holidays: ['2026-11-30'] }))).toEqual([]);
  });
});
