import { MONTH_NAMES } from '../timeline/calendar-date.js';
import type { OverloadSpan } from './load.js';

/**
 * The words of issue 36 for an over-allocation, written once for the chart's marker, the leveling preview and the
 * history reason. Days are 'yyyy-MM-dd' strings read as written (no Date, no time zone).
 */

const month = (date: string) => MONTH_NAMES[Number(date.slice(5, 7)) - 1]!.slice(0, 3);
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

/** How a leveling move's history reason begins: what the chart's edit may carry to the server (protocol.ts). */
export const LEVELLED_REASON_PREFIX = 'Levelled: ';

/** [leveling] The history reason of a task leveling moved: "Levelled: Ana over-allocated 3-5 Mar". */
export function levelledReason(personName: string, overload: { from: string; to: string }): string {
  return `${LEVELLED_REASON_PREFIX}${personName} over-allocated ${formatDayRange(overload.from, overload.to)}`;
}
