import { displayName, type Baseline, type BaselineLink, type BaselineSummary } from '@planline/domain';
import type { BaselineRow, BaselineTaskRow } from './baselines.queries.js';

export function presentBaselineSummary(r: BaselineRow): BaselineSummary {
  return {
    id: r.id,
    projectId: r.project_id,
    name: r.name,
    createdAt: new Date(r.created_at).toISOString(),
    createdBy: r.created_by ? { id: r.created_by, name: displayName({ firstName: r.first_name ?? '', lastName: r.last_name ?? '', email: r.email ?? '' }) } : null,
    taskCount: Number(r.task_count),
  };
}

export function presentBaseline(r: BaselineRow, tasks: BaselineTaskRow[], links: BaselineLink[]): Baseline {
  return {
    ...presentBaselineSummary(r),
    tasks: tasks.map((t) => ({ taskId: t.task_id, name: t.name, startDate: t.start_date, endDate: t.end_date, progress: t.progress })),
    links,
  };
}
