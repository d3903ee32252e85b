import { describe, expect, it } from 'vitest';
import { dueText, upcomingTasks, urgencyFor, URGENCY_COLOURS } from './upcoming-tasks.js';
import { makeTask } from './widget.fixtures.js';

const today = '2026-03-10';
const dueIn = (days: number, values = {}) =>
  makeTask({ name: `in ${days}`, endDate: new Date(Date.UTC(2026, 2, 10 + days)).toISOString().slice(0, 10), ...values });

describe('upcoming tasks', () => {
  it('[upcoming-window] lists tasks not completed due today through the next 7 days, soonest first', () => {
    const tasks = [dueIn(5), dueIn(-1), dueIn(8), dueIn(0), dueIn(7), dueIn(2, { status: 'completed' }), dueIn(1)];
    expect(upcomingTasks(tasks, today, 'large').shown.map((r) => r.task.name)).toEqual(['in 0', 'in 1', 'in 5', 'in 7']);
  });

  it('[widget-sizes] upcoming tasks shows 3/5/8 by size', () => {
    const tasks = [0, 1, 1, 2, 3, 4, 5, 6, 7, 7].map((d) => dueIn(d));
    expect(upcomingTasks(tasks, today, 'small').shown).toHaveLength(3);
    expect(upcomingTasks(tasks, today, 'medium').shown).toHaveLength(5);
    expect(upcomingTasks(tasks, today, 'large').shown).toHaveLength(8);
    expect(upcomingTasks(tasks, today, 'small').total).toBe(10);
  });

  it('[upcoming-tasks] assignee unless small, progress at large', () => {
    expect(upcomingTasks([], today, 'small')).toMatchObject({ showAssignee: false, showProgress: false });
    expect(upcomingTasks([], today, 'medium')).toMatchObject({ showAssignee: true, showProgress: false });
    expect(upcomingTasks([], today, 'large')).toMatchObject({ showAssignee: true, showProgress: true, shown: [], total: 0 });
  });

  it('[upcoming-urgency] 1 day or less urgent red, 3 days or less high orange, else normal blue', () => {
    expect([0, 1, 2, 3, 4, 7].map(urgencyFor)).toEqual(['urgent', 'urgent', 'high', 'high', 'normal', 'normal']);
    expect(URGENCY_COLOURS).toEqual({ urgent: 'red', high: 'orange', normal: 'blue' });
    const rows = upcomingTasks([dueIn(1), dueIn(3), dueIn(4)], today, 'small').shown;
    expect(rows.map((r) => [r.daysLeft, r.urgency])).toEqual([[1, 'urgent'], [3, 'high'], [4, 'normal']]);
  });

  it('[upcoming-due-text] relative due time', () => {
    expect([0, 1, 2, 7].map(dueText)).toEqual(['Due today', 'Due tomorrow', 'Due in 2 days', 'Due in 7 days']);
    expect(dueText(-1)).toBe('Overdue by 1 day');
    expect(dueText(-3)).toBe('Overdue by 3 days');
    expect(upcomingTasks([dueIn(2)], today, 'small').shown[0]?.dueText).toBe('Due in 2 days');
  });

  it('[upcoming-window] counts calendar days, whatever the clock (the end of a month, a DST change)', () => {
    expect(upcomingTasks([makeTask({ endDate: '2026-04-04' })], '2026-03-28', 'small').shown[0]?.daysLeft).toBe(7);
    expect(upcomingTasks([makeTask({ endDate: '2026-04-05' })], '2026-03-28', 'small').shown).toEqual([]);
  });

  it('treats the hyphenated in-progress status as not completed', () => {
    const task = { ...dueIn(1), status: 'in-progress' as never };
    expect(upcomingTasks([task], today, 'small').total).toBe(1);
  });
});
