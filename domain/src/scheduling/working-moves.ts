import { addDays, dayNumber, maxDate, minDate } from '../timeline/calendar-date.js';
import { datesAt, isMilestone, placementOf, spanOf } from './link-constraints.js';
import type { TaskKind } from './scheduling.schema.js';
import type { WorkCalendar } from './work-calendar.js';

/**
 * How a person moves a bar on a working calendar (issue 33 item 3): drags and arrow keys count working days, as the
 * cascade and lag do, so a bar never lands on a weekend or a holiday and keeps its working days when moved (MS
 * Project's rule). Pure functions of their inputs; nothing here reads the clock or local time.
 */
export interface MovableTask {
  startDate: string;
  endDate: string;
  kind?: TaskKind | undefined;
}

type Dates = { startDate: string; endDate: string };

/** The working day nearest `date` in the direction of travel (`date` itself when it is worked). */
export function snapToWorkingDay(date: string, direction: 1 | -1, calendar: WorkCalendar): string {
  if (calendar.isWorkingDay(date)) return date;
  return direction > 0 ? calendar.nextWorkingDay(date) : calendar.previousWorkingDay(date);
}

/** The task starting on `startDate` (a working day) with the working days it had (at least one; a milestone keeps one day). */
function keepingWorkingDays(task: MovableTask, startDate: string, calendar: WorkCalendar): Dates {
  const span = spanOf(task, placementOf(task, calendar));
  return datesAt(calendar.indexOnOrAfter(startDate), span, isMilestone(task), calendar);
}

/**
 * [working-move] A bar dragged `calendarDays` to the right (negative: left): its start goes that far, snaps to the
 * nearest working day in the direction of travel, and its finish is that start plus the same working days.
 * 0 leaves the task as it is (a bar drawn on a weekend stays there until moved).
 */
export function dragTaskOnCalendar(task: MovableTask, calendarDays: number, calendar: WorkCalendar): Dates {
  if (calendarDays === 0) return { startDate: task.startDate, endDate: task.endDate };
  const direction = calendarDays > 0 ? 1 : -1;
  return keepingWorkingDays(task, snapToWorkingDay(addDays(task.startDate, calendarDays), direction, calendar), calendar);
}

/** [working-move] An arrow key: the bar `workingDays` working days later (negative: earlier), keeping its working days. */
export function shiftTaskByWorkingDays(task: MovableTask, workingDays: number, calendar: WorkCalendar): Dates {
  if (workingDays === 0) return { startDate: task.startDate, endDate: task.endDate };
  const from = workingDays > 0 ? calendar.indexOnOrBefore(task.startDate) : calendar.indexOnOrAfter(task.startDate);
  return keepingWorkingDays(task, calendar.dateOfIndex(from + workingDays), calendar);
}

/**
 * [working-resize] One end of a bar dragged `calendarDays`: it snaps to the nearest working day in the direction of
 * travel and never passes the other end (a task keeps at least one day: its first, or last, working day).
 */
export function resizeTaskOnCalendar(task: Dates, edge: 'start' | 'end', calendarDays: number, calendar: WorkCalendar): Dates {
  if (calendarDays === 0) return { startDate: task.startDate, endDate: task.endDate };
  const direction = calendarDays > 0 ? 1 : -1;
  if (edge === 'end') {
    const end = snapToWorkingDay(addDays(task.endDate, calendarDays), direction, calendar);
    return { startDate: task.startDate, endDate: maxDate(end, firstWorkingDayOf(task, calendar)) };
  }
  const start = snapToWorkingDay(addDays(task.startDate, calendarDays), direction, calendar);
  return { startDate: minDate(start, lastWorkingDayOf(task, calendar)), endDate: task.endDate };
}

/** [working-resize] Shift+arrow: the finish `workingDays` working days later (negative: earlier), never before the start. */
export function resizeEndByWorkingDays(task: Dates, workingDays: number, calendar: WorkCalendar): Dates {
  if (workingDays === 0) return { startDate: task.startDate, endDate: task.endDate };
  const end = calendar.addWorkingDays(task.endDate, workingDays);
  return { startDate: task.startDate, endDate: maxDate(end, firstWorkingDayOf(task, calendar)) };
}

/** The task's first working day, or its start when it has none (drawn on a weekend only). */
function firstWorkingDayOf(task: Dates, calendar: WorkCalendar): string {
  const first = snapToWorkingDay(task.startDate, 1, calendar);
  return first <= task.endDate ? first : task.startDate;
}

function lastWorkingDayOf(task: Dates, calendar: WorkCalendar): string {
  const last = snapToWorkingDay(task.endDate, -1, calendar);
  return last >= task.startDate ? last : task.endDate;
}

/** [working-move] Working days between two starts (a summary's move, counted as its subtasks are moved). */
export function workingDaysMoved(fromDate: string, toDate: string, calendar: WorkCalendar): number {
  if (fromDate === toDate) return 0;
  return toDate > fromDate
    ? calendar.indexOnOrBefore(toDate) - calendar.indexOnOrBefore(fromDate)
    : calendar.indexOnOrAfter(toDate) - calendar.indexOnOrAfter(fromDate);
}

/** A task a calendar change moved: its dates before and after. */
export interface CalendarMove {
  taskId: string;
  startDate: string;
  endDate: string;
  previousStartDate: string;
  previousEndDate: string;
}

/**
 * [holiday-keeps-working-days] After the holidays change, each task with a changed holiday (on a worked weekday)
 * between its start and its finish keeps the working days it had: a holiday added inside extends its finish, one
 * taken out brings it in. A start that became a holiday moves to the next working day. Tasks the change does not
 * touch, and summaries (`skip`), stay. Moves come back in the order of `tasks`; nothing is changed in place.
 */
export function movesForCalendarChange(
  tasks: readonly (MovableTask & { id: string })[],
  before: WorkCalendar,
  after: WorkCalendar,
  skip: ReadonlySet<string> = new Set(),
): CalendarMove[] {
  const changed = symmetricDifference(before.holidays, after.holidays)
    .filter((date) => before.isWorkingDay(date) !== after.isWorkingDay(date))
    .map(dayNumber)
    .sort((a, b) => a - b);
  if (!changed.length) return [];
  const touches = (task: MovableTask) => {
    const from = dayNumber(task.startDate);
    const to = dayNumber(isMilestone(task) ? task.startDate : task.endDate);
    return changed.some((day) => day >= from && day <= to);
  };
  const moves: CalendarMove[] = [];
  for (const task of tasks) {
    if (skip.has(task.id) || task.endDate < task.startDate || !touches(task)) continue;
    const span = spanOf(task, placementOf(task, before));
    // Only a start that became a holiday moves; one drawn on a weekend stays as drawn.
    const start = after.isWorkingDay(task.startDate) || !before.isWorkingDay(task.startDate) ? task.startDate : after.nextWorkingDay(task.startDate);
    const next = datesAt(after.indexOnOrAfter(start), span, isMilestone(task), after);
    const startDate = start === task.startDate ? task.startDate : next.startDate;
    if (startDate === task.startDate && next.endDate === task.endDate) continue;
    moves.push({ taskId: task.id, startDate, endDate: next.endDate, previousStartDate: task.startDate, previousEndDate: task.endDate });
  }
  return moves;
}

function symmetricDifference(a: readonly string[], b: readonly string[]): string[] {
  const inA = new Set(a);
  const inB = new Set(b);
  return [...a.filter((d) => !inB.has(d)), ...b.filter((d) => !inA.has(d))];
}
