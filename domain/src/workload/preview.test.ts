import { describe, expect, it } from 'vitest';
import { calendarOf } from '../scheduling/scheduling.fixtures.js';
import { DEFAULT_WORK_CALENDAR } from '../scheduling/work-calendar.js';
import { computeWorkload } from './load.js';
import { MAX_PREVIEW_SPAN_DAYS, taskLoadDelta } from './preview.js';
import { assigned, loadTask, person } from './workload.fixtures.js';

// March 2026: Mon 2 … Fri 6, weekend 7–8, Mon 9 … Fri 13.
const calendar = DEFAULT_WORK_CALENDAR;

describe('[workload-preview] taskLoadDelta', () => {
  it('a move by a day takes the first day away and adds the next free working day, per assignee and share', () => {
    const task = loadTask('t', '2026-03-02', '2026-03-04', assigned('ana', ['ben', 50]));
    const delta = taskLoadDelta({ task, preview: { startDate: '2026-03-03', endDate: '2026-03-05' }, people: [person('ana'), person('ben', { hoursPerDay: 6 })], calendar });
    expect(delta).toEqual([
      { userId: 'ana', runs: [{ from: '2026-03-02', to: '2026-03-02', hours: -8 }, { from: '2026-03-05', to: '2026-03-05', hours: 8 }] },
      { userId: 'ben', runs: [{ from: '2026-03-02', to: '2026-03-02', hours: -3 }, { from: '2026-03-05', to: '2026-03-05', hours: 3 }] },
    ]);
  });

  it('a resize over a weekend adds runs of working days only; days off and holidays add nothing', () => {
    const task = loadTask('t', '2026-03-02', '2026-03-04', assigned('ana'));
    const ana = person('ana', { daysOff: [{ from: '2026-03-10', to: '2026-03-10', note: 'Dentist' }] });
    const delta = taskLoadDelta({ task, preview: { endDate: '2026-03-12' }, people: [ana], calendar: calendarOf({ holidays: ['2026-03-05'] }) });
    expect(delta).toEqual([
      {
        userId: 'ana',
        runs: [
          { from: '2026-03-06', to: '2026-03-06', hours: 8 },
          { from: '2026-03-09', to: '2026-03-09', hours: 8 },
          { from: '2026-03-11', to: '2026-03-12', hours: 8 },
        ],
      },
    ]);
  });

  it('agrees with the load read after the drop: stored load plus the delta is the moved task’s load', () => {
    const task = loadTask('t', '2026-03-04', '2026-03-10', assigned(['ana', 150]));
    const preview = { startDate: '2026-03-06', endDate: '2026-03-13' };
    const people = [person('ana', { workingDays: [1, 2, 3, 5] })];
    const range = { from: '2026-03-02', to: '2026-03-15', scale: 'day' as const };
    const byDay = (startDate: string, endDate: string) =>
      computeWorkload({ people, calendars: new Map([['p1', calendar]]), tasks: [{ ...task, startDate, endDate }] }, range).people[0]!.buckets.map((b) => b.allocatedHours);
    const shown = byDay(task.startDate, task.endDate);
    for (const run of taskLoadDelta({ task, preview, people, calendar })[0]!.runs) {
      for (let i = 0; i < shown.length; i++) {
        const day = `2026-03-${String(2 + i).padStart(2, '0')}`;
        if (day >= run.from && day <= run.to) shown[i]! += run.hours;
      }
    }
    expect(shown).toEqual(byDay(preview.startDate, preview.endDate));
  });

  it('a task nobody is assigned to moves the Unassigned row; a milestone moves nothing', () => {
    const unassigned = taskLoadDelta({ task: loadTask('t', '2026-03-02', '2026-03-02', []), preview: { startDate: '2026-03-03', endDate: '2026-03-03' }, people: [], calendar });
    expect(unassigned).toEqual([{ userId: null, runs: [{ from: '2026-03-02', to: '2026-03-02', hours: -8 }, { from: '2026-03-03', to: '2026-03-03', hours: 8 }] }]);
    const milestone = loadTask('m', '2026-03-02', '2026-03-02', assigned('ana'), { kind: 'milestone' });
    expect(taskLoadDelta({ task: milestone, preview: { startDate: '2026-03-03', endDate: '2026-03-03' }, people: [person('ana')], calendar })).toEqual([]);
  });

  it('nothing for unchanged dates, dates out of order, or a span past the limit (the work stays bounded)', () => {
    const task = loadTask('t', '2026-03-02', '2026-03-04', assigned('ana'));
    const people = [person('ana')];
    expect(taskLoadDelta({ task, preview: {}, people, calendar })).toEqual([]);
    expect(taskLoadDelta({ task, preview: { startDate: '2026-03-05', endDate: '2026-03-04' }, people, calendar })).toEqual([]);
    const far = new Date(Date.UTC(2026, 2, 2) + MAX_PREVIEW_SPAN_DAYS * 86_400_000).toISOString().slice(0, 10);
    expect(taskLoadDelta({ task, preview: { startDate: far, endDate: far }, people, calendar })).toEqual([]);
  });
});
