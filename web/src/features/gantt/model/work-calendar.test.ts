import { DEFAULT_WORK_CALENDAR, type WorkCalendar } from '@planline/domain';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { calendarKey, useWorkCalendar, WorkCalendarProvider, workCalendarOf } from './work-calendar';

/** What useWorkCalendar gives a component under a provider with these settings. */
function calendarUnder(settings: Parameters<typeof WorkCalendarProvider>[0]['settings'] | 'no provider'): WorkCalendar {
  let seen: WorkCalendar | null = null;
  const Probe = () => {
    seen = useWorkCalendar();
    return null;
  };
  renderToStaticMarkup(settings === 'no provider' ? createElement(Probe) : createElement(WorkCalendarProvider, { settings, children: createElement(Probe) }));
  return seen!;
}

describe('the chart’s working calendar', () => {
  it("[work-calendar] is the project's: its working weekdays and its holidays", () => {
    const calendar = workCalendarOf({ workingWeekdays: [1, 2, 3, 4, 5, 6], holidays: ['2026-12-25'] });
    expect(calendar.isWorkingDay('2026-12-26')).toBe(true); // a Saturday, worked
    expect(calendar.isWorkingDay('2026-12-27')).toBe(false); // a Sunday
    expect(calendar.isWorkingDay('2026-12-25')).toBe(false); // a Friday, a holiday
    expect(calendar.isWorkingDay('2026-12-24')).toBe(true);
  });

  it('[work-calendar] falls back to Monday–Friday without a project or with settings the engine refuses', () => {
    expect(workCalendarOf(null)).toBe(DEFAULT_WORK_CALENDAR);
    expect(workCalendarOf({ workingWeekdays: [], holidays: [] })).toBe(DEFAULT_WORK_CALENDAR);
  });

  it('[work-calendar] changes key only when weekdays or holidays do, in whatever order they come', () => {
    const key = calendarKey({ workingWeekdays: [1, 2, 3, 4, 5], holidays: ['2026-12-25', '2026-01-01'] });
    expect(calendarKey({ workingWeekdays: [5, 4, 3, 2, 1, 1], holidays: ['2026-01-01', '2026-12-25'] })).toBe(key);
    expect(calendarKey({ workingWeekdays: [1, 2, 3, 4, 5, 6], holidays: ['2026-01-01', '2026-12-25'] })).not.toBe(key);
    expect(calendarKey({ workingWeekdays: [1, 2, 3, 4, 5], holidays: ['2026-01-01'] })).not.toBe(key);
  });

  it('[work-calendar] useWorkCalendar reads the project handed to the chart, and Monday–Friday outside one', () => {
    // A Project will do as settings: its other fields are ignored.
    const project = { id: 'p', name: 'Harbour', workingWeekdays: [0, 1, 2, 3, 4], holidays: ['2026-03-02'] };
    const calendar = calendarUnder(project);
    expect(calendar.isWorkingDay('2026-03-01')).toBe(true); // Sunday, worked in this project
    expect(calendar.isWorkingDay('2026-03-02')).toBe(false); // its holiday
    expect(calendar.isWorkingDay('2026-03-06')).toBe(false); // Friday off
    expect(calendarUnder('no provider')).toBe(DEFAULT_WORK_CALENDAR);
  });
});
