import { createWorkCalendar, DEFAULT_WORK_CALENDAR } from '@planline/domain';
import { describe, expect, it } from 'vitest';
import { linkPath } from './link-route';
import { checkNewLink, linkLabel, violatedLinks, violatedLinksSince, violationText, type DependencyEdge } from './links';
import { noteTaskChanges } from './task-changes';
import { toTimelineTask } from './timeline-task';

const task = (id: string, name: string, startDate: string, endDate: string) => toTimelineTask(id, { name, startDate, endDate })!;

describe('links', () => {
  const edges = [{ taskId: 'b', dependsOnTaskId: 'a' }, { taskId: 'c', dependsOnTaskId: 'b' }];

  it('[link-refusals] refuses a self-link, a duplicate and a cycle', () => {
    expect(checkNewLink(edges, 'a', 'a')).toEqual({ ok: false, reason: 'A task cannot depend on itself.' });
    expect(checkNewLink(edges, 'b', 'a')).toEqual({ ok: false, reason: 'These two tasks are already linked.' });
    expect(checkNewLink(edges, 'a', 'c')).toEqual({ ok: false, reason: 'This link would make a loop of dependencies.' });
    expect(checkNewLink(edges, 'c', 'a')).toEqual({ ok: true });
  });

  it('names an arrow by its tasks, type and lag', () => {
    expect(linkLabel('Design', 'Build', { type: 'FS', lagDays: 2 })).toBe('Design → Build, finish-to-start, lag 2 working days');
    expect(linkLabel('Design', 'Build', { type: 'SS', lagDays: -1 })).toBe('Design → Build, start-to-start, lead 1 working day');
  });

  it('[link-violations] finds a successor that starts too early, in working days', () => {
    // Design ends Friday 2026-03-06; FS lag 0 wants Build on Monday 03-09; Build starts Thursday 03-05.
    const tasks = new Map([
      ['d', task('d', 'Design', '2026-03-02', '2026-03-06')],
      ['b', task('b', 'Build', '2026-03-05', '2026-03-10')],
    ]);
    const link: DependencyEdge = { taskId: 'b', dependsOnTaskId: 'd', type: 'FS', lagDays: 0 };
    const violation = violatedLinks(tasks, [link], DEFAULT_WORK_CALENDAR).get('b->d')!;
    expect(violationText(violation, 'Design')).toBe('Starts 2 working days too early for its finish-to-start link to Design');
    expect(violatedLinks(tasks, [{ ...link, type: 'SS' }], DEFAULT_WORK_CALENDAR).size).toBe(0);
  });

  it("[link-violations] counts the project's own working days: a worked Saturday and a holiday change the figure", () => {
    // Design ends Friday 2026-03-06; Build starts Wednesday 03-04. Monday to Friday: FS wants Monday 03-09, so Build
    // is 3 working days early (Wed, Thu, Fri).
    const tasks = new Map([
      ['d', task('d', 'Design', '2026-03-02', '2026-03-06')],
      ['b', task('b', 'Build', '2026-03-04', '2026-03-10')],
    ]);
    const link: DependencyEdge = { taskId: 'b', dependsOnTaskId: 'd', type: 'FS', lagDays: 0 };
    expect(violatedLinks(tasks, [link], DEFAULT_WORK_CALENDAR).get('b->d')!.byWorkingDays).toBe(3);
    // Saturdays worked and Thursday 03-05 a holiday: FS wants Saturday 03-07, and only Wednesday and Friday are
    // worked before it, so 2 working days.
    const own = createWorkCalendar({ workingWeekdays: [1, 2, 3, 4, 5, 6], holidays: ['2026-03-05'] });
    if (!own.ok) throw new Error(own.reason);
    expect(violatedLinks(tasks, [link], own.calendar).get('b->d')!.byWorkingDays).toBe(2);
  });
});

describe('links judged again after a change', () => {
  // Design → Build → Test, each FS: Build starts before Design ends (broken), Test after Build (kept).
  const edges: DependencyEdge[] = [
    { taskId: 'b', dependsOnTaskId: 'd', type: 'FS', lagDays: 0 },
    { taskId: 't', dependsOnTaskId: 'b', type: 'FS', lagDays: 0 },
  ];
  const byTask = new Map<string, DependencyEdge[]>([['d', [edges[0]!]], ['b', [edges[0]!, edges[1]!]], ['t', [edges[1]!]]]);
  const first = new Map([
    ['d', task('d', 'Design', '2026-03-02', '2026-03-06')],
    ['b', task('b', 'Build', '2026-03-05', '2026-03-10')],
    ['t', task('t', 'Test', '2026-03-16', '2026-03-17')],
  ]);

  it('[link-violations] gives what judging every link gives, after each change', () => {
    let tasks = first;
    expect([...violatedLinksSince(tasks, edges, byTask, DEFAULT_WORK_CALENDAR).keys()]).toEqual(['b->d']);
    // Build moved after Design: its link mends; moved onto Test's days: Test's link breaks.
    for (const [start, end, broken] of [['2026-03-09', '2026-03-10', []], ['2026-03-12', '2026-03-18', ['t->b']], ['2026-03-04', '2026-03-05', ['b->d']]] as const) {
      const next = new Map(tasks);
      next.set('b', task('b', 'Build', start, end));
      noteTaskChanges(next, tasks, ['b']);
      tasks = next;
      const judged = violatedLinksSince(tasks, edges, byTask, DEFAULT_WORK_CALENDAR);
      expect([...judged.keys()].sort()).toEqual([...broken]);
      expect(judged).toEqual(violatedLinks(tasks, edges, DEFAULT_WORK_CALENDAR));
    }
  });

  it('[link-violations] judges only the links at the changed tasks: a link elsewhere keeps its verdict', () => {
    const tasks = new Map(first);
    const before = violatedLinksSince(tasks, edges, byTask, DEFAULT_WORK_CALENDAR);
    // Test moved, and the note says only Test changed: Design → Build is not judged again, so its verdict is the
    // one object it was (judged again, it would be a new one).
    const next = new Map(tasks);
    next.set('t', task('t', 'Test', '2026-03-17', '2026-03-18'));
    noteTaskChanges(next, tasks, ['t']);
    const after = violatedLinksSince(next, edges, byTask, DEFAULT_WORK_CALENDAR);
    expect(after.get('b->d')).toBe(before.get('b->d'));
    // Other links (a new array) or another calendar: judged whole.
    expect(violatedLinksSince(next, [...edges], byTask, DEFAULT_WORK_CALENDAR).get('b->d')).not.toBe(before.get('b->d'));
  });
});

describe('linkPath', () => {
  const from = { left: 0, right: 100, y: 22 };
  const to = { left: 150, right: 250, y: 66 };
  it('routes each type between the right ends', () => {
    expect(linkPath('FS', from, to, 44)).toBe('M 100 22 H 108 V 66 H 150');
    expect(linkPath('SS', from, to, 44)).toBe('M 0 22 H -8 V 66 H 150');
    expect(linkPath('FF', from, to, 44)).toBe('M 100 22 H 258 V 66 H 250');
    expect(linkPath('SF', from, to, 44)).toBe('M 0 22 H -8 V 44 H 258 V 66 H 250');
  });
  it('turns between the rows when the successor starts before the predecessor ends', () => {
    expect(linkPath('FS', from, { left: 50, right: 90, y: 66 }, 44)).toBe('M 100 22 H 108 V 44 H 42 V 66 H 50');
  });
});
