import { createWorkCalendar, DEFAULT_WORK_CALENDAR, type WorkCalendar } from '@planline/domain';
import { describe, expect, it } from 'vitest';
import { dateOrderOf, matchPerson, MAX_PASTED_ROWS, parsePastedDate, pastedRows, type PasteContext } from './pasted-rows';

const people = [
  { id: 'u-ada', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
  { id: 'u-bea', firstName: 'Bea', lastName: 'Builder', email: 'bea@example.com' },
  { id: 'u-bea2', firstName: 'Bea', lastName: 'Other', email: 'bea.other@example.com' },
];
// 2027-03-01 is a Monday; the default calendar works Monday to Friday.
const context: PasteContext = { today: '2027-03-01', dateOrder: 'dmy', people, calendar: DEFAULT_WORK_CALENDAR, room: 1000 };

describe('[paste-rows-chart] rows pasted on the chart', () => {
  it('reads name, start, end and assignee by position, with ISO and locale dates', () => {
    const text = 'Write copy\t2027-03-02\t2027-03-05\tada@example.com\r\nReview\t08/03/2027\t9.3.2027\tBea Builder\r\n';
    expect(pastedRows(text, context)).toEqual({
      tasks: [
        { row: 1, name: 'Write copy', startDate: '2027-03-02', endDate: '2027-03-05', assigneeId: 'u-ada' },
        { row: 2, name: 'Review', startDate: '2027-03-08', endDate: '2027-03-09', assigneeId: 'u-bea' },
      ],
      skipped: [],
      notes: [],
    });
  });

  it('skips a header row and follows its column order', () => {
    const text = 'Owner\tTask name\tDue date\tStart\nada@example.com\tShip\t2027-04-02\t2027-04-01';
    const { tasks } = pastedRows(text, context);
    expect(tasks).toEqual([{ row: 2, name: 'Ship', startDate: '2027-04-01', endDate: '2027-04-02', assigneeId: 'u-ada' }]);
  });

  it('keeps quoted cells whole: tabs, quotes and line breaks inside them', () => {
    const text = '"Plan ""phase 1""\tand more"\t2027-03-02\t2027-03-03\n"Two\nlines"\t2027-03-04\t2027-03-04';
    expect(pastedRows(text, context).tasks.map((t) => t.name)).toEqual(['Plan "phase 1" and more', 'Two lines']);
  });

  it('reports rows it cannot read, with their row numbers, and adds the rest', () => {
    const text = ['Name\tStart\tEnd', 'Good\t2027-03-02\t2027-03-03', '\t2027-03-02\t2027-03-03', 'Bad date\t31/02/2027\t2027-03-03', 'Backwards\t2027-03-05\t2027-03-01', 'x'.repeat(256)].join('\n');
    const result = pastedRows(text, context);
    expect(result.tasks.map((t) => t.name)).toEqual(['Good']);
    expect(result.skipped).toEqual([
      { row: 3, message: 'No task name' },
      { row: 4, message: '“31/02/2027” is not a date' },
      { row: 5, message: 'The end date is before the start date' },
      { row: 6, message: expect.stringMatching(/255/) },
    ]);
  });

  it('adds a row whose assignee is unknown or ambiguous unassigned, and says so', () => {
    const result = pastedRows('A\t2027-03-02\t2027-03-02\tzed@example.com\nB\t2027-03-02\t2027-03-02\tBea', context);
    expect(result.tasks.map((t) => t.assigneeId)).toEqual([null, null]);
    expect(result.notes.map((n) => n.row)).toEqual([1, 2]);
    expect(result.notes[1]!.message).toMatch(/More than one person/);
  });

  it('gives a row without dates a working week from today, and one with only a start a working week from it', () => {
    const { tasks } = pastedRows('Only a name\nStart only\t2027-03-10', context);
    expect(tasks.map((t) => [t.startDate, t.endDate])).toEqual([
      ['2027-03-01', '2027-03-05'],
      ['2027-03-10', '2027-03-16'],
    ]);
  });

  it('stops at the project’s room and at one update’s limit, reporting the rest', () => {
    const rows = (n: number) => Array.from({ length: n }, (_, i) => `Task ${i + 1}\t2027-03-02\t2027-03-02`).join('\n');
    const full = pastedRows(rows(3), { ...context, room: 2 });
    expect(full.tasks).toHaveLength(2);
    expect(full.skipped).toEqual([{ row: 3, message: 'The project is full: it takes no more tasks' }]);
    const many = pastedRows(rows(MAX_PASTED_ROWS + 2), context);
    expect(many.tasks).toHaveLength(MAX_PASTED_ROWS);
    expect(many.skipped.map((s) => s.row)).toEqual([MAX_PASTED_ROWS + 1, MAX_PASTED_ROWS + 2]);
    expect(many.skipped[0]!.message).toMatch(/at most 100/);
  });
});

describe('[paste-rows-chart] dates and people', () => {
  it('reads numeric dates in the locale’s order and named months in English', () => {
    expect(parsePastedDate('03/04/2027', 'mdy')).toBe('2027-03-04');
    expect(parsePastedDate('03/04/2027', 'dmy')).toBe('2027-04-03');
    expect(parsePastedDate('2027/4/3', 'mdy')).toBe('2027-04-03');
    expect(parsePastedDate('4.3.27', 'dmy')).toBe('2027-03-04');
    expect(parsePastedDate('March 4, 2027', 'dmy')).toBe('2027-03-04');
    expect(parsePastedDate('4 Mar 2027', 'mdy')).toBe('2027-03-04');
    expect(parsePastedDate('2027-03-04T09:00:00', 'mdy')).toBe('2027-03-04');
    for (const bad of ['2027-02-30', 'soon', '13/13/2027', '=NOW()', '']) expect(parsePastedDate(bad, 'dmy')).toBeNull();
  });

  it('knows the date order of a few locales', () => {
    expect(dateOrderOf('en-US')).toBe('mdy');
    expect(dateOrderOf('en-GB')).toBe('dmy');
    expect(dateOrderOf('de-DE')).toBe('dmy');
    expect(dateOrderOf('ja-JP')).toBe('ymd');
  });

  it('matches people by e-mail in any case, full name, or a first name only one person has', () => {
    expect(matchPerson('ADA@example.com ', people)).toMatchObject({ id: 'u-ada' });
    expect(matchPerson('ada  lovelace', people)).toMatchObject({ id: 'u-ada' });
    expect(matchPerson('Ada', people)).toMatchObject({ id: 'u-ada' });
    expect(matchPerson('Bea', people)).toBe('ambiguous');
    expect(matchPerson('Nobody', people)).toBeNull();
  });
});

describe('[paste-rows-calendar] pasted dates on the project’s working calendar', () => {
  const calendarOf = (workingWeekdays: number[], holidays: string[] = []): WorkCalendar => {
    const made = createWorkCalendar({ workingWeekdays, holidays });
    if (!made.ok) throw new Error('bad calendar in the test');
    return made.calendar;
  };
  const datesOf = (text: string, over: Partial<PasteContext> = {}) => pastedRows(text, { ...context, ...over }).tasks.map((t) => [t.startDate, t.endDate]);

  it('moves a start on a weekend to the next working day and an end on one to the working day before', () => {
    // Saturday 6 March to Sunday 14 March: Monday 8 to Friday 12.
    expect(datesOf('Weekend ends\t2027-03-06\t2027-03-14')).toEqual([['2027-03-08', '2027-03-12']]);
    // Working days are kept as pasted.
    expect(datesOf('Weekdays\t2027-03-02\t2027-03-09')).toEqual([['2027-03-02', '2027-03-09']]);
  });

  it('skips the project’s holidays and weekdays it does not work', () => {
    // Monday 8 March a holiday, Friday not worked: a start on the holiday goes to Tuesday, an end on Friday back to Thursday.
    const calendar = calendarOf([1, 2, 3, 4], ['2027-03-08']);
    expect(datesOf('Holiday start\t2027-03-08\t2027-03-12', { calendar })).toEqual([['2027-03-09', '2027-03-11']]);
  });

  it('makes a row that holds no working day one working day after it', () => {
    expect(datesOf('Saturday and Sunday\t2027-03-06\t2027-03-07')).toEqual([['2027-03-08', '2027-03-08']]);
  });

  it('counts a start-only row’s working week past weekends and holidays, on the calendar’s own week', () => {
    // From Saturday 1 May: Monday 3 to Friday 7.
    expect(datesOf('Start only\t2027-05-01')).toEqual([['2027-05-03', '2027-05-07']]);
    // A holiday inside the week pushes the end one working day later.
    expect(datesOf('Start only\t2027-05-03', { calendar: calendarOf([1, 2, 3, 4, 5], ['2027-05-05']) })).toEqual([['2027-05-03', '2027-05-10']]);
    // A six-day week lasts six working days: Monday to Saturday.
    expect(datesOf('Start only\t2027-05-03', { calendar: calendarOf([1, 2, 3, 4, 5, 6]) })).toEqual([['2027-05-03', '2027-05-08']]);
  });

  it('starts a row without dates, or with an end only, on the first working day from today', () => {
    const saturday = '2027-03-06';
    expect(datesOf('No dates\nEnd only\t\t2027-03-17', { today: saturday })).toEqual([
      ['2027-03-08', '2027-03-12'],
      ['2027-03-08', '2027-03-17'],
    ]);
    // An end already past (a Sunday) is one working day: the Friday before it.
    expect(datesOf('Past end\t\t2027-02-28')).toEqual([['2027-02-26', '2027-02-26']]);
  });

  it('still refuses an end before the start, judged on the dates as pasted', () => {
    expect(pastedRows('Backwards\t2027-03-07\t2027-03-06', context).skipped).toEqual([{ row: 1, message: 'The end date is before the start date' }]);
  });
});
