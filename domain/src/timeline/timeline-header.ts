import {
  addDays,
  daysBetween,
  daysInMonth,
  endOfMonth,
  MONTH_NAMES,
  minDate,
  WEEKDAY_LETTERS,
  WEEKDAY_SHORT_NAMES,
  weekday,
} from './calendar-date.js';
import { DAY_LABEL_MIN_PX, DAY_VIEW_MIN_DAY_WIDTH_PX } from './timeline-constants.js';
import { rangeContains, rangeDayCount, type RangeKind, type TimelineRange } from './timeline-range.js';

/** The date header views of PRODUCT-SPEC §2: day, biweekly, monthly and quarterly. */
export type HeaderView = 'day' | 'biweekly' | 'monthly' | 'quarterly';

/** One header column: a day, or (quarterly) a month. Offsets and lengths are in days from the range start. */
export interface HeaderCell {
  key: string;
  offsetDays: number;
  days: number;
  /** Day number, or the month's name. */
  label: string;
  /** Weekday letter or short name, or the month's day count ('30 days'). */
  sublabel: string;
  /** Full text for a tooltip or screen reader: 'Mon, Nov 23, 2026' or 'November 2026'. */
  title: string;
  isToday: boolean;
  /** A day the project does not work (its calendar's weekdays off and holidays); false for month cells. */
  nonWorking: boolean;
  /**
   * Whether the cell shows its label (and a grid line): false for the days in between when days are too narrow
   * for every number (dayLabelStep).
   */
  labelled: boolean;
}

/** A band above the cells: months (or years in the quarterly view). */
export interface HeaderBand {
  key: string;
  offsetDays: number;
  days: number;
  label: string;
}

export interface TimelineHeader {
  view: HeaderView;
  cells: HeaderCell[];
  /** False in the biweekly view of 21 days or fewer, and in the quarterly view (its cells are the months). */
  showMonthBand: boolean;
  bands: HeaderBand[];
  /** Where the 'Today' label and marker go, in days from the range start; null when today is outside. */
  today: { offsetDays: number; label: 'Today' } | null;
}

/**
 * Which header a range gets: its own view, or 'day' once days are wide enough to name the weekday.
 * `kind` null means a range that is none of the three (Fit): it is treated by its length.
 */
export function headerViewFor(kind: RangeKind | null, range: TimelineRange, dayWidthPx: number): HeaderView {
  if (dayWidthPx >= DAY_VIEW_MIN_DAY_WIDTH_PX) return 'day';
  if (kind) return kind;
  const days = rangeDayCount(range);
  return days <= 22 ? 'biweekly' : days <= 62 ? 'monthly' : 'quarterly';
}

/**
 * [timeline-header] How many days apart the labelled days are: every day while a day is at least 18 px wide,
 * else every other day, else Mondays only (zoomed far out, or a phone at the default zoom). Numbers never run
 * together.
 */
export function dayLabelStep(dayWidthPx: number): 1 | 2 | 7 {
  if (dayWidthPx >= DAY_LABEL_MIN_PX) return 1;
  return dayWidthPx * 2 >= DAY_LABEL_MIN_PX ? 2 : 7;
}

/** Whether a day carries a label at this step; by the calendar, so labels stay put as the range widens. */
function isLabelledDay(date: string, step: 1 | 2 | 7): boolean {
  if (step === 1) return true;
  if (step === 7) return weekday(date) === 1;
  return daysBetween('1970-01-01', date) % 2 === 0;
}

/**
 * [timeline-today] Where the middle of the 'Today' label goes, in px from the timeline's left edge: over the
 * middle of today, moved inwards when today is at an edge of the range (Month starts today) so the label is never
 * cut off.
 */
export function todayLabelCentre(offsetDays: number, dayWidthPx: number, timelineWidthPx: number, labelHalfWidthPx: number): number {
  const centre = (offsetDays + 0.5) * dayWidthPx;
  return Math.min(Math.max(centre, labelHalfWidthPx), timelineWidthPx - labelHalfWidthPx);
}

function monthKey(date: string) {
  return date.slice(0, 7);
}

/** Month (or year) pieces of the range, each clipped to it. */
function segments(range: TimelineRange, by: 'month' | 'year'): { start: string; end: string }[] {
  const out: { start: string; end: string }[] = [];
  let start = range.start;
  while (start <= range.end) {
    const natural = by === 'month' ? endOfMonth(start) : `${start.slice(0, 4)}-12-31`;
    const end = minDate(natural, range.end);
    out.push({ start, end });
    start = addDays(end, 1);
  }
  return out;
}

/** Which days are worked: a project's calendar (scheduling/work-calendar.ts `isWorkingDay`), Monday–Friday by default. */
export type IsWorkingDay = (date: string) => boolean;

const mondayToFriday: IsWorkingDay = (date) => {
  const wd = weekday(date);
  return wd !== 0 && wd !== 6;
};

/**
 * [non-working-days] The range's non-working days as runs of consecutive days (a weekend is one run), in days
 * from the range start: what the chart shades, in every view, with one element per run.
 */
export function nonWorkingRuns(range: TimelineRange, isWorkingDay: IsWorkingDay = mondayToFriday): { offsetDays: number; days: number }[] {
  const runs: { offsetDays: number; days: number }[] = [];
  for (let offset = 0, date = range.start; date <= range.end; offset += 1, date = addDays(date, 1)) {
    if (isWorkingDay(date)) continue;
    const last = runs[runs.length - 1];
    if (last && last.offsetDays + last.days === offset) last.days += 1;
    else runs.push({ offsetDays: offset, days: 1 });
  }
  return runs;
}

/**
 * [timeline-header] Header cells per view: quarterly shows month names with day counts; the other views show
 * the day number with a weekday letter (biweekly, monthly) or short name (day). Today is highlighted and
 * labelled 'Today'. The biweekly view of 21 days or fewer has no month band. Days narrower than 18 px are
 * labelled every other day or weekly (dayLabelStep). Day cells say whether the project works that day.
 */
export function headerCells(
  view: HeaderView,
  range: TimelineRange,
  today: string,
  dayWidthPx = Infinity,
  isWorkingDay: IsWorkingDay = mondayToFriday,
): TimelineHeader {
  const todayMark = rangeContains(range, today) ? { offsetDays: daysBetween(range.start, today), label: 'Today' as const } : null;
  // "21 days or fewer" counts from the first to the last day, as 2 Weeks (today−7 … today+14) does.
  const span = daysBetween(range.start, range.end);

  if (view === 'quarterly') {
    const cells = segments(range, 'month').map(({ start, end }): HeaderCell => {
      const [y, m] = [Number(start.slice(0, 4)), Number(start.slice(5, 7))];
      const name = MONTH_NAMES[m - 1]!;
      const monthDays = daysInMonth(y, m);
      return {
        key: monthKey(start),
        offsetDays: daysBetween(range.start, start),
        days: daysBetween(start, end) + 1,
        label: name,
        sublabel: `${monthDays} days`,
        title: `${name} ${y}`,
        isToday: today >= start && today <= end,
        nonWorking: false,
        labelled: true,
      };
    });
    const bands = segments(range, 'year').map(({ start, end }) => ({
      key: start.slice(0, 4),
      offsetDays: daysBetween(range.start, start),
      days: daysBetween(start, end) + 1,
      label: start.slice(0, 4),
    }));
    return { view, cells, showMonthBand: false, bands, today: todayMark };
  }

  const names = view === 'day' ? WEEKDAY_SHORT_NAMES : WEEKDAY_LETTERS;
  const step = dayLabelStep(dayWidthPx);
  const cells: HeaderCell[] = [];
  for (let offset = 0, date = range.start; date <= range.end; offset += 1, date = addDays(date, 1)) {
    const wd = weekday(date);
    const [y, m, d] = [Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))];
    cells.push({
      key: date,
      offsetDays: offset,
      days: 1,
      label: String(d),
      // A weekday letter only fits when every day is labelled.
      sublabel: step === 1 ? names[wd]! : '',
      title: `${WEEKDAY_SHORT_NAMES[wd]}, ${MONTH_NAMES[m - 1]!.slice(0, 3)} ${d}, ${y}`,
      isToday: date === today,
      nonWorking: !isWorkingDay(date),
      labelled: isLabelledDay(date, step),
    });
  }
  const showMonthBand = !(view === 'biweekly' && span <= 21);
  const bands = showMonthBand
    ? segments(range, 'month').map(({ start, end }) => ({
        key: monthKey(start),
        offsetDays: daysBetween(range.start, start),
        days: daysBetween(start, end) + 1,
        label: `${MONTH_NAMES[Number(start.slice(5, 7)) - 1]} ${start.slice(0, 4)}`,
      }))
    : [];
  return { view, cells, showMonthBand, bands, today: todayMark };
}

