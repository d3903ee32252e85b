import { createWorkCalendar, DEFAULT_WORK_CALENDAR, type Baseline } from '@planline/domain';
import { describe, expect, it } from 'vitest';
import { compareWithBaseline, lateRows, shownBaseline } from './baseline';

const kickOff: Baseline = {
  id: '00000000-0000-4000-8000-000000000001',
  projectId: '00000000-0000-4000-8000-000000000002',
  name: 'Kick-off plan',
  createdAt: '2026-11-20T10:00:00.000Z',
  createdBy: null,
  taskCount: 3,
  tasks: [
    { taskId: 'a', name: 'Survey', startDate: '2026-11-23', endDate: '2026-11-25', progress: 0 },
    { taskId: 'b', name: 'Design', startDate: '2026-11-26', endDate: '2026-11-27', progress: 0 },
    { taskId: 'c', name: 'Build', startDate: '2026-11-30', endDate: '2026-12-04', progress: 0 },
  ],
  links: [],
};

describe('baseline comparison in the chart', () => {
  it('[baseline-drift] "+4wd vs Kick-off plan": working days between the end dates, weekends not counted', () => {
    // Fri 27 Nov → Thu 3 Dec: Mon, Tue, Wed, Thu.
    const later = compareWithBaseline({ startDate: '2026-11-30', endDate: '2026-12-03' }, kickOff.tasks[1]!, 'Kick-off plan', DEFAULT_WORK_CALENDAR);
    expect(later).toEqual({
      driftDays: 4,
      late: true,
      label: '+4wd vs Kick-off plan',
      description: 'Kick-off plan: Nov 26, 2026 to Nov 27, 2026; ends 4 working days later',
    });
    const earlier = compareWithBaseline({ startDate: '2026-11-30', endDate: '2026-12-02' }, kickOff.tasks[2]!, 'Kick-off plan', DEFAULT_WORK_CALENDAR);
    expect([earlier.driftDays, earlier.late, earlier.label]).toEqual([-2, false, '-2wd vs Kick-off plan']);
  });

  it('[baseline-drift] counts in the project calendar: a holiday between is no drift', () => {
    const calendar = createWorkCalendar({ workingWeekdays: [1, 2, 3, 4, 5], holidays: ['2026-11-26'] });
    if (!calendar.ok) throw new Error(calendar.reason);
    const moved = compareWithBaseline({ startDate: '2026-11-23', endDate: '2026-11-27' }, kickOff.tasks[0]!, 'Kick-off plan', calendar.calendar);
    expect(moved.label).toBe('+1wd vs Kick-off plan');
  });

  it('[baseline-drift] an unmoved end has no label; one moved onto a weekend is later by date with 0 working days', () => {
    const same = compareWithBaseline({ startDate: '2026-11-24', endDate: '2026-11-25' }, kickOff.tasks[0]!, 'Kick-off plan', DEFAULT_WORK_CALENDAR);
    expect([same.label, same.late, same.description]).toEqual([null, false, 'Kick-off plan: Nov 23, 2026 to Nov 25, 2026; ends as planned']);
    const weekend = compareWithBaseline({ startDate: '2026-11-26', endDate: '2026-11-29' }, kickOff.tasks[1]!, 'Kick-off plan', DEFAULT_WORK_CALENDAR);
    expect([weekend.label, weekend.late]).toEqual(['0wd vs Kick-off plan', true]);
    expect(weekend.description).toBe('Kick-off plan: Nov 26, 2026 to Nov 27, 2026; ends later, with no working day between');
  });

  it('[baseline-late-only] keeps the rows that end later than in the baseline, in order; new tasks are not late', () => {
    const shown = shownBaseline(kickOff);
    const tasks = new Map([
      ['a', { endDate: '2026-11-26' }],
      ['b', { endDate: '2026-11-27' }],
      ['c', { endDate: '2026-12-01' }],
      ['new', { endDate: '2026-12-31' }],
      ['d', { endDate: '2026-12-09' }],
    ]);
    expect(lateRows(['new', 'c', 'b', 'a'], tasks, shown)).toEqual(['a']);
    expect(lateRows(['a', 'b', 'c', 'new', 'gone'], tasks, shown)).toEqual(['a']);
    expect(lateRows([], tasks, shown)).toEqual([]);
  });
});
