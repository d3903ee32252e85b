import { useProjectTasks } from '../../gantt/tasks.queries';

/** 'N/M completed' in the workspace header (PRODUCT-SPEC §2), kept live by the task events. */
export function CompletedCount({ projectId }: { projectId: string }) {
  const tasks = useProjectTasks(projectId);
  if (!tasks.data) return null;
  const completed = tasks.data.filter((t) => t.status === 'completed').length;
  return (
    <p className="text-sm text-slate-600" aria-label={`${completed} of ${tasks.data.length} tasks completed`}>
      <span className="font-semibold text-slate-900">{completed}</span>/{tasks.data.length} completed
    </p>
  );
}
