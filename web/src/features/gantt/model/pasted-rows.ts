import { displayName, isCalendarDate, MAX_TASKS_PER_UPDATE, snapToWorkingDay, taskFieldSchemas, type WorkCalendar } from '@planline/domain';
import Papa from 'papaparse';

/**
 * [paste-rows-chart] Rows copied from a spreadsheet and pasted on the chart (issue 37): tab-separated cells, in the
 * order name, start, end, assignee unless a header row names the columns (then that row is skipped and its order
 * is used). Pure: the person's date order, today, the project's working calendar and its people are inputs.
 */

/** Most rows one paste adds: one document update may add no more tasks (the server closes a connection that does). */
export const MAX_PASTED_ROWS = MAX_TASKS_PER_UPDATE;

export type DateOrder = 'dmy' | 'mdy' | 'ymd';
type Column = 'name' | 'start' | 'end' | 'assignee';

export interface PastePerson {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

export interface PastedTask {
  /** The row's number as the person sees it in the sheet they copied (the header is row 1). */
  row: number;
  name: string;
  startDate: string;
  endDate: string;
  assigneeId: string | null;
}

export interface PasteProblem {
  row: number;
  message: string;
}

export interface PastedRows {
  tasks: PastedTask[];
  /** Rows left out, each with why. */
  skipped: PasteProblem[];
  /** Rows added, with something the person should know (an assignee not found). */
  notes: PasteProblem[];
}

export interface PasteContext {
  today: string;
  dateOrder: DateOrder;
  people: readonly PastePerson[];
  /** The project's working calendar: pasted dates land on its working days, as a dragged bar does. */
  calendar: WorkCalendar;
  /** How many more tasks the project takes (its cap less what it holds). */
  room: number;
}

const HEADERS: Record<Column, readonly string[]> = {
  name: ['name', 'task', 'task name', 'title', 'summary', 'activity'],
  start: ['start', 'start date', 'begin', 'begins', 'from'],
  end: ['end', 'end date', 'finish', 'finish date', 'due', 'due date', 'until', 'to'],
  assignee: ['assignee', 'assigned to', 'owner', 'resource', 'resource names', 'person', 'who', 'email', 'assignee email'],
};
const DEFAULT_COLUMNS: readonly Column[] = ['name', 'start', 'end', 'assignee'];

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** The order a locale writes numeric dates in ('en-US' mdy, 'en-GB' and 'de' dmy, 'ja' and 'sv' ymd). */
export function dateOrderOf(locale: string | undefined): DateOrder {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat(locale, { timeZone: 'UTC' }).formatToParts(new Date(Date.UTC(2001, 10, 22)));
  } catch {
    return 'ymd';
  }
  const order = parts.filter((p) => p.type === 'day' || p.type === 'month' || p.type === 'year').map((p) => p.type[0]).join('');
  return order === 'mdy' || order === 'dmy' ? order : 'ymd';
}

const pad = (n: number) => String(n).padStart(2, '0');
function calendarDate(year: number, month: number, day: number): string | null {
  const fullYear = year < 100 ? 2000 + year : year;
  const date = `${String(fullYear).padStart(4, '0')}-${pad(month)}-${pad(day)}`;
  return isCalendarDate(date) ? date : null;
}

/**
 * A date cell: ISO (2027-03-04, or with a time after it), the locale's numeric order (04/03/2027, 4.3.27), or a
 * month by name in English ("4 Mar 2027", "March 4, 2027"). Null when it cannot be read.
 */
export function parsePastedDate(cell: string, order: DateOrder): string | null {
  const text = cell.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(text);
  if (iso) return calendarDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const numeric = /^(\d{1,4})[./-](\d{1,2})[./-](\d{1,4})\.?$/.exec(text);
  if (numeric) {
    const [a, b, c] = [Number(numeric[1]), Number(numeric[2]), Number(numeric[3])];
    if (numeric[1]!.length === 4) return calendarDate(a, b, c);
    if (order === 'mdy') return calendarDate(c, a, b);
    if (order === 'dmy') return calendarDate(c, b, a);
    return null;
  }
  const named = /^(?:(\d{1,2})\.?\s+([a-z]+)\.?,?\s+(\d{2,4})|([a-z]+)\.?\s+(\d{1,2}),?\s+(\d{2,4}))$/i.exec(text);
  if (named) {
    const monthName = (named[2] ?? named[4])!.toLowerCase();
    const month = MONTHS.findIndex((m) => monthName.startsWith(m)) + 1;
    if (month === 0) return null;
    return calendarDate(Number(named[3] ?? named[6]), month, Number(named[1] ?? named[5]));
  }
  return null;
}

/** The person a cell names: their e-mail, their full name, or a first name only they have among the project's people. */
export function matchPerson(cell: string, people: readonly PastePerson[]): PastePerson | null | 'ambiguous' {
  const text = cell.trim().toLowerCase().replace(/\s+/g, ' ');
  const byEmail = people.find((p) => p.email.toLowerCase() === text);
  if (byEmail) return byEmail;
  const byName = people.filter((p) => displayName(p).toLowerCase() === text || `${p.firstName} ${p.lastName}`.trim().toLowerCase() === text);
  if (byName.length === 1) return byName[0]!;
  const byFirst = people.filter((p) => p.firstName.trim().toLowerCase() === text);
  if (byName.length > 1 || byFirst.length > 1) return 'ambiguous';
  return byFirst[0] ?? null;
}

/** The header row's columns, when the first row is one: at least two cells name a column, or only a name cell does. */
function headerColumns(cells: readonly string[]): (Column | null)[] | null {
  const columns = cells.map((cell) => {
    const text = cell.trim().toLowerCase().replace(/[\s_]+/g, ' ').replace(/[:*]$/, '');
    return (Object.keys(HEADERS) as Column[]).find((column) => HEADERS[column].includes(text)) ?? null;
  });
  const named = columns.filter((c) => c !== null).length;
  return named >= 2 || (named === 1 && columns.includes('name')) ? columns : null;
}

/**
 * [paste-rows-calendar] A row's dates on the project's working calendar, the way a dragged bar lands
 * (snapToWorkingDay): a start on a weekend or holiday moves to the next working day, an end on one to the working
 * day before it, so no pasted bar begins or ends on a day nobody works. A row whose two dates hold no working day
 * (Saturday to Sunday) becomes the one working day after them.
 *
 * A row without an end lasts one working week from its start: as many working days as the calendar works in a
 * week (five on Monday–Friday, so Monday to Friday), counted past holidays, the way quick add gives a new task a
 * week. A row without a start begins today (or on the next working day) and runs to its end; when that end is
 * before today, the task is its end's working day alone. A row without dates starts today and lasts a working week.
 */
function workingDates(start: string | null, end: string | null, context: Pick<PasteContext, 'today' | 'calendar'>): { startDate: string; endDate: string } {
  const { calendar } = context;
  const aWorkingWeekFrom = (date: string) => calendar.addWorkingDays(date, calendar.workingWeekdays.length - 1);
  if (start) {
    const startDate = snapToWorkingDay(start, 1, calendar);
    if (!end) return { startDate, endDate: aWorkingWeekFrom(startDate) };
    const endDate = snapToWorkingDay(end, -1, calendar);
    return { startDate, endDate: endDate < startDate ? startDate : endDate };
  }
  const today = snapToWorkingDay(context.today, 1, calendar);
  if (!end) return { startDate: today, endDate: aWorkingWeekFrom(today) };
  const endDate = snapToWorkingDay(end, -1, calendar);
  // An end before today (or before the next working day) leaves its working day alone.
  return { startDate: today <= endDate ? today : endDate, endDate };
}

/** What pasting `text` on the chart adds: one task per readable row, and why each other row is left out. */
export function pastedRows(text: string, context: PasteContext): PastedRows {
  const parsed = Papa.parse<string[]>(text.replace(/\r\n?/g, '\n').replace(/\n+$/, ''), { delimiter: '\t', quoteChar: '"', skipEmptyLines: 'greedy' });
  const rows = parsed.data;
  const header = rows[0] ? headerColumns(rows[0]) : null;
  const columns = header ?? DEFAULT_COLUMNS;
  const cellOf = (cells: readonly string[], column: Column) => {
    const index = columns.indexOf(column);
    return index >= 0 ? (cells[index] ?? '').trim() : '';
  };

  const result: PastedRows = { tasks: [], skipped: [], notes: [] };
  const room = Math.max(0, Math.min(MAX_PASTED_ROWS, context.room));
  rows.forEach((cells, index) => {
    if (header && index === 0) return;
    const row = index + 1;
    const skip = (message: string) => result.skipped.push({ row, message });
    // A name is one line: a cell's line breaks and tabs become spaces. The server would refuse what the task
    // schema refuses, so the row is reported with the schema's own message instead.
    const rawName = cellOf(cells, 'name').replace(/\s+/g, ' ');
    if (!rawName) return skip('No task name');
    const checked = taskFieldSchemas.name.safeParse(rawName);
    if (!checked.success) return skip(checked.error.issues[0]?.message ?? 'The task name cannot be used');
    const name = checked.data;
    const startCell = cellOf(cells, 'start');
    const endCell = cellOf(cells, 'end');
    const start = startCell ? parsePastedDate(startCell, context.dateOrder) : null;
    if (startCell && !start) return skip(`“${startCell}” is not a date`);
    const end = endCell ? parsePastedDate(endCell, context.dateOrder) : null;
    if (endCell && !end) return skip(`“${endCell}” is not a date`);
    if (start && end && end < start) return skip('The end date is before the start date');
    const { startDate, endDate } = workingDates(start, end, context);
    if (result.tasks.length >= room) {
      return skip(
        context.room <= result.tasks.length
          ? 'The project is full: it takes no more tasks'
          : `One paste adds at most ${MAX_PASTED_ROWS} tasks`,
      );
    }

    let assigneeId: string | null = null;
    const assigneeCell = cellOf(cells, 'assignee');
    if (assigneeCell) {
      const person = matchPerson(assigneeCell, context.people);
      if (person === 'ambiguous') result.notes.push({ row, message: `More than one person is called “${assigneeCell}”: left unassigned` });
      else if (!person) result.notes.push({ row, message: `Nobody in this project is “${assigneeCell}”: left unassigned` });
      else assigneeId = person.id;
    }
    result.tasks.push({ row, name, startDate, endDate, assigneeId });
  });
  return result;
}
