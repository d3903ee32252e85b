import { addDays, daysBetween, maxDate, minDate } from './calendar-date.js';
import type { TaskKind } from '../scheduling/scheduling.schema.js';
import {
  BAR_MIN_WIDTH_PX,
  MILESTONE_SIZE_PX,
  PLACEHOLDER_LENGTH_DAYS,
  PLACEHOLDER_ROWS,
  PLACEHOLDER_STAGGER_DAYS,
} from './timeline-constants.js';
import { dayWidth, type TimelineRange } from './timeline-range.js';

/** The dates a bar stands for; both days included. */
export interface TaskDates {
  startDate: string;
  endDate: string;
}

/** Where a bar is drawn, in px from the timeline's left edge (PRODUCT-SPEC §3 "task bar position"). */
export interface BarGeometry {
  left: number;
  /** What the bar takes on screen: at least 80 px, so its name and a pointer have room (PRODUCT-SPEC §4). */
  width: number;
  /**
   * The task's own days (from `left`): what is drawn filled, where its finish is and where arrows join it. Narrower
   * than `width` for a short task at a low zoom: drawn at 80 px, a one-day task would seem to end days after a
   * successor starts, and a finish-to-start arrow would point backwards (issue 33).
   */
  spanWidth: number;
  /** Cut off by the visible range at either end. */
  isPartial: boolean;
  cutStart: boolean;
  cutEnd: boolean;
}

/**
 * [bar-geometry] A bar spans its days inside the range (spanWidth), and takes at least 80 px (width); a bar cut off
 * by the range is partial and says at which end. Null when the task lies wholly outside the range.
 */
export function barGeometry(task: TaskDates, range: TimelineRange, zoom: number): BarGeometry | null {
  const end = maxDate(task.startDate, task.endDate);
  if (end < range.start || task.startDate > range.end) return null;
  const visibleStart = maxDate(task.startDate, range.start);
  const visibleEnd = minDate(end, range.end);
  const dw = dayWidth(zoom);
  const cutStart = task.startDate < range.start;
  const cutEnd = end > range.end;
  const spanWidth = (daysBetween(visibleStart, visibleEnd) + 1) * dw;
  return {
    left: daysBetween(range.start, visibleStart) * dw,
    width: Math.max(BAR_MIN_WIDTH_PX, spanWidth),
    spanWidth,
    isPartial: cutStart || cutEnd,
    cutStart,
    cutEnd,
  };
}

/**
 * [milestone-geometry] A milestone is a diamond centred on its day (its start date), the same size at every zoom,
 * never cut by the range. Null when its day lies outside the range.
 */
export function milestoneGeometry(date: string, range: TimelineRange, zoom: number): BarGeometry | null {
  if (date < range.start || date > range.end) return null;
  const dw = dayWidth(zoom);
  const centre = (daysBetween(range.start, date) + 0.5) * dw;
  return { left: centre - MILESTONE_SIZE_PX / 2, width: MILESTONE_SIZE_PX, spanWidth: MILESTONE_SIZE_PX, isPartial: false, cutStart: false, cutEnd: false };
}

/** Where a task is drawn: a diamond for a milestone, a bar for anything else. */
export function taskGeometry(task: TaskDates & { kind?: TaskKind }, range: TimelineRange, zoom: number): BarGeometry | null {
  return task.kind === 'milestone' ? milestoneGeometry(task.startDate, range, zoom) : barGeometry(task, range, zoom);
}

/** [drag-snap] The day under a point `px` from the timeline's left edge: drags snap to whole days. */
export function dateAtOffset(px: number, range: TimelineRange, zoom: number): string {
  return addDays(range.start, Math.floor(px / dayWidth(zoom)));
}

/** [drag-snap] Whole days a pointer moved `dx` px stands for (nearest day, so half a day is the threshold). */
export function daysFromOffset(dx: number, zoom: number): number {
  const days = Math.round(dx / dayWidth(zoom));
  return days === 0 ? 0 : days; // no -0
}

// Moves and resizes count working days: scheduling/working-moves.ts.

const clampProgress = (value: number) => Math.min(100, Math.max(0, Math.round(value)));

/** [task-progress] Progress from a point `px` into a bar `barWidthPx` wide: a whole percent, 0–100. */
export function progressFromOffset(px: number, barWidthPx: number): number {
  if (barWidthPx <= 0) return 0;
  return clampProgress((px / barWidthPx) * 100);
}

/** [task-progress] Progress changed by `delta` points (Alt+Arrow), kept within 0–100. */
export function stepProgress(progress: number, delta: number): number {
  return clampProgress(progress + delta);
}

export interface PlaceholderRow {
  number: number;
  name: string;
  startDate: string;
  endDate: string;
}

/**
 * [placeholder-rows] Preview rows fill the list up to 10 rows: 'Add task N' for N after the last task. Each
 * suggests dates for its 'Create New Task' panel, staggered from today so the preview reads as a plan.
 */
export function placeholderRows(taskCount: number, today: string): PlaceholderRow[] {
  const rows: PlaceholderRow[] = [];
  for (let n = Math.max(0, taskCount) + 1; n <= PLACEHOLDER_ROWS; n += 1) {
    const startDate = addDays(today, (n - 1) * PLACEHOLDER_STAGGER_DAYS);
    rows.push({ number: n, name: `Add task ${n}`, startDate, endDate: addDays(startDate, PLACEHOLDER_LENGTH_DAYS - 1) });
  }
  return rows;
}
