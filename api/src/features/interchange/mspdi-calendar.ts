import { addDays, addMonths, daysInMonth, DEFAULT_WORKING_WEEKDAYS, MAX_HOLIDAYS, weekday, type ImportedCalendar, type ImportMessage } from '@planline/domain';
import { child, children, datePart, flag, num, text, type XmlNode } from './mspdi-xml.js';

/*
 * Issue 37: the project calendar of an MS Project XML file (the Calendar the Project's CalendarUID names): its working
 * weekdays and its non-working days. MS Project writes exceptions two ways: before Project 2007 as WeekDay entries of
 * DayType 0 with a TimePeriod, since then as an Exceptions list whose entries may recur (daily, weekly, monthly or
 * yearly, for a number of occurrences or up to a date). Both are read and recurring ones expanded; a date written
 * both ways counts once.
 */

/** Exception Type: how an exception recurs (absent or any other value: every day of its TimePeriod). */
const RECURRENCE = { daily: 1, yearlyByDay: 2, yearlyByPosition: 3, monthlyByDay: 4, monthlyByPosition: 5, weekly: 6 } as const;

/** No exception is expanded over more than this many steps (a century of days): a hostile file cannot spin the reader. */
const MAX_RECURRENCE_STEPS = 36_600;
/**
 * Steps of expansion the whole calendar may take, all its exceptions together (a step of a by-position recurrence
 * costs a month's days): thousands of centuries-long exceptions in a few kilobytes once held the event loop for
 * a minute. Ten times the holidays kept (MAX_HOLIDAYS) leaves any real calendar whole.
 */
export const MSPDI_CALENDAR_STEPS = 100_000;

/** What is left of the calendar's expansion steps, shared by all its exceptions. */
interface StepBudget {
  left: number;
}

/** MS Project's DayType: 1 = Sunday … 7 = Saturday; ours: 0 = Sunday … 6 = Saturday. */
const weekdayOfDayType = (dayType: number) => dayType - 1;

/** The calendar the Project's CalendarUID names (else the base calendar, else the first), with the exceptions MS Project could express but Planline cannot (working exceptions) as warnings. */
export function readMspdiCalendar(calendars: XmlNode[], uid: string | null): { calendar: ImportedCalendar; warnings: ImportMessage[] } | null {
  const chosen = calendars.find((c) => text(c, 'UID') === uid) ?? calendars.find((c) => flag(c, 'IsBaseCalendar')) ?? calendars[0];
  if (!chosen) return null;
  const warnings: ImportMessage[] = [];
  const warn = (message: string) => warnings.push({ row: null, message });

  // A derived calendar starts from its base calendar's week and exceptions.
  const baseUid = text(chosen, 'BaseCalendarUID');
  const base = baseUid && baseUid !== '-1' && baseUid !== text(chosen, 'UID') ? calendars.find((c) => text(c, 'UID') === baseUid) : undefined;
  const worked = new Set(DEFAULT_WORKING_WEEKDAYS);
  const offDays = new Set<string>();
  const budget: StepBudget = { left: MSPDI_CALENDAR_STEPS };
  for (const calendar of base ? [base, chosen] : [chosen]) readInto(calendar, worked, offDays, warn, budget);
  if (budget.left <= 0) {
    warn(
      `The calendar's exceptions run past the ${MSPDI_CALENDAR_STEPS.toLocaleString('en-US')} days Planline reads in one file; the rest were left out. Remove old or very long exceptions in MS Project if dates are missing.`,
    );
  }

  let workingWeekdays = [...worked].sort((a, b) => a - b);
  if (!workingWeekdays.length) {
    warn('The calendar has no working weekday; Monday to Friday were used');
    workingWeekdays = [...DEFAULT_WORKING_WEEKDAYS];
  }
  // Only a holiday on a working weekday changes any date; one on a weekend is left out.
  let holidays = [...offDays].filter((d) => workingWeekdays.includes(weekday(d))).sort();
  if (holidays.length > MAX_HOLIDAYS) {
    warn(`The calendar has ${holidays.length.toLocaleString('en-US')} non-working days; the first ${MAX_HOLIDAYS.toLocaleString('en-US')} were kept`);
    holidays = holidays.slice(0, MAX_HOLIDAYS);
  }
  return { calendar: { workingWeekdays, holidays }, warnings };
}

function readInto(calendar: XmlNode, worked: Set<number>, offDays: Set<string>, warn: (message: string) => void, budget: StepBudget): void {
  const name = text(calendar, 'Name') ?? 'the project calendar';
  for (const day of children(child(calendar, 'WeekDays'), 'WeekDay')) {
    const dayType = num(day, 'DayType');
    const working = flag(day, 'DayWorking');
    if (dayType !== null && dayType >= 1 && dayType <= 7) {
      if (working) worked.add(weekdayOfDayType(dayType));
      else worked.delete(weekdayOfDayType(dayType));
    } else if (dayType === 0) {
      // The older encoding of an exception: a TimePeriod of days off (or, working, of extra working days).
      const period = child(day, 'TimePeriod');
      const dates = everyDay(datePart(text(period, 'FromDate')), datePart(text(period, 'ToDate')), budget);
      if (working) warnWorking(warn, name, dates);
      else for (const d of dates) offDays.add(d);
    }
  }
  for (const exception of children(child(calendar, 'Exceptions'), 'Exception')) {
    const dates = exceptionDates(exception, budget);
    // An exception with working times is a working day (a Saturday worked); Planline's calendar has no such day.
    if (flag(exception, 'DayWorking')) warnWorking(warn, text(exception, 'Name') ?? name, dates);
    else for (const d of dates) offDays.add(d);
  }
}

function warnWorking(warn: (message: string) => void, name: string, dates: string[]) {
  if (!dates.length) return;
  const span = dates.length === 1 ? dates[0] : `${dates[0]} to ${dates.at(-1)}`;
  warn(`«${name}» makes ${span} working time; Planline's calendar has no extra working days, so the usual week applies`);
}

/** Every date from `from` to `to` (both included), or none without a start. */
function everyDay(from: string | null, to: string | null, budget: StepBudget): string[] {
  if (!from) return [];
  const dates: string[] = [];
  for (let d = from; d <= (to ?? from) && dates.length < MAX_RECURRENCE_STEPS && budget.left > 0; d = addDays(d, 1)) {
    dates.push(d);
    budget.left--;
  }
  return dates;
}

/**
 * [mspdi-calendar] The dates of one Exception: its TimePeriod's days, or its recurrence expanded within the TimePeriod
 * and, when EnteredByOccurrences is set, for Occurrences dates.
 */
export function exceptionDates(exception: XmlNode, budget: StepBudget = { left: MAX_RECURRENCE_STEPS }): string[] {
  const period = child(exception, 'TimePeriod');
  const from = datePart(text(period, 'FromDate'));
  if (!from) return [];
  const to = datePart(text(period, 'ToDate')) ?? from;
  const type = num(exception, 'Type');
  const occurrences = num(exception, 'Occurrences');
  const limit = flag(exception, 'EnteredByOccurrences') && occurrences !== null && occurrences > 0 ? occurrences : Infinity;
  const every = Math.max(1, Math.floor(num(exception, 'Period') ?? 1));
  const month = num(exception, 'Month');
  const monthDay = num(exception, 'MonthDay');
  const position = num(exception, 'MonthPosition') ?? 0;
  const item = num(exception, 'MonthItem') ?? 0;

  const dates: string[] = [];
  const take = (date: string | null) => {
    if (date && date >= from && date <= to && dates.length < limit) dates.push(date);
  };
  const year = Number(from.slice(0, 4));
  const monthIndex = Number(from.slice(5, 7)) - 1;
  for (let step = 0; step < MAX_RECURRENCE_STEPS && dates.length < limit && budget.left > 0; step++) {
    budget.left -= type === RECURRENCE.monthlyByPosition || type === RECURRENCE.yearlyByPosition ? 31 : 1;
    let first: string;
    switch (type) {
      case RECURRENCE.daily:
        first = addDays(from, step * every);
        take(first);
        break;
      case RECURRENCE.weekly: {
        // Weeks from the Sunday of the first date's week; DaysOfWeek: 1 Sunday, 2 Monday, 4 Tuesday … 64 Saturday.
        const days = num(exception, 'DaysOfWeek') ?? 1 << weekday(from);
        first = addDays(from, step * 7 * every - weekday(from));
        for (let d = 0; d < 7; d++) if (days & (1 << d)) take(addDays(first, d));
        break;
      }
      case RECURRENCE.monthlyByDay:
      case RECURRENCE.monthlyByPosition: {
        first = addMonths(`${from.slice(0, 7)}-01`, step * every);
        take(type === RECURRENCE.monthlyByDay ? dayOfMonth(first, monthDay) : nthOfMonth(first, position, item));
        break;
      }
      case RECURRENCE.yearlyByDay:
      case RECURRENCE.yearlyByPosition: {
        const m = month ?? monthIndex;
        first = `${String(year + step).padStart(4, '0')}-${String(m + 1).padStart(2, '0')}-01`;
        take(type === RECURRENCE.yearlyByDay ? dayOfMonth(first, monthDay) : nthOfMonth(first, position, item));
        break;
      }
      default:
        return everyDay(from, to, budget);
    }
    if (first > to) break;
  }
  return dates;
}

/** Day `day` of the month starting at `monthStart`; null when the month is shorter. */
function dayOfMonth(monthStart: string, day: number | null): string | null {
  const [y, m] = [Number(monthStart.slice(0, 4)), Number(monthStart.slice(5, 7))];
  if (day === null || day < 1 || day > daysInMonth(y, m)) return null;
  return `${monthStart.slice(0, 8)}${String(day).padStart(2, '0')}`;
}

/**
 * The `position`th (0 first … 3 fourth, 4 last) `item` of the month: MonthItem 0 any day, 1 a weekday, 2 a weekend
 * day, 3 … 9 Sunday … Saturday.
 */
function nthOfMonth(monthStart: string, position: number, item: number): string | null {
  const length = daysInMonth(Number(monthStart.slice(0, 4)), Number(monthStart.slice(5, 7)));
  const matches: string[] = [];
  for (let d = 0; d < length; d++) {
    const date = addDays(monthStart, d);
    const wd = weekday(date);
    const ok = item === 0 || (item === 1 ? wd >= 1 && wd <= 5 : item === 2 ? wd === 0 || wd === 6 : wd === item - 3);
    if (ok) matches.push(date);
  }
  return (position >= 4 ? matches.at(-1) : matches[position]) ?? null;
}
