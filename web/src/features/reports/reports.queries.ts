import { weeklyReportSchema } from '@planline/domain';
import { useQuery } from '@tanstack/react-query';
import { parsedQueryFn } from '../../lib/parsed-query';

/** GET /api/projects/{id}/weekly-reports, newest first. The latest report is under the same prefix. */
export const weeklyReportsKey = (projectId: string) => ['/api/projects', projectId, 'weekly-reports'] as const;
/** GET /api/projects/{id}/weekly-reports/latest: the newest report, or null. */
export const latestWeeklyReportKey = (projectId: string) => ['/api/projects', projectId, 'weekly-reports', 'latest'] as const;

const reportsFn = parsedQueryFn(weeklyReportSchema.array());

export function useWeeklyReports(projectId: string | null, enabled = true) {
  return useQuery({ queryKey: weeklyReportsKey(projectId ?? ''), queryFn: reportsFn, enabled: projectId !== null && enabled });
}
