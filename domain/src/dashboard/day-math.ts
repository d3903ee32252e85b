/*
 * Calendar-day arithmetic for the widget rules. Dates are 'yyyy-MM-dd' strings; they are counted as UTC day
 * numbers so that no local time zone or DST change can shift a day. Internal to the dashboard rules (the
 * timeline has its own helpers; these stay out of the package's exports to avoid clashing names).
 */
const DAY_MS = 86_400_000;
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/** The UTC day number of a 'yyyy-MM-dd' date (a longer ISO string is read by its date part); null if not a date. */
export function toDay(date: string | null | undefined): number | null {
  if (!date) return null;
  const match = CALENDAR_DATE.exec(date);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(y, m - 1, d);
  const check = new Date(ms);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) return null;
  return ms / DAY_MS;
}

export function fromDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** `today` is required to be a real date: every rule is meaningless without it. */
export function todayDay(today: string): number {
  const day = toDay(today);
  if (day === null) throw new RangeError(`today must be a yyyy-MM-dd date, got '${today}'`);
  return day;
}
