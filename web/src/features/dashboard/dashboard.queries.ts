import { createWorkCalendar, dashboardConfigSchema, DEFAULT_WORK_CALENDAR, taskSchema, withRolledUpSummaries, type Task, type WorkCalendarSettings } from '@planline/domain';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { parsedQueryFn } from '../../lib/parsed-query';
import { projectTasksKey } from '../gantt';

/** GET /api/dashboard-config?projectId={id}: the user's saved layout for a project, or the default. */
export const dashboardConfigKey = (projectId: string | null) =>
  [projectId ? `/api/dashboard-config?projectId=${encodeURIComponent(projectId)}` : '/api/dashboard-config'] as const;

const configFn = parsedQueryFn(dashboardConfigSchema);
const tasksFn = parsedQueryFn(taskSchema.array());

export function useDashboardConfig(projectId: string | null) {
  return useQuery({ queryKey: dashboardConfigKey(projectId), queryFn: configFn });
}

/**
 * GET /api/projects/{id}/tasks, the cache the Gantt feature's projectTasksKey names and the live `task:*` events
 * keep current. Runs only when a project is selected and a widget needs its tasks (PRODUCT-SPEC §7).
 */
export function useWidgetTasks(projectId: string | null, enabled = true, calendar: WorkCalendarSettings | null = null) {
  const weekdays = calendar?.workingWeekdays.join(',');
  const holidays = calendar?.holidays.join(',');
  // [summary-rollup] The server answers with summaries rolled up; a subtask's change arrives as its own event, so
  // its summaries are rolled up again here, in the project's calendar.
  const select = useCallback(
    (tasks: Task[]) => {
      const made = calendar ? createWorkCalendar(calendar) : null;
      return withRolledUpSummaries(tasks, made?.ok ? made.calendar : DEFAULT_WORK_CALENDAR);
    },
    // The calendar's content, not its object: a new project object with the same settings changes nothing.
    [weekdays, holidays],
  );
  return useQuery({ queryKey: projectTasksKey(projectId ?? ''), queryFn: tasksFn, enabled: projectId !== null && enabled, select });
}
