import { weeklyReportSchema, type CreateWeeklyReportInput, type WeeklyReport } from '@planline/domain';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/query-client';
import { newerReport, upsertReport } from './report-cache';
import { latestWeeklyReportKey, weeklyReportsKey } from './reports.queries';

/** Writes a report into the cached list and latest report; caches nobody has read stay unread. */
export function cacheReport(queryClient: QueryClient, report: WeeklyReport): void {
  queryClient.setQueryData<WeeklyReport[]>(weeklyReportsKey(report.projectId), (list) => (list ? upsertReport(list, report) : list));
  queryClient.setQueryData<WeeklyReport | null>(latestWeeklyReportKey(report.projectId), (latest) =>
    latest === undefined ? latest : newerReport(latest, report),
  );
}

/** POST /api/projects/{id}/weekly-reports: creates the week's report, or updates it when it exists. */
export function useSaveWeeklyReport(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateWeeklyReportInput) =>
      weeklyReportSchema.parse(await (await apiRequest('POST', `/api/projects/${projectId}/weekly-reports`, input)).json()),
    onSuccess: (report) => cacheReport(queryClient, report),
  });
}
