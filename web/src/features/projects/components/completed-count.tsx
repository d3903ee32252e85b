import { useTaskCounts } from '../../gantt';

/** 'N/M completed' in the workspace header (PRODUCT-SPEC §2), live with the project's document. */
export function CompletedCount({ projectId }: { projectId: string }) {
  const counts = useTaskCounts(projectId);
  if (!counts) return null;
  return (
    <p className="text-sm text-slate-600" aria-label={`${counts.completed} of ${counts.total} tasks completed`}>
      <span className="font-semibold text-slate-900">{counts.completed}</span>/{counts.total} completed
    </p>
  );
}
