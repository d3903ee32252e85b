import { taskSchema } from '@planline/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { parsedQueryFn } from '../../lib/parsed-query';
import { projectTasksKey } from '../gantt';

const tasksFn = parsedQueryFn(taskSchema.array());

export interface SummaryRow {
  id: string;
  name: string;
  startDate: string;
  endDate: string;
}

/**
 * [portfolio-expand] A project's summary tasks (those with subtasks), in the plan's order, read when its row is opened:
 * the project's task list (the API's kept JSON; kept live by the task events, apply-server-event.ts).
 */
export function useSummaryRows(projectId: string, enabled: boolean) {
  const tasks = useQuery({ queryKey: projectTasksKey(projectId), queryFn: tasksFn, enabled });
  const rows = useMemo<SummaryRow[]>(() => {
    const list = tasks.data ?? [];
    const parents = new Set(list.flatMap((t) => (t.parentId ? [t.parentId] : [])));
    return list
      .filter((t) => parents.has(t.id))
      .sort((a, b) => a.order - b.order)
      .map((t) => ({ id: t.id, name: t.name, startDate: t.startDate, endDate: t.endDate }));
  }, [tasks.data]);
  return { rows, isPending: tasks.isPending, isError: tasks.isError };
}
