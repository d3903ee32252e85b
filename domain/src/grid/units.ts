/**
 * [grid-units] The amounts a planner types into the task grid: whole working days ("5", "5d", "5 days") or whole
 * weeks of the project's working calendar ("2w" is 10 working days on a Monday-to-Friday calendar). Stricter than
 * the sheet import (interchange/sheet-cells.ts), which rounds what a file gives: a person typing can fix a fraction
 * at once, so "1.5d" or "8h" is refused with a reason instead of being silently rounded (our tasks are whole days).
 */

export type AmountRead = { ok: true; days: number } | { ok: false; problem: 'not-amount' | 'fraction' | 'hours' };

const DAY_UNITS = new Set(['', 'd', 'day', 'days', 'wd']);
const WEEK_UNITS = new Set(['w', 'wk', 'wks', 'week', 'weeks']);
const HOUR_UNITS = new Set(['h', 'hr', 'hrs', 'hour', 'hours', 'm', 'min', 'mins', 'minute', 'minutes', 'mo', 'mon', 'month', 'months']);
const AMOUNT = /^(\d+(?:[.,]\d*)?|[.,]\d+)\s*([a-z]*)$/i;

/** An unsigned amount in working days; `daysPerWeek` is the calendar's working weekdays. */
export function readWorkingDays(text: string, daysPerWeek: number): AmountRead {
  const match = AMOUNT.exec(text.trim());
  if (!match) return { ok: false, problem: 'not-amount' };
  const unit = match[2]!.toLowerCase();
  const isWeeks = WEEK_UNITS.has(unit);
  if (!isWeeks && !DAY_UNITS.has(unit)) return { ok: false, problem: HOUR_UNITS.has(unit) ? 'hours' : 'not-amount' };
  const value = Number(match[1]!.replace(',', '.'));
  if (!Number.isFinite(value)) return { ok: false, problem: 'not-amount' };
  const days = isWeeks ? value * daysPerWeek : value;
  // "1.0d" is a whole day; "0.5w" on a five-day week is not.
  if (!Number.isInteger(days)) return { ok: false, problem: 'fraction' };
  return { ok: true, days };
}

/** "5d", the grid's spelling of working days (with a sign for a lag when `signed`). */
export function daysText(days: number, signed = false): string {
  return `${signed && days > 0 ? '+' : ''}${days}d`;
}
