import { DEFAULT_WORK_CALENDAR, type WorkCalendar, type WorkCalendarSettings } from '@planline/domain';
import { workCalendarOf as documentCalendar } from '@planline/document';
import { createContext, createElement, useContext, useMemo, type ReactNode } from 'react';

/**
 * [work-calendar] The working calendar of a project's settings: the one the cascade counts in (document package),
 * Monday–Friday when there are none yet or they are invalid, so the chart is never without a calendar.
 */
export function workCalendarOf(settings: WorkCalendarSettings | null | undefined): WorkCalendar {
  return documentCalendar(settings ? { workingWeekdays: [...settings.workingWeekdays], holidays: [...settings.holidays] } : null);
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
