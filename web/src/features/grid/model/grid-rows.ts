import { applyGridView, isFilterEmpty, type GridContext, type GridTask, type GridView } from '@planline/domain';

/** A group's header row in the chart: its label, how many tasks it holds, and whether they are folded away. */
export interface GroupHeaderRow {
  type: 'group';
  key: string;
  label: string;
  count: number;
  collapsed: boolean;
}

/** A row of the chart: a task (its id) or a group's header. */
export type ChartRow = string | GroupHeaderRow;

export interface ViewRows {
  /** What the virtualizer lays out, in order. */
  items: readonly ChartRow[];
  /** The task rows alone, in order (find, Fit, the over-allocated filter and the grid's commands read these). */
  taskIds: readonly string[];
  /** A filter, sort or grouping is on: rows are not the outline's (no placeholders, no arrows, no row drag). */
  viewOn: boolean;
  /** Tasks the filter keeps, of `total`. */
  matched: number;
  total: number;
}

/** Whether a view changes the rows at all (columns alone do not). */
export const changesRows = (view: Pick<GridView, 'filter' | 'sort' | 'groupBy'>) => !isFilterEmpty(view.filter) || view.sort.length > 0 || view.groupBy !== 'none';

/**
 * [grid-rows] The chart's rows for a view of the grid (issue 39). With no filter, sort or grouping they are the
 * outline's rows as they are (`outline`, collapsed summaries' subtasks left out). Otherwise applyGridView's: not
 * grouping, the outline filtered and sorted (a collapsed summary still hides its subtasks); grouping, a header per
 * group and its tasks, unless the group is folded.
 */
export function viewRows(
  input: {
    /** Every task of the plan, siblings in the plan's order; the same array while the plan is unchanged. */
    tasks: readonly GridTask[];
    outline: readonly string[];
    collapsed: ReadonlySet<string>;
    collapsedGroups: ReadonlySet<string>;
  },
  view: Pick<GridView, 'filter' | 'sort' | 'groupBy'>,
  context: GridContext,
): ViewRows {
  const total = input.tasks.length;
  if (!changesRows(view)) return { items: input.outline, taskIds: input.outline, viewOn: false, matched: total, total };
  const result = applyGridView(input.tasks, view, context);
  const items: ChartRow[] = [];
  const taskIds: string[] = [];
  let hiddenBelow: number | null = null;
  let groupFolded = false;
  for (const row of result.rows) {
    if (row.type === 'group') {
      groupFolded = input.collapsedGroups.has(row.key);
      items.push({ type: 'group', key: row.key, label: row.label, count: row.count, collapsed: groupFolded });
      continue;
    }
    if (groupFolded) continue;
    if (view.groupBy === 'none') {
      if (hiddenBelow !== null && row.depth > hiddenBelow) continue;
      hiddenBelow = input.collapsed.has(row.id) ? row.depth : null;
    }
    items.push(row.id);
    taskIds.push(row.id);
  }
  return { items, taskIds, viewOn: true, matched: result.matched, total };
}

/** The rows with only these tasks (another filter on top, e.g. Over-allocated only); group headers stay. */
export function onlyTasksIn(items: readonly ChartRow[], taskIds: readonly string[]): ChartRow[] {
  const kept = new Set(taskIds);
  return items.filter((row) => typeof row !== 'string' || kept.has(row));
}
