import { MONTH_NAMES } from '../timeline/calendar-date.js';
import type { OverloadSpan } from './load.js';

/**
 * The words of issue 36 for an over-allocation, written once for the chart's marker, the leveling preview and the
 * history reason. Days are 'yyyy-MM-dd' strings read as written (no Date, no time zone).
 */

const monthOf = (index: number) => MONTH_NAMES[index]!.slice(0, 3);
const month = (date: string) => monthOf(Number(date.slice(5, 7)) - 1);
const day = (date: string) => String(Number(date.slice(8, 10)));

/** '3 Mar', '3-5 Mar', '30 Mar-2 Apr', and with years when the range crosses one: '30 Dec 2026-2 Jan 2027'. */
export function formatDayRange(from: string, to: string): string {
  if (from === to) return `${day(from)} ${month(from)}`;
  if (from.slice(0, 4) !== to.slice(0, 4)) return `${day(from)} ${month(from)} ${from.slice(0, 4)}-${day(to)} ${month(to)} ${to.slice(0, 4)}`;
  if (from.slice(0, 7) !== to.slice(0, 7)) return `${day(from)} ${month(from)}-${day(to)} ${month(to)}`;
  return `${day(from)}-${day(to)} ${month(to)}`;
}

/** [workload-overload] The marker's tooltip: "Ana is at 150% on 3-5 Mar". */
export function overloadLabel(personName: string, span: Pick<OverloadSpan, 'from' | 'to' | 'peakPercent'>): string {
  return `${personName} is at ${span.peakPercent}% on ${formatDayRange(span.from, span.to)}`;
}

/** A day range as formatDayRange writes it, each of its four forms, built from the same pieces. */
const DAY = '(?:[1-9]|[12][0-9]|3[01])';
const MONTH = `(?:${MONTH_NAMES.map((_, i) => monthOf(i)).join('|')})`;
const YEAR = '[0-9]{4}';
const DAY_RANGE = [`${DAY} ${MONTH}`, `${DAY}-${DAY} ${MONTH}`, `${DAY} ${MONTH}-${DAY} ${MONTH}`, `${DAY} ${MONTH} ${YEAR}-${DAY} ${MONTH} ${YEAR}`].join('|');
const OVER_ALLOCATED = ' over-allocated ';

/** How a leveling move's history reason begins: what the chart's edit may carry to the server (protocol.ts). */
export const LEVELLED_REASON_PREFIX = 'Levelled: ';

/** [leveling] The history reason of a task leveling moved: "Levelled: Ana over-allocated 3-5 Mar". */
export function levelledReason(personName: string, overload: { from: string; to: string }): string {
  return `${LEVELLED_REASON_PREFIX}${personName}${OVER_ALLOCATED}${formatDayRange(overload.from, overload.to)}`;
}

/** A person's name as a reason may show it (displayName's, trimmed, or 'Someone'): one line of printable text. */
const NAME_END = '[^\\s\\u0000-\\u001f\\u007f]';
const PERSON_NAME = `${NAME_END}(?:[^\\u0000-\\u001f\\u007f]{0,198}${NAME_END})?`;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const LEVELLED_REASON = new RegExp(`^${escape(LEVELLED_REASON_PREFIX)}${PERSON_NAME}${escape(OVER_ALLOCATED)}(?:${DAY_RANGE})$`, 'u');

/** Whether `reason` has exactly the shape levelledReason gives: "Levelled: <name> over-allocated <day range>". */
export function isLevelledReason(reason: string): boolean {
  return LEVELLED_REASON.test(reason);
}
