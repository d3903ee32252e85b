import { SHEET_MAX_DURATION_DAYS } from '../interchange/sheet-cells.js';
import { datesAt, workingDuration } from '../scheduling/link-constraints.js';
import type { TaskKind } from '../scheduling/scheduling.schema.js';
import type { WorkCalendar } from '../scheduling/work-calendar.js';
import { snapToWorkingDay } from '../scheduling/working-moves.js';
import { PARENT_MESSAGES } from '../schemas/task.js';
import { isCalendarDate } from '../timeline/calendar-date.js';
import { daysText, readWorkingDays } from './units.js';

/**
 * [grid-duration] The duration, start and finish cells of the task grid (issue 39). A duration is whole working
 * days on the project's calendar; 0 makes the task a milestone (one day, no duration), as the domain defines it.
 * Each function answers the task's new dates, or a reason a person can act on, shown in the cell.
 */

export type CellEdit<T> = { ok: true; value: T } | { ok: false; reason: string };

export interface GridDatesTask {
  startDate: string;
  endDate: string;
  kind?: TaskKind | undefined;
}

export interface GridDates {
  startDate: string;
  endDate: string;
  kind: TaskKind;
}

/** The longest duration typed in the grid, as the sheet import allows (about 40 years). */
export const GRID_MAX_DURATION_DAYS = SHEET_MAX_DURATION_DAYS;
export const DURATION_HELP = 'Duration must be a whole number of working days, like 5d (0d for a milestone)';
export const SUMMARY_DATES_REASON = PARENT_MESSAGES.rolledUp;

const fail = (reason: string) => ({ ok: false as const, reason });

/**
 * [grid-duration] What a planner types in the duration cell, in working days: "5", "5d", "5 days", "2w" (weeks of
 * the calendar's working weekdays: 10 days on Monday to Friday), "0d" for a milestone. Fractions and hours are
 * refused: our tasks are whole days.
 */
export function parseDuration(text: string, calendar: WorkCalendar): CellEdit<number> {
  const typed = text.trim();
  if (typed === '') return fail('Type a duration in working days, like 5d (0d for a milestone)');
  if (typed.startsWith('-')) return fail('Duration cannot be negative: type a whole number of working days, like 5d (0d for a milestone)');
  const read = readWorkingDays(typed, calendar.workingWeekdays.length);
  if (!read.ok) {
    if (read.problem === 'fraction') return fail(`«${typed}» is not whole working days. ${DURATION_HELP}`);
    if (read.problem === 'hours') return fail(`Durations are counted in working days, not hours or months: write it like 5d or 2w`);
    return fail(`«${typed}» is not a duration. ${DURATION_HELP}`);
  }
  if (read.days > GRID_MAX_DURATION_DAYS) return fail(`A task can last at most ${GRID_MAX_DURATION_DAYS} working days`);
  return { ok: true, value: read.days };
}

/** [grid-duration] A task's duration as the cell shows it: "5d"; a milestone "0d". */
export function formatDuration(task: GridDatesTask, calendar: WorkCalendar): string {
  return daysText(workingDuration(task, calendar));
}

/**
 * [grid-duration] The task lasting `days` working days from its start: its finish moves through the working
 * calendar (weekends and holidays are skipped). A start on a non-working day moves to the next working day, where
 * the task's first working day is. 0 makes it a milestone on its start; a milestone given days becomes a task.
 * A summary's dates come from its subtasks, so it is refused.
 */
export function withDuration(task: GridDatesTask, days: number, calendar: WorkCalendar, isSummary = false): CellEdit<GridDates> {
  if (isSummary) return fail(SUMMARY_DATES_REASON);
  if (!Number.isInteger(days) || days < 0 || days > GRID_MAX_DURATION_DAYS) return fail(DURATION_HELP);
  if (days === 0) return { ok: true, value: { startDate: task.startDate, endDate: task.startDate, kind: 'milestone' } };
  const dates = datesAt(calendar.indexOnOrAfter(task.startDate), days, false, calendar);
  return { ok: true, value: { ...dates, kind: 'task' } };
}

/** [grid-duration] Parse then apply: the duration cell's edit in one call. */
export function editDuration(task: GridDatesTask, text: string, calendar: WorkCalendar, isSummary = false): CellEdit<GridDates> {
  if (isSummary) return fail(SUMMARY_DATES_REASON);
  const days = parseDuration(text, calendar);
  return days.ok ? withDuration(task, days.value, calendar) : days;
}

const DATE_HELP = 'Write the date as yyyy-mm-dd, like 2026-12-07';

/**
 * [grid-start] A new start moves the whole task, keeping its working days (MS Project's rule, as a drag does): a
 * start on a weekend or holiday goes to the next working day. Its successors follow by the cascade, on the server.
 */
export function withStart(task: GridDatesTask, startDate: string, calendar: WorkCalendar, isSummary = false): CellEdit<GridDates> {
  if (isSummary) return fail(SUMMARY_DATES_REASON);
  if (!isCalendarDate(startDate)) return fail(`«${startDate}» is not a date. ${DATE_HELP}`);
  const kind = task.kind ?? 'task';
  const start = snapToWorkingDay(startDate, 1, calendar);
  if (kind === 'milestone') return { ok: true, value: { startDate: start, endDate: start, kind } };
  const days = Math.max(1, workingDuration(task, calendar));
  return { ok: true, value: { ...datesAt(calendar.indexOnOrAfter(start), days, false, calendar), kind } };
}

/**
 * [grid-finish] A new finish changes the duration, not the start: a finish on a non-working day goes back to the
 * working day before it; one before the start is refused. A milestone's finish is its start: typing one moves it.
 */
export function withFinish(task: GridDatesTask, endDate: string, calendar: WorkCalendar, isSummary = false): CellEdit<GridDates> {
  if (isSummary) return fail(SUMMARY_DATES_REASON);
  if (!isCalendarDate(endDate)) return fail(`«${endDate}» is not a date. ${DATE_HELP}`);
  if ((task.kind ?? 'task') === 'milestone') return withStart(task, endDate, calendar);
  const end = snapToWorkingDay(endDate, -1, calendar);
  if (end < task.startDate || calendar.workingDaysBetween(task.startDate, end) < 1) {
    return fail(`The finish cannot be before the start (${task.startDate}): type a later date, or a duration`);
  }
  return { ok: true, value: { startDate: task.startDate, endDate: end, kind: 'task' } };
}
