import { LINK_TYPES, type LinkType } from '../schemas/dependency.js';
import { HOURS_PER_DAY_DEFAULT } from '../schemas/workload.js';
import { DAY_MS, isCalendarDate } from '../timeline/calendar-date.js';

/**
 * [sheet-cells] One cell of a CSV or Excel task sheet read as a value (issue 37). Pure: the locale and the working
 * week come in as arguments. Each reader answers a value, a value with a warning (read, but not quite as
 * written), or a message saying what to write instead.
 */

/** A cell as the file gives it: CSV cells are text; Excel cells may be numbers, booleans or dates. */
export type SheetCell = string | number | boolean | Date | null;

export type CellRead<T> = { ok: true; value: T; warning?: string } | { ok: false; message: string };

const ok = <T>(value: T, warning?: string): CellRead<T> => (warning ? { ok: true, value, warning } : { ok: true, value });
const fail = (message: string): CellRead<never> => ({ ok: false, message });

/** Hours in a working day when a sheet gives hours ("16h" is 2 days): MS Project's default, and ours. */
export const SHEET_HOURS_PER_DAY = HOURS_PER_DAY_DEFAULT;
/** Working days in a month ("2 mo"), MS Project's default. */
export const SHEET_DAYS_PER_MONTH = 20;
/** The longest duration a sheet may give, in working days (about 40 years): past it, a typo. */
export const SHEET_MAX_DURATION_DAYS = 10_000;

/** The cell as text, trimmed; '' for an empty cell. */
export function sheetCellText(cell: SheetCell): string {
  if (cell === null) return '';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString().slice(0, 10);
  return String(cell).trim();
}

/**
 * [sheet-formula] Whether a text cell would be a formula to a spreadsheet that opened it: it starts with = + - @
 * (or a tab or carriage return, OWASP's list) and is not a plain number such as -3 or +2.5. We never evaluate
 * it; the reader keeps the text and warns.
 */
export function looksLikeFormula(text: string): boolean {
  if (!/^[=+\-@\t\r]/.test(text)) return false;
  return !/^[+-]?\d+(?:[.,]\d+)?%?$/.test(text.trim());
}

// ---------------------------------------------------------------------------------------------------------------
// Dates

export type DateOrder = 'MDY' | 'DMY' | 'YMD';

/**
 * The order a locale writes numeric dates in, from Intl itself (en-US month first, en-GB and de day first, ja
 * year first). An unknown or missing locale reads as en-US, the most common writer of ambiguous dates.
 */
export function dateOrderOf(locale: string | undefined): DateOrder {
  const tag = (locale ?? '').split(/[,;]/)[0]!.trim() || 'en-US';
  let order = dateOrders.get(tag);
  if (order === undefined) {
    order = localeDateOrder(tag);
    if (dateOrders.size >= DATE_ORDERS_KEPT) dateOrders.clear();
    dateOrders.set(tag, order);
  }
  return order;
}

/** Orders by locale tag: making an Intl.DateTimeFormat costs ~0.1 ms, and a sheet has two dates a row. */
const dateOrders = new Map<string, DateOrder>();
const DATE_ORDERS_KEPT = 256;

function localeDateOrder(tag: string): DateOrder {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat(tag, { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' }).formatToParts(0);
  } catch {
    return 'MDY';
  }
  const order = parts
    .filter((p) => p.type === 'day' || p.type === 'month' || p.type === 'year')
    .map((p) => p.type[0]!.toUpperCase())
    .join('');
  return order === 'DMY' || order === 'YMD' ? order : 'MDY';
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const WEEKDAY_PREFIX = /^(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?\s+/i;
const TIME_SUFFIX = /(?:[T\s]+\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?\s*(?:[ap]\.?m\.?)?\s*(?:z|[+-]\d{2}:?\d{2})?)$/i;

/** Two-digit years are 2000-2069 below 70, else 19xx (so '26 is 2026 and '99 is 1999). */
export function fullYear(year: number, digits: number): number {
  if (digits > 2) return year;
  return year < 70 ? 2000 + year : 1900 + year;
}

const isoOf = (y: number, m: number, d: number) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/** Days from Excel's day 0 (1899-12-30, which absorbs Excel's phantom 1900-02-29) to 1970-01-01. */
const EXCEL_EPOCH_OFFSET_DAYS = 25_569;
/** Excel serial numbers read as dates: 1950-01-01 .. 2149-12-31. Other numbers in a date column are not dates. */
const EXCEL_SERIAL_MIN = 18_264;
const EXCEL_SERIAL_MAX = 91_313;

function dateExample(order: DateOrder): string {
  return order === 'MDY' ? '03/04/2026 (March 4)' : order === 'DMY' ? '04/03/2026 (4 March)' : '2026/03/04';
}

/**
 * [sheet-dates] A date cell: an Excel date (read by its UTC calendar day, as exceljs gives it), an Excel serial
 * number, ISO ('2026-03-04', with or without a time), numbers in the person's locale order (en-US 03/04/2026 is
 * March 4, en-GB and de 4 March; '.' '/' '-' separators; two-digit years), or English month names ('4 Mar 2026',
 * 'March 4, 2026'). MS Project's own 'Wed 3/4/26 8:00 AM' reads too. Null for an empty cell.
 */
export function readDate(cell: SheetCell, locale: string | undefined): CellRead<string | null> {
  if (cell === null || cell === '') return ok(null);
  if (cell instanceof Date) {
    if (Number.isNaN(cell.getTime())) return fail('The date cell holds no valid date: write the date as 2026-03-04.');
    return checked(isoOf(cell.getUTCFullYear(), cell.getUTCMonth() + 1, cell.getUTCDate()), String(cell));
  }
  if (typeof cell === 'number') {
    if (Number.isFinite(cell) && cell >= EXCEL_SERIAL_MIN && cell <= EXCEL_SERIAL_MAX) {
      const day = Math.floor(cell) - EXCEL_EPOCH_OFFSET_DAYS;
      return ok(new Date(day * DAY_MS).toISOString().slice(0, 10));
    }
    return fail(`${cell} is not a date: write the date as 2026-03-04.`);
  }
  const original = String(cell).trim();
  if (original === '') return ok(null);
  const text = original.replace(WEEKDAY_PREFIX, '').replace(TIME_SUFFIX, '').trim();
  const order = dateOrderOf(locale);
  const notDate = () => fail(`«${original}» is not a date: write it as 2026-03-04, or as ${dateExample(order)}.`);

  const numeric = /^(\d{1,4})\s*[./-]\s*(\d{1,2})\s*[./-]\s*(\d{1,4})\.?$/.exec(text);
  if (numeric) {
    const [a, b, c] = [numeric[1]!, numeric[2]!, numeric[3]!];
    if (a.length >= 3) return checked(isoOf(fullYear(Number(a), a.length), Number(b), Number(c)), original, order);
    if (c.length === 3) return notDate();
    // Year last (day and month first, in the locale's order; a year-first locale writing it so is day first).
    const year = fullYear(Number(c), c.length);
    const [month, day] = order === 'MDY' ? [Number(a), Number(b)] : [Number(b), Number(a)];
    return checked(isoOf(year, month, day), original, order);
  }

  const words = text.toLowerCase().replace(/,/g, ' ').replace(/(\d)(st|nd|rd|th)\b/g, '$1').split(/[\s./-]+/).filter(Boolean);
  if (words.length === 3) {
    const monthAt = words.findIndex((w) => /^[a-z]{3,}$/.test(w) && MONTHS.includes(w.slice(0, 3)));
    const numbers = words.filter((_, i) => i !== monthAt);
    if (monthAt >= 0 && numbers.every((w) => /^\d{1,4}$/.test(w))) {
      const month = MONTHS.indexOf(words[monthAt]!.slice(0, 3)) + 1;
      // '2026 Mar 4' is year first; otherwise the day comes before the year ('4 Mar 26', 'Mar 4 2026').
      const [day, year] = numbers[0]!.length >= 3 ? [numbers[1]!, numbers[0]!] : [numbers[0]!, numbers[1]!];
      return checked(isoOf(fullYear(Number(year), year.length), month, Number(day)), original, order);
    }
  }
  return notDate();
}

function checked(iso: string, original: string, order: DateOrder = 'MDY'): CellRead<string> {
  if (!isCalendarDate(iso)) return fail(`«${original}» is not a day of the calendar: write it as 2026-03-04, or as ${dateExample(order)}.`);
  const year = Number(iso.slice(0, 4));
  if (year < 1950 || year > 2149) return fail(`«${original}» is in ${year}: dates from 1950 to 2149 are read.`);
  return ok(iso);
}

// ---------------------------------------------------------------------------------------------------------------
// Durations and lags

type Unit = 'days' | 'weeks' | 'months' | 'hours' | 'minutes' | 'percent';

// Maps, not plain objects: a cell's word must never find an Object.prototype member ('constructor').
const UNITS = new Map<string, Unit>();
for (const [unit, names] of Object.entries({
  days: ['', 'd', 'dy', 'dys', 'day', 'days', 'wd', 'workday', 'workdays', 'ed', 'eday', 'edays', 'tag', 'tage', 't', 'j', 'jours'],
  weeks: ['w', 'wk', 'wks', 'week', 'weeks', 'ew', 'ewk', 'ewks', 'eweeks'],
  months: ['mo', 'mon', 'mons', 'month', 'months', 'emo'],
  hours: ['h', 'hr', 'hrs', 'hour', 'hours', 'eh', 'ehr', 'ehrs', 'std'],
  minutes: ['m', 'min', 'mins', 'minute', 'minutes', 'em', 'emin'],
  percent: ['%'],
} satisfies Record<Unit, string[]>)) {
  for (const name of names) UNITS.set(name, unit as Unit);
}

interface Amount {
  value: number;
  unit: Unit;
  text: string;
}

/** '5d', '5 days', '3 wks', '16h', '2,5 days', '5 days?' (MS Project's estimated mark), or a number (days). */
function readAmount(text: string): Amount | null {
  const match = /^(\d+(?:[.,]\d+)?|[.,]\d+)\s*([a-z%]*)\s*\??$/i.exec(text.trim());
  if (!match) return null;
  const unit = UNITS.get(match[2]!.toLowerCase());
  if (!unit) return null;
  return { value: Number(match[1]!.replace(',', '.')), unit, text: text.trim() };
}

/** An amount in working days (possibly fractional), with the working week's length for weeks. */
function inDays(amount: Amount, daysPerWeek: number): number {
  switch (amount.unit) {
    case 'weeks':
      return amount.value * daysPerWeek;
    case 'months':
      return amount.value * SHEET_DAYS_PER_MONTH;
    case 'hours':
      return amount.value / SHEET_HOURS_PER_DAY;
    case 'minutes':
      return amount.value / (SHEET_HOURS_PER_DAY * 60);
    default:
      return amount.value;
  }
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Rounds half away from zero, so a lead of -0.5 days is -1 as a lag of 0.5 is 1. */
const roundDays = (days: number) => Math.sign(days) * Math.round(Math.abs(days));

/** `days` as whole working days, with a warning when they were not whole (the fraction shown to two places). */
function wholeDays(days: number, amount: Amount, least: number): CellRead<number> {
  const whole = Math.max(least, roundDays(days));
  if (Math.abs(days - whole) < 1e-9) return ok(whole);
  const shown = Math.round(days * 100) / 100;
  const why = amount.unit === 'hours' || amount.unit === 'minutes' ? ` at ${SHEET_HOURS_PER_DAY} hours a day` : '';
  return ok(whole, `«${amount.text}» is ${shown} working days${why}: read as ${plural(whole, 'day')}.`);
}

/**
 * [sheet-durations] A duration cell in whole working days: 0 is a milestone; hours count 8 to the day, weeks the
 * calendar's working days in a week, months 20 days. A fraction of a day is rounded (a task lasts at least one
 * day) with a warning. Null for an empty cell.
 */
export function readDuration(cell: SheetCell, workingDaysPerWeek: number): CellRead<number | null> {
  if (cell === null || cell === '') return ok(null);
  if (cell instanceof Date || typeof cell === 'boolean') return fail('The duration is not a number of days: write it as 5d, 5 days, 3 wks or 16h.');
  const text = String(cell).trim();
  if (text === '') return ok(null);
  const amount = typeof cell === 'number' ? { value: cell, unit: 'days' as const, text } : readAmount(text);
  if (!amount || amount.unit === 'percent' || !Number.isFinite(amount.value) || amount.value < 0) {
    return fail(`«${text}» is not a duration: write it as 5d, 5 days, 3 wks or 16h (0 for a milestone).`);
  }
  const days = inDays(amount, workingDaysPerWeek);
  if (days > SHEET_MAX_DURATION_DAYS) return fail(`«${text}» is longer than ${SHEET_MAX_DURATION_DAYS} working days: check the duration.`);
  return days === 0 ? ok(0) : wholeDays(days, amount, 1);
}

export type Lag = { days: number } | { percent: number };

/** A lag after its sign ('2d', '16h', '1w', '50%'): whole working days, or a percent of the predecessor's duration. */
function readLag(sign: 1 | -1, text: string, workingDaysPerWeek: number): CellRead<Lag> {
  const amount = readAmount(text);
  if (!amount) return fail(`«${text}» is not a lag: write it as 2d, 16h or 1w.`);
  if (amount.unit === 'percent') return ok({ percent: sign * amount.value });
  const read = wholeDays(sign * inDays(amount, workingDaysPerWeek), amount, -Infinity);
  return read.ok ? ok({ days: read.value }, read.warning) : read;
}

// ---------------------------------------------------------------------------------------------------------------
// Predecessors

export interface PredecessorRef {
  /** The predecessor as written: a row number, or a value of the ID column. */
  ref: string;
  type: LinkType;
  lag: Lag;
}

const PREDECESSOR = /^(.+?)\s*(FS|SS|FF|SF)?\s*(?:([+-])\s*([^+-]+))?$/i;

/**
 * [sheet-predecessors] A predecessors cell, MS Project's notation: '3FS+2d, 5SS-1d, 7' (',' or ';' between
 * links; FS when no type is given; a lag in days, hours, weeks or a percent of the predecessor's duration,
 * negative for a lead). `isKnown` tells a whole item that is itself an ID ('A-1') from an ID followed by a lag.
 * Each item that cannot be read gives a message; the others are read.
 */
export function readPredecessors(
  cell: SheetCell,
  workingDaysPerWeek: number,
  isKnown: (ref: string) => boolean = () => false,
): { links: PredecessorRef[]; warnings: string[]; problems: string[] } {
  const links: PredecessorRef[] = [];
  const warnings: string[] = [];
  const problems: string[] = [];
  const text = typeof cell === 'number' ? String(cell) : sheetCellText(cell);
  for (const item of text.split(/[,;]/).map((s) => s.trim()).filter(Boolean)) {
    if (isKnown(item)) {
      links.push({ ref: item, type: 'FS', lag: { days: 0 } });
      continue;
    }
    const match = PREDECESSOR.exec(item);
    if (!match) {
      problems.push(`«${item}» is not a predecessor: write it as 3, 3FS, 3SS+2d or 3FF-1d.`);
      continue;
    }
    const type = (match[2]?.toUpperCase() ?? 'FS') as LinkType;
    let lag: Lag = { days: 0 };
    if (match[3]) {
      const read = readLag(match[3] === '-' ? -1 : 1, match[4]!, workingDaysPerWeek);
      if (!read.ok) {
        problems.push(`In «${item}», ${read.message}`);
        continue;
      }
      if (read.warning) warnings.push(`In «${item}», ${read.warning}`);
      lag = read.value;
    }
    links.push({ ref: match[1]!.trim(), type: LINK_TYPES.includes(type) ? type : 'FS', lag });
  }
  return { links, warnings, problems };
}

// ---------------------------------------------------------------------------------------------------------------
// Progress, status, priority

/**
 * [sheet-progress] A progress cell as a whole percent: '40%', '40', '0.4' (a fraction, as Excel stores 40%) or
 * '0,4'. Past 100 it is read as 100 with a warning. Null for an empty cell.
 */
export function readProgress(cell: SheetCell): CellRead<number | null> {
  if (cell === null || cell === '') return ok(null);
  if (typeof cell === 'boolean') return ok(cell ? 100 : 0);
  if (cell instanceof Date) return fail('The progress is not a percent: write it as 40% or 0.4.');
  const text = String(cell).trim();
  if (text === '') return ok(null);
  let percent: number;
  if (typeof cell === 'number') {
    percent = cell > 0 && cell < 1 ? cell * 100 : cell;
  } else {
    const match = /^(\d+(?:[.,]\d+)?|[.,]\d+)\s*(%)?$/.exec(text);
    if (!match) return fail(`«${text}» is not a progress: write it as 40%, 40 or 0.4.`);
    const value = Number(match[1]!.replace(',', '.'));
    // A bare number with a decimal point up to 1 is a fraction ('0.4', '1.0'); '1' or '40' are percents.
    percent = !match[2] && /[.,]/.test(match[1]!) && value <= 1 ? value * 100 : value;
  }
  if (!Number.isFinite(percent) || percent < 0) return fail(`«${text}» is not a progress: write it as 40%, 40 or 0.4.`);
  const whole = Math.round(percent);
  if (whole > 100) return ok(100, `Progress «${text}» is more than 100%: read as 100%.`);
  return ok(whole);
}

type Status = 'pending' | 'in_progress' | 'completed' | 'blocked';
type Priority = 'low' | 'medium' | 'high' | 'critical';

const STATUS_WORDS = new Map<string, Status>();
for (const [status, words] of Object.entries({
  pending: ['pending', 'notstarted', 'todo', 'open', 'new', 'backlog', 'planned', 'notyetstarted', 'scheduled', 'ready'],
  in_progress: ['inprogress', 'started', 'doing', 'active', 'ongoing', 'working', 'wip', 'underway', 'inreview', 'review'],
  completed: ['completed', 'complete', 'done', 'closed', 'finished', 'resolved', 'delivered'],
  blocked: ['blocked', 'onhold', 'hold', 'waiting', 'stuck', 'paused', 'atrisk'],
} satisfies Record<Status, string[]>)) {
  for (const word of words) STATUS_WORDS.set(word, status as Status);
}

const PRIORITY_WORDS = new Map<string, Priority>();
for (const [priority, words] of Object.entries({
  low: ['low', 'lowest', 'lower', 'verylow', 'minor', 'trivial', 'p4', 'p5'],
  medium: ['medium', 'normal', 'moderate', 'med', 'average', 'p3'],
  high: ['high', 'higher', 'major', 'important', 'veryhigh', 'p2'],
  critical: ['critical', 'urgent', 'highest', 'blocker', 'asap', 'p1', 'p0'],
} satisfies Record<Priority, string[]>)) {
  for (const word of words) PRIORITY_WORDS.set(word, priority as Priority);
}

const wordOf = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** [sheet-status] 'Not started', 'In progress', 'Done', 'On hold'…; an unknown word is left unset with a warning. */
export function readStatus(cell: SheetCell): CellRead<Status | null> {
  const text = sheetCellText(cell);
  if (text === '') return ok(null);
  const status = STATUS_WORDS.get(wordOf(text));
  return status ? ok(status) : ok(null, `Status «${text}» is not one we know (Not started, In progress, Done, Blocked): left unset.`);
}

/**
 * [sheet-priority] 'Low', 'Normal', 'High', 'Urgent', P1-P4…, or MS Project's 0-1000 (500 is medium). An unknown
 * word is left unset with a warning.
 */
export function readPriority(cell: SheetCell): CellRead<Priority | null> {
  const text = sheetCellText(cell);
  if (text === '') return ok(null);
  if (/^\d+$/.test(text)) {
    const n = Number(text);
    if (n <= 1000) return ok(n < 400 ? 'low' : n < 600 ? 'medium' : n < 800 ? 'high' : 'critical');
  }
  const priority = PRIORITY_WORDS.get(wordOf(text));
  return priority ? ok(priority) : ok(null, `Priority «${text}» is not one we know (Low, Medium, High, Critical): left unset.`);
}
