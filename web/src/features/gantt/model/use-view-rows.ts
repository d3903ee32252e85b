import { displayName, type GridContext, type GridTask, type GridView } from '@planline/domain';
import { useCallback, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { gridViewOf, gridViewStore, useCustomFields, viewRows, type ViewRows } from '../../grid';
import type { ProjectConnection } from '../connection/project-connection';
import type { Person } from '../components/timeline-context';
import type { ShownBaseline } from './baseline';
import { usePlanSchedule } from './schedule';
import type { TasksState } from './tasks-store';
import { compareTasks, type TimelineTask } from './timeline-task';
import { useWorkCalendar } from './work-calendar';

/**
 * The plan's tasks with siblings in the plan's order, as applyGridView reads them: kept per task map, so changing
 * the view re-reads the same array (applyGridView keeps its outline per array).
 */
const planOrder = new WeakMap<ReadonlyMap<string, TimelineTask>, TimelineTask[]>();
function inPlanOrder(tasks: ReadonlyMap<string, TimelineTask>): TimelineTask[] {
  let list = planOrder.get(tasks);
  if (!list) planOrder.set(tasks, (list = [...tasks.values()].sort(compareTasks)));
  return list;
}

/** The tasks with the links they depend on, for a sort by predecessors (the store keeps links apart); per array. */
const withLinks = new WeakMap<readonly TimelineTask[], { edges: TasksState['edges']; tasks: GridTask[] }>();
function linked(tasks: readonly TimelineTask[], edges: TasksState['edges']): GridTask[] {
  const kept = withLinks.get(tasks);
  if (kept?.edges === edges) return kept.tasks;
  const links = new Map<string, { dependsOnTaskId: string }[]>();
  for (const edge of edges) {
    const list = links.get(edge.taskId);
    if (list) list.push(edge);
    else links.set(edge.taskId, [edge]);
  }
  const result = tasks.map((t) => ({ ...t, links: links.get(t.id) ?? [] }));
  withLinks.set(tasks, { edges, tasks: result });
  return result;
}

export interface ChartViewRows extends ViewRows {
  /** Folds a group's tasks away under its header, or shows them again. */
  toggleGroup: (key: string) => void;
  /** Why rows cannot be dragged into another place (a sort or grouping orders them), or null when they can. */
  rowOrderLocked: string | null;
  /** The view the rows follow (Late against the baseline off while no baseline is shown). */
  view: GridView;
}

/**
 * [grid-rows] The rows the chart shows for the project's current grid view, recomputed only when the plan, the
 * outline or the view changes. Late against the baseline needs a baseline shown: without one it keeps every task
 * (the toolbar's Late only is this same filter).
 */
export function useViewRows(connection: ProjectConnection, people: ReadonlyMap<string, Person>, baseline: ShownBaseline | null): ChartViewRows {
  const { projectId } = connection;
  const stored = useStore(gridViewStore, (s) => gridViewOf(s, projectId));
  const view = useMemo(
    () => (stored.filter.lateAgainstBaseline && !baseline ? { ...stored, filter: { ...stored.filter, lateAgainstBaseline: false } } : stored),
    [stored, baseline],
  );
  const tasks = useStore(connection.tasks, (s) => s.tasks);
  const outline = useStore(connection.tasks, (s) => s.rows);
  const collapsed = useStore(connection.tasks, (s) => s.collapsed);
  // Links are read only for a sort by predecessors.
  const byPredecessors = view.sort.some((s) => s.column === 'predecessors');
  const edges = useStore(connection.tasks, (s) => (byPredecessors ? s.edges : null));
  const [collapsedGroups, setCollapsedGroups] = useState<ReadonlySet<string>>(new Set());
  const calendar = useWorkCalendar();
  // The schedule is computed only for a view that reads it (critical only, or a sort by slack).
  const needsSchedule = view.filter.critical || view.sort.some((s) => s.column === 'slack');
  const schedule = usePlanSchedule(connection.tasks, (s) => s, needsSchedule);
  const fields = useCustomFields(projectId, view.sort.some((s) => s.column.startsWith('cf:'))).data;
  const baselineEnds = useMemo(() => (baseline ? new Map([...baseline.tasks].map(([id, t]) => [id, t.endDate])) : undefined), [baseline]);
  const context = useMemo<GridContext>(
    () => ({
      calendar,
      personName: (id) => {
        const person = people.get(id);
        return person ? displayName(person) : undefined;
      },
      ...(schedule ? { criticalTaskIds: schedule.criticalTaskIds, slackDays: schedule.slackDays } : {}),
      ...(baselineEnds ? { baselineEnds } : {}),
      ...(fields ? { fields } : {}),
    }),
    [calendar, people, schedule, baselineEnds, fields],
  );
  const rows = useMemo(
    () => viewRows({ tasks: edges ? linked(inPlanOrder(tasks), edges) : inPlanOrder(tasks), outline, collapsed, collapsedGroups }, view, context),
    [tasks, edges, outline, collapsed, collapsedGroups, view, context],
  );
  const toggleGroup = useCallback(
    (key: string) =>
      setCollapsedGroups((s) => {
        const next = new Set(s);
        if (!next.delete(key)) next.add(key);
        return next;
      }),
    [],
  );
  const rowOrderLocked =
    view.groupBy !== 'none' ? 'Rows are grouped: choose Group by None to drag rows' : view.sort.length ? 'Rows are sorted: clear the sort to drag rows' : null;
  return { ...rows, toggleGroup, rowOrderLocked, view };
}
