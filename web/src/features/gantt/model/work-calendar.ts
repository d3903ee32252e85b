import { createWorkCalendar, DEFAULT_WORK_CALENDAR, type WorkCalendar, type WorkCalendarSettings } from '@planline/domain';
import { createContext, createElement, useContext, useMemo, type ReactNode } from 'react';

/**
 * [work-calendar] The working calendar of a project's settings. PATCH /api/projects/{id} checks them with the
 * engine's own schema, so a stored project always has a valid one; anything else (no project yet, a bad value)
 * falls back to Monday–Friday rather than leaving the chart without a calendar.
 */
export function workCalendarOf(settings: WorkCalendarSettings | null | undefined): WorkCalendar {
  if (!settings) return DEFAULT_WORK_CALENDAR;
  const result = createWorkCalendar(settings);
  return result.ok ? result.calendar : DEFAULT_WORK_CALENDAR;
}

/**
 * What the calendar depends on, as one string: a project object that changes for another reason (a rename, a
 * refetch) keeps its calendar, so nothing computed from the calendar (critical path, link violations, shading)
 * is redone.
 */
export function calendarKey(settings: WorkCalendarSettings | null | undefined): string {
  if (!settings) return '';
  return `${[...new Set(settings.workingWeekdays)].sort((a, b) => a - b).join(',')}|${[...new Set(settings.holidays)].sort().join(',')}`;
}

const WorkCalendarContext = createContext<WorkCalendar>(DEFAULT_WORK_CALENDAR);

/**
 * Gives the chart the open project's calendar. Today it is read from the project the workspace has loaded (the
 * schedule settings dialog updates that cache, and teammates' changes arrive as project:updated events); the
 * chart takes it only through useWorkCalendar, so feeding it from the live document instead changes this file alone.
 */
export function WorkCalendarProvider({ settings, children }: { settings: WorkCalendarSettings | null | undefined; children: ReactNode }) {
  const key = calendarKey(settings);
  // Keyed by content: `settings` is a new object whenever the project is.
  const calendar = useMemo(() => workCalendarOf(settings), [key]);
  return createElement(WorkCalendarContext.Provider, { value: calendar }, children);
}

/** The working calendar of the open project: the one place the chart gets it (shading, link violations, slack). */
export function useWorkCalendar(): WorkCalendar {
  return useContext(WorkCalendarContext);
}
