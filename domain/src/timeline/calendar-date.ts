/**
 * Calendar dates as the product writes them: 'yyyy-MM-dd' strings. Arithmetic runs on day numbers (days since
 * 1970-01-01, from Date.UTC), never on local-time Date objects, so results do not depend on the machine's time
 * zone or its daylight-saving changes (ARCHITECTURE §5, STYLE §6).
 */

/** Milliseconds in a UTC day (UTC has no daylight-saving days): the one definition, for every package. */
export const DAY_MS = 86_400_000;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

export const MONTH_NAMES = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
] as const;
export const WEEKDAY_SHORT_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
export const WEEKDAY_LETTERS = ['S', 'M', 'T', 'W', 'T', 'F', 'S'] as const;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/**
 * Year, month and day of a real 'yyyy-MM-dd' day, else null. Checked by arithmetic, not by a Date round trip:
 * the timeline validates every task's dates whenever it reads the document (20,000 calls for 10,000 tasks).
 * Years before 100 are refused, as Date.UTC, which reads them as 19xx, would make them wrong days.
 */
function parts(date: string): readonly [number, number, number] | null {
  let known = readDates.get(date);
  if (known === undefined) {
    if (readDates.size >= READ_DATES_KEPT) readDates.clear();
    readDates.set(date, (known = readParts(date)));
  }
  return known;
}

/**
 * Days read before, by their text: a plan has a few hundred distinct dates across its tasks, read again at
 * every reading of the document (300,000 reads to paint a 100,000-task plan), so each is checked once.
 */
const readDates = new Map<string, readonly [number, number, number] | null>();
const READ_DATES_KEPT = 4096;

function readParts(date: string): readonly [number, number, number] | null {
  const match = DATE_PATTERN.exec(date);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (y < 100 || m < 1 || m > 12 || d < 1) return null;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  if (d > (m === 2 && leap ? 29 : DAYS_IN_MONTH[m - 1]!)) return null;
  return [y, m, d];
}

/** Whether a value is a real 'yyyy-MM-dd' day (2026-02-30 is not). */
export function isCalendarDate(value: unknown): value is string {
  return typeof value === 'string' && parts(value) !== null;
}

/**
 * Days since 1970-01-01. A bad date throws RangeError('Invalid time value'), the message PRODUCT-SPEC §8 gives
 * for timeline date formatting.
 */
export function dayNumber(date: string): number {
  const p = parts(date);
  if (!p) throw new RangeError('Invalid time value');
  return Date.UTC(p[0], p[1] - 1, p[2]) / DAY_MS;
}

/**
 * Days since 1970-01-01 of a value that may not be a date: null, undefined or not a real day give null. A longer
 * ISO string is read by its date part ('2026-11-23T10:00:00Z' is 2026-11-23). For rules reading stored fields.
 */
export function dayNumberOrNull(value: string | null | undefined): number | null {
  if (!value) return null;
  const p = parts(value.slice(0, 10));
  return p ? Date.UTC(p[0], p[1] - 1, p[2]) / DAY_MS : null;
}

/** The day number of `today`, which must be a real date: a rule given no today is a bug, not an empty answer. */
export function todayDayNumber(today: string): number {
  const day = dayNumberOrNull(today);
  if (day === null) throw new RangeError(`today must be a yyyy-MM-dd date, got '${today}'`);
  return day;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export function fromDayNumber(day: number): string {
  if (!Number.isFinite(day)) throw new RangeError('Invalid time value');
  const d = new Date(Math.round(day) * DAY_MS);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

export function addDays(date: string, days: number): string {
  return fromDayNumber(dayNumber(date) + days);
}

/** Whole days from a to b: daysBetween('2026-11-01', '2026-11-03') is 2. */
export function daysBetween(a: string, b: string): number {
  return dayNumber(b) - dayNumber(a);
}

export function minDate(a: string, b: string): string {
  return a <= b ? a : b;
}

export function maxDate(a: string, b: string): string {
  return a >= b ? a : b;
}

/** 0 = Sunday … 6 = Saturday. 1970-01-01 was a Thursday. */
export function weekday(date: string): number {
  return (((dayNumber(date) + 4) % 7) + 7) % 7;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function startOfMonth(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

export function endOfMonth(date: string): string {
  const [y, m] = parts(date) ?? invalid();
  return `${date.slice(0, 7)}-${pad(daysInMonth(y, m))}`;
}

/** The same day n months on, clamped to the month's length (Jan 31 + 1 month = Feb 28 or 29). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = parts(date) ?? invalid();
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  return `${pad(year, 4)}-${pad(month)}-${pad(Math.min(d, daysInMonth(year, month)))}`;
}

/** 'yyyy-MM-dd' as a Date at UTC midnight: what a spreadsheet date cell holds. */
export function utcMidnight(date: string): Date {
  return new Date(dayNumber(date) * DAY_MS);
}

/** The calendar day a moment falls on where the user is: the one place a local clock is read, given as input. */
export function localCalendarDate(moment: Date): string {
  if (Number.isNaN(moment.getTime())) invalid();
  return `${pad(moment.getFullYear(), 4)}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())}`;
}

/** 'Nov 23, 2026': for labels and accessible names, the same whatever the browser's locale. */
export function formatCalendarDate(date: string): string {
  const [y, m, d] = parts(date) ?? invalid();
  return `${MONTH_NAMES[m - 1]!.slice(0, 3)} ${d}, ${y}`;
}

/** 'Nov 2026'. */
export function formatMonthYear(date: string): string {
  const [y, m] = parts(date) ?? invalid();
  return `${MONTH_NAMES[m - 1]!.slice(0, 3)} ${y}`;
}

function invalid(): never {
  throw new RangeError('Invalid time value');
}
