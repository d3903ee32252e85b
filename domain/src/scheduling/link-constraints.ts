import type { LinkType } from '../schemas/dependency.js';
import type { ScheduleLink, ScheduleTask } from './scheduling.schema.js';
import type { WorkCalendar } from './work-calendar.js';

/**
 * The link rules on the working-day line (docs/scheduling.md has the reasoning and the sources).
 *
 * Working days are numbered consecutively (WorkCalendar indexes). Between two numbers lies an instant: instant k
 * is the start of working day k and the end of working day k - 1, so the weekend between a Friday's end and a
 * Monday's start is one instant. A task from working day a to working day b (inclusive) runs from instant a to
 * instant b + 1; its duration is the difference. Lag moves an instant by whole working days (negative: lead).
 *
 * A link P → S with lag L sets an instant T = (P's finish for FS/FF, P's start for SS/SF) + L, and S must have
 * its start (FS, SS) or its finish (FF, SF) at T or later. So with lag 0: FS starts S on the working day after P
 * ends; SS starts S on P's start day; FF ends S on P's end day; SF ends S on the working day before P starts.
 *
 * A milestone on day D is read as a predecessor like a one-day task on D (its start is D's start, its finish
 * D's end), and as a successor it lands on the day of the event it is tied to: P's finish day for FS and FF,
 * P's start day for SS and SF (MS Project places a milestone at the moment it is linked to).
 */
export interface Placement {
  /** Instant of the start: index of the first working day on or after startDate. */
  start: number;
  /** Instant of the finish: one past the index of the last working day on or before endDate. */
  finish: number;
}

export type Side = keyof Placement;

export function isMilestone(task: Pick<ScheduleTask, 'kind'>): boolean {
  return task.kind === 'milestone';
}

/** A milestone's day is its startDate (start and end should be equal; the start wins if they are not). */
export function placementOf(task: Pick<ScheduleTask, 'kind' | 'startDate' | 'endDate'>, calendar: WorkCalendar): Placement {
  const end = isMilestone(task) ? task.startDate : task.endDate;
  return { start: calendar.indexOnOrAfter(task.startDate), finish: calendar.indexOnOrBefore(end) + 1 };
}

/**
 * Working days a task lasts, for roll-up weights: a milestone 0, a task its working days (0 for a task drawn on
 * non-working days only).
 */
export function workingDuration(task: Pick<ScheduleTask, 'kind' | 'startDate' | 'endDate'>, calendar: WorkCalendar): number {
  return isMilestone(task) ? 0 : calendar.workingDaysBetween(task.startDate, task.endDate);
}

/**
 * Width on the working-day line when a task is placed by the engine: a milestone takes the day it lands on; a
 * task keeps its working days, at least one (a task drawn on a weekend only is moved as a one-day task).
 */
export function spanOf(task: Pick<ScheduleTask, 'kind'>, placement: Placement): number {
  return isMilestone(task) ? 1 : Math.max(1, placement.finish - placement.start);
}

const fromFinish = (type: LinkType) => type[0] === 'F';

/** Which end of the successor a link holds. */
export function constrainedSide(type: LinkType, successorIsMilestone: boolean): Side {
  if (successorIsMilestone) return fromFinish(type) ? 'finish' : 'start';
  return type[1] === 'S' ? 'start' : 'finish';
}

/** The instant the successor's constrained side must reach. */
export function requiredInstant(link: Pick<ScheduleLink, 'type' | 'lagDays'>, predecessor: Placement): number {
  return (fromFinish(link.type) ? predecessor.finish : predecessor.start) + link.lagDays;
}

/** The earliest start instant this link alone allows for a successor of the given span. */
export function earliestStartFor(
  link: Pick<ScheduleLink, 'type' | 'lagDays'>,
  predecessor: Placement,
  successorIsMilestone: boolean,
  span: number,
): number {
  const instant = requiredInstant(link, predecessor);
  return constrainedSide(link.type, successorIsMilestone) === 'start' ? instant : instant - span;
}

/** Working days by which the successor is earlier than the link allows; 0 when the link holds. */
export function shortfall(
  link: Pick<ScheduleLink, 'type' | 'lagDays'>,
  predecessor: Placement,
  successor: Placement,
  successorIsMilestone: boolean,
): number {
  const side = constrainedSide(link.type, successorIsMilestone);
  return Math.max(0, requiredInstant(link, predecessor) - successor[side]);
}

/** Dates of a task placed at `start` with `span` working days (a milestone: one date). */
export function datesAt(start: number, span: number, milestone: boolean, calendar: WorkCalendar): { startDate: string; endDate: string } {
  const startDate = calendar.dateOfIndex(start);
  return { startDate, endDate: milestone ? startDate : calendar.dateOfIndex(start + span - 1) };
}

/**
 * Where a task must go when one of its links is broken: as early as all its links allow, keeping its span; null
 * when every link holds (the task stays as drawn, even on a non-working day). `cause` is the link that decided
 * the start; links come sorted by predecessor id, so on a tie it is the smallest predecessor id.
 */
export function pushedPlacement(
  task: Pick<ScheduleTask, 'kind'>,
  current: Placement,
  links: readonly ScheduleLink[],
  predecessorPlacement: (id: string) => Placement,
): { placement: Placement; cause: ScheduleLink } | null {
  const milestone = isMilestone(task);
  const span = spanOf(task, current);
  let cause: ScheduleLink | undefined;
  let start = -Infinity;
  let broken = false;
  for (const link of links) {
    const predecessor = predecessorPlacement(link.dependsOnTaskId);
    if (shortfall(link, predecessor, current, milestone) > 0) broken = true;
    const earliest = earliestStartFor(link, predecessor, milestone, span);
    if (earliest > start) [start, cause] = [earliest, link];
  }
  return broken && cause ? { placement: { start, finish: start + span }, cause } : null;
}
