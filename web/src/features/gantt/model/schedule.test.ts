import { DEFAULT_WORK_CALENDAR, type WorkCalendar, type WorkCalendarSettings } from '@planline/domain';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { createStore } from 'zustand/vanilla';
import type { DependencyEdge } from './links';
import { createScheduleMemo, planSchedule, slackText, taskSlackText, usePlanSchedule } from './schedule';
import type { TasksState } from './tasks-store';
import { toTimelineTask, type TimelineTask } from './timeline-task';
import { WorkCalendarProvider, workCalendarOf } from './work-calendar';

const task = (id: string, startDate: string, endDate: string, fields: object = {}) =>
  toTimelineTask(id, { name: id.toUpperCase(), startDate, endDate, ...fields })!;
const fs = (dependsOnTaskId: string, taskId: string): DependencyEdge => ({ taskId, dependsOnTaskId, type: 'FS', lagDays: 0 });

// Mon 23 November 2026: A Mon–Tue → B Wed–Thu → C Fri–Tue 1 Dec; D one day on Monday, linked to nothing.
const plan = () =>
  new Map<string, TimelineTask>([
    ['a', task('a', '2026-11-23', '2026-11-24')],
    ['b', task('b', '2026-11-25', '2026-11-26')],
    ['c', task('c', '2026-11-27', '2026-12-01')],
    ['d', task('d', '2026-11-23', '2026-11-23')],
  ]);
const chain = [fs('a', 'b'), fs('b', 'c')];

describe('the plan’s schedule in the chart', () => {
  it('[critical-path] a chain to the project’s finish is critical, with the links between its tasks; a loose task has slack to the finish', () => {
    const schedule = planSchedule(plan(), chain, DEFAULT_WORK_CALENDAR);
    expect([...schedule.criticalTaskIds].sort()).toEqual(['a', 'b', 'c']);
    expect([...schedule.criticalLinkKeys].sort()).toEqual(['b->a', 'c->b']);
    // D could start as late as Tue 1 Dec: Mon 23 to Fri 27 and Mon 30 are 6 working days.
    expect(Object.fromEntries(schedule.slackDays)).toEqual({ a: 0, b: 0, c: 0, d: 6 });
    expect(schedule.cycle).toBe(false);
  });

  it("[critical-path] slack counts the project's working days: a holiday takes one away", () => {
    const holiday = workCalendarOf({ workingWeekdays: [1, 2, 3, 4, 5], holidays: ['2026-11-30'] });
    expect(planSchedule(plan(), chain, holiday).slackDays.get('d')).toBe(5);
  });

  it('[critical-path] a link to a missing task is ignored; a loop of links makes nothing critical', () => {
    expect(planSchedule(plan(), [...chain, fs('gone', 'd')], DEFAULT_WORK_CALENDAR).slackDays.get('d')).toBe(6);
    const loop = planSchedule(plan(), [...chain, fs('c', 'a')], DEFAULT_WORK_CALENDAR);
    expect(loop).toMatchObject({ cycle: true });
    expect(loop.criticalTaskIds.size).toBe(0);
    expect(loop.slackDays.size).toBe(0);
  });

  it('[critical-path-memo] computes once per change of dates, links or calendar, not per read', () => {
    const compute = vi.fn(planSchedule);
    const memo = createScheduleMemo(compute);
    const tasks = plan();
    const first = memo(tasks, chain, DEFAULT_WORK_CALENDAR);
    // Every row on screen reads it; scrolling and re-rendering read it again.
    for (let i = 0; i < 50; i++) expect(memo(tasks, chain, DEFAULT_WORK_CALENDAR)).toBe(first);
    expect(compute).toHaveBeenCalledTimes(1);

    // A teammate renames a task and sets its progress: a new snapshot, the same dates.
    const renamed = new Map(tasks).set('b', { ...tasks.get('b')!, name: 'Build', progress: 60 });
    expect(memo(renamed, chain, DEFAULT_WORK_CALENDAR)).toBe(first);
    expect(compute).toHaveBeenCalledTimes(1);

    // D is moved a day later: its slack shrinks.
    const moved = new Map(renamed).set('d', { ...renamed.get('d')!, startDate: '2026-11-24', endDate: '2026-11-24' });
    expect(memo(moved, chain, DEFAULT_WORK_CALENDAR).slackDays.get('d')).toBe(5);
    expect(compute).toHaveBeenCalledTimes(2);

    // A new link, then another calendar.
    expect(memo(moved, [...chain, fs('d', 'c')], DEFAULT_WORK_CALENDAR).criticalTaskIds.has('d')).toBe(false);
    const saturdays: WorkCalendar = workCalendarOf({ workingWeekdays: [1, 2, 3, 4, 5, 6], holidays: [] });
    memo(moved, chain, saturdays);
    expect(compute).toHaveBeenCalledTimes(4);
    // A task added or deleted is a change even with every other date the same.
    memo(new Map(moved).set('e', task('e', '2026-11-23', '2026-11-23')), chain, saturdays);
    expect(compute).toHaveBeenCalledTimes(5);
  });

  it("[critical-path] usePlanSchedule reads the live tasks in the project's calendar, and computes nothing while off", () => {
    const tasks = plan();
    const store = createStore<TasksState>(() => ({ tasks, rows: [...tasks.keys()], rowIndex: new Map(), edges: chain, edgesByTask: new Map(), depth: new Map(), collapsed: new Set() }));
    const read = (settings: WorkCalendarSettings, enabled: boolean) => {
      let seen: number | null | undefined;
      const Probe = () => {
        seen = usePlanSchedule(store, (s) => s.slackDays.get('d') ?? -1, enabled);
        return null;
      };
      renderToStaticMarkup(createElement(WorkCalendarProvider, { settings, children: createElement(Probe) }));
      return seen;
    };
    expect(read({ workingWeekdays: [1, 2, 3, 4, 5], holidays: [] }, true)).toBe(6);
    expect(read({ workingWeekdays: [1, 2, 3, 4, 5], holidays: ['2026-11-30'] }, true)).toBe(5);
    expect(read({ workingWeekdays: [1, 2, 3, 4, 5], holidays: [] }, false)).toBeNull();
  });

  it('[slack-text] says slack in working days, and "no slack" for a critical task', () => {
    expect(slackText(3)).toBe('Slack: 3 working days');
    expect(slackText(1)).toBe('Slack: 1 working day');
    expect(slackText(0)).toBe('Critical: no slack');
    const schedule = planSchedule(plan(), chain, DEFAULT_WORK_CALENDAR);
    expect([taskSlackText(schedule, 'b'), taskSlackText(schedule, 'd'), taskSlackText(schedule, 'gone')]).toEqual(['Critical: no slack', 'Slack: 6 working days', null]);
    expect(taskSlackText(planSchedule(plan(), [...chain, fs('c', 'a')], DEFAULT_WORK_CALENDAR), 'd')).toBe('Slack unknown: the links make a loop');
  });
});
