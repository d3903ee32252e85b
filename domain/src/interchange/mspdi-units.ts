/*
 * Issue 37: MS Project XML (MSPDI) units, converted once, here (ARCHITECTURE §3e).
 *
 * MS Project keeps time as working minutes: a link's LinkLag is in tenths of a minute and a Duration is an ISO 8601
 * duration of working time (PT24H0M0S is three 8-hour days, not one). What a "day" is comes from the file's
 * MinutesPerDay (480 by default; 450 for a 7.5-hour day), a week from MinutesPerWeek, a month from DaysPerMonth.
 * Elapsed formats (ed, eh, …) count round-the-clock time instead: 24 hours a day, 7 days a week.
 * LagFormat only says how MS Project shows the lag (days, hours, …); for every format but percent LinkLag holds the
 * same tenths of a minute. Planline counts lag and durations in whole working days, so a reader rounds, and says so.
 */

/** The file's time units (the Project element's MinutesPerDay, MinutesPerWeek and DaysPerMonth). */
export interface MspdiTimeUnits {
  minutesPerDay: number;
  minutesPerWeek: number;
  daysPerMonth: number;
}

/** MS Project's defaults, used when the file leaves a unit out (or gives a nonsense one). */
export const MSPDI_DEFAULT_UNITS: MspdiTimeUnits = Object.freeze({ minutesPerDay: 480, minutesPerWeek: 2400, daysPerMonth: 20 });

export const MSPDI_TENTHS_PER_MINUTE = 10;
const ELAPSED_MINUTES_PER_DAY = 24 * 60;

/** LagFormat (and DurationFormat) codes; `estimated` variants (35 = "m?" …) are these plus 32. */
export const MSPDI_LAG_FORMAT = {
  minutes: 3,
  elapsedMinutes: 4,
  hours: 5,
  elapsedHours: 6,
  days: 7,
  elapsedDays: 8,
  weeks: 9,
  elapsedWeeks: 10,
  months: 11,
  elapsedMonths: 12,
  percent: 19,
  elapsedPercent: 20,
} as const;
const ESTIMATED_OFFSET = 32;

const FORMAT_WORDS: Record<number, [one: string, many: string]> = {
  3: ['minute', 'minutes'],
  4: ['elapsed minute', 'elapsed minutes'],
  5: ['hour', 'hours'],
  6: ['elapsed hour', 'elapsed hours'],
  7: ['day', 'days'],
  8: ['elapsed day', 'elapsed days'],
  9: ['week', 'weeks'],
  10: ['elapsed week', 'elapsed weeks'],
  11: ['month', 'months'],
  12: ['elapsed month', 'elapsed months'],
};

/** The file's units, with MS Project's defaults for those missing, zero or negative. */
export function mspdiTimeUnits(raw: Partial<Record<keyof MspdiTimeUnits, number | null | undefined>>): MspdiTimeUnits {
  const pick = (value: number | null | undefined, fallback: number) => (value !== null && value !== undefined && Number.isFinite(value) && value > 0 ? value : fallback);
  const minutesPerDay = pick(raw.minutesPerDay, MSPDI_DEFAULT_UNITS.minutesPerDay);
  return {
    minutesPerDay,
    // A file that sets only the day keeps MS Project's 5-day week of it.
    minutesPerWeek: pick(raw.minutesPerWeek, minutesPerDay * 5),
    daysPerMonth: pick(raw.daysPerMonth, MSPDI_DEFAULT_UNITS.daysPerMonth),
  };
}

/** The format's plain code (an estimated "d?" reads as "d"); null for one MS Project does not write. */
function baseFormat(lagFormat: number | null): number | null {
  if (lagFormat === null) return MSPDI_LAG_FORMAT.days;
  const base = lagFormat > ESTIMATED_OFFSET ? lagFormat - ESTIMATED_OFFSET : lagFormat;
  return base in FORMAT_WORDS || base === MSPDI_LAG_FORMAT.percent || base === MSPDI_LAG_FORMAT.elapsedPercent ? base : null;
}

const isElapsed = (format: number) => format % 2 === 0;

/** Up to two decimals, without trailing zeros: 1.5, 0.06, 12. */
const short = (value: number) => String(Math.round(value * 100) / 100);

/** Round half away from zero, so a lead rounds as the lag of the same size does. */
const roundWhole = (value: number) => Math.sign(value) * Math.round(Math.abs(value));

export interface LagContext {
  units: MspdiTimeUnits;
  /** Working weekdays in the file's calendar (5 for Monday to Friday): how elapsed time is counted in working days. */
  workingDaysPerWeek: number;
  /** The predecessor's duration in working days: a percent lag is a share of it. */
  predecessorDays: number;
}

export type LagReading = { ok: true; lagDays: number; warning: string | null } | { ok: false; reason: string };

/**
 * [mspdi-lag] A PredecessorLink's LinkLag (tenths of a minute, or percent for the percent formats) as whole working
 * days; negative is a lead, kept. A lag that is not a whole number of days is rounded to the nearest, with a warning
 * saying what the file had; a percent lag is a share of the predecessor's duration, with a warning; an elapsed lag
 * counts calendar days, read as working days at the calendar's ratio (7 elapsed days are 5 working days).
 */
export function mspdiLagToDays(linkLag: number, lagFormat: number | null, context: LagContext): LagReading {
  if (!Number.isFinite(linkLag)) return { ok: false, reason: `The lag "${linkLag}" is not a number` };
  const format = baseFormat(lagFormat);
  if (format === null) return { ok: false, reason: `The lag format ${lagFormat} is not one MS Project writes; the link was read without lag` };
  if (linkLag === 0) return { ok: true, lagDays: 0, warning: null };

  // For both percent formats LinkLag is the percent itself, not tenths of anything (MS Project's schema gives no
  // other unit; MPXJ's MSPDI reader and writer keep the number as is for them, and Aspose documents LinkLag as
  // "tenths of a minute or percent"): 50 with LagFormat 19 is 50 %.
  if (format === MSPDI_LAG_FORMAT.percent) {
    const lagDays = roundWhole((linkLag / 100) * context.predecessorDays);
    return {
      ok: true,
      lagDays,
      warning: `A lag of ${short(linkLag)}% of the predecessor's ${short(context.predecessorDays)} working days was read as ${daysText(lagDays)}`,
    };
  }
  if (format === MSPDI_LAG_FORMAT.elapsedPercent) {
    // e%: the same share of the predecessor's duration, run off in elapsed time (24-hour days, every day), as MS
    // Project turns a working duration into an elapsed one through minutes: 50e% of 10 eight-hour days is 2,400
    // minutes, 1.67 calendar days, not 5 working days.
    const minutes = (linkLag / 100) * context.predecessorDays * context.units.minutesPerDay;
    const lagDays = roundWhole(elapsedToWorkingDays(minutes, context.workingDaysPerWeek));
    return {
      ok: true,
      lagDays,
      warning: `A lag of ${short(linkLag)}% (elapsed) of the predecessor's ${short(context.predecessorDays)} working days was read as ${daysText(lagDays)}`,
    };
  }

  const minutes = linkLag / MSPDI_TENTHS_PER_MINUTE;
  const shown = lagInItsFormat(minutes, format, context.units);
  if (isElapsed(format)) {
    const calendarDays = minutes / ELAPSED_MINUTES_PER_DAY;
    const exact = elapsedToWorkingDays(minutes, context.workingDaysPerWeek);
    const lagDays = roundWhole(exact);
    if (exact === calendarDays && Number.isInteger(exact)) return { ok: true, lagDays, warning: null };
    return { ok: true, lagDays, warning: `A lag of ${shown} (calendar time) was read as ${daysText(lagDays)}` };
  }
  const exact = minutes / context.units.minutesPerDay;
  const lagDays = roundWhole(exact);
  if (Math.abs(exact - lagDays) < 1e-9) return { ok: true, lagDays, warning: null };
  return { ok: true, lagDays, warning: `A lag of ${shown} is not a whole number of working days; it was rounded to ${daysText(lagDays)}` };
}

/** Elapsed minutes as working days: calendar days at the calendar's ratio (7 elapsed days are 5 working days). */
const elapsedToWorkingDays = (minutes: number, workingDaysPerWeek: number) => ((minutes / ELAPSED_MINUTES_PER_DAY) * Math.min(7, Math.max(1, workingDaysPerWeek))) / 7;

const daysText = (days: number) => `${days} working ${Math.abs(days) === 1 ? 'day' : 'days'}`;

/** "12 hours", "1.5 days", "-2 elapsed days": the lag as MS Project shows it. */
function lagInItsFormat(minutes: number, format: number, units: MspdiTimeUnits): string {
  const perUnit: Record<number, number> = {
    3: 1,
    4: 1,
    5: 60,
    6: 60,
    7: units.minutesPerDay,
    8: ELAPSED_MINUTES_PER_DAY,
    9: units.minutesPerWeek,
    10: ELAPSED_MINUTES_PER_DAY * 7,
    11: units.minutesPerDay * units.daysPerMonth,
    12: ELAPSED_MINUTES_PER_DAY * 30,
  };
  const value = minutes / perUnit[format]!;
  const [one, many] = FORMAT_WORDS[format]!;
  return `${short(value)} ${Math.abs(value) === 1 ? one : many}`;
}

/** [mspdi-lag] A lag in working days as LinkLag (tenths of a minute) for LagFormat 7 (days). */
export function daysToMspdiLinkLag(lagDays: number, units: MspdiTimeUnits): number {
  return Math.round(lagDays * units.minutesPerDay * MSPDI_TENTHS_PER_MINUTE);
}

const DURATION_PATTERN = /^(-)?P(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

/**
 * [mspdi-duration] An MSPDI duration (ISO 8601, `PT24H0M0S`) as working minutes. A day part (`P1D`) is 24 hours, as in
 * xsd:duration. Null for anything else (years and months have no fixed length; MS Project does not write them).
 */
export function mspdiDurationMinutes(value: string): number | null {
  const match = DURATION_PATTERN.exec(value.trim());
  if (!match || value.trim() === 'P' || value.trim().endsWith('T')) return null;
  const [, minus, days, hours, minutes, seconds] = match;
  const total = Number(days ?? 0) * ELAPSED_MINUTES_PER_DAY + Number(hours ?? 0) * 60 + Number(minutes ?? 0) + Number(seconds ?? 0) / 60;
  return minus ? -total : total;
}

/** [mspdi-duration] Working minutes as working days of the file's MinutesPerDay (PT24H at 480 is 3 days). */
export function mspdiMinutesToDays(minutes: number, units: MspdiTimeUnits): number {
  return minutes / units.minutesPerDay;
}

/** [mspdi-duration] Working days as an MSPDI duration: 1 day at 450 minutes a day is `PT7H30M0S`. */
export function daysToMspdiDuration(days: number, units: MspdiTimeUnits): string {
  const totalMinutes = Math.round(Math.abs(days) * units.minutesPerDay);
  const hours = Math.floor(totalMinutes / 60);
  return `${days < 0 ? '-' : ''}PT${hours}H${totalMinutes - hours * 60}M0S`;
}
