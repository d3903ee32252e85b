import { dashboardConfigSchema, type SaveDashboardInput, type Widget } from '@planline/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/query-client';
import { dashboardConfigKey } from './dashboard.queries';

/** POST /api/dashboard-config: the server checks the layout, recomputes positions and answers the saved config. */
export function useSaveDashboardLayout(projectId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (layout: Widget[]) => {
      const body: SaveDashboardInput = { layout, projectId };
      return dashboardConfigSchema.parse(await (await apiRequest('POST', '/api/dashboard-config', body)).json());
    },
    onSuccess: (config) => queryClient.setQueryData(dashboardConfigKey(projectId), config),
  });
}
