import { dashboardConfigSchema, taskSchema } from '@planline/domain';
import { useQuery } from '@tanstack/react-query';
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
export function useWidgetTasks(projectId: string | null, enabled = true) {
  return useQuery({ queryKey: projectTasksKey(projectId ?? ''), queryFn: tasksFn, enabled: projectId !== null && enabled });
}
