import { DEFAULT_GRID_FILTER, GRID_GROUPINGS, isFilterEmpty, type GridGroupBy } from '@planline/domain';
import { ArrowUpDown, Filter } from 'lucide-react';
import { useId, useMemo } from 'react';
import { useStore } from 'zustand';
import { Button } from '../../../components/ui/button';
import { useCustomFields } from '../custom-fields.queries';
import { gridViewOf, gridViewStore } from '../model/grid-view.store';
import { useGridViewPersistence } from '../model/grid-view-persistence';
import type { ViewRows } from '../model/grid-rows';
import { FilterPanel, type Person } from './filter-panel';
import { SortPanel } from './sort-panel';
import { ViewPopover } from './view-popover';
import { ViewsMenu } from './views-menu';

const GROUP_LABELS: Record<GridGroupBy, string> = { none: 'None', assignee: 'Assignee', status: 'Status', priority: 'Priority', phase: 'Phase' };

/**
 * [grid-view] The toolbar's view controls (issue 39): Filter, Sort, Group by and the saved Views, and while a
 * filter is on, how many tasks it keeps and Clear. The view lives in gridViewStore (the URL and this browser's
 * memory follow it, grid-view-persistence).
 */
export function GridViewControls(props: { projectId: string; people: ReadonlyMap<string, Person>; rows: Pick<ViewRows, 'matched' | 'total'>; canShare: boolean; baselineShown: boolean }) {
  const { projectId, people, rows, canShare, baselineShown } = props;
  useGridViewPersistence(projectId);
  const id = useId();
  const view = useStore(gridViewStore, (s) => gridViewOf(s, projectId));
  const savedViewId = useStore(gridViewStore, (s) => s.savedViewIds[projectId] ?? null);
  const fields = useCustomFields(projectId).data ?? [];
  const peopleList = useMemo(() => [...people.values()], [people]);
  const setView = (next: typeof view) => gridViewStore.getState().setView(projectId, next, savedViewId);
  const filterOn = !isFilterEmpty(view.filter);
  const filterCount =
    view.filter.status.length + view.filter.assigneeIds.length + view.filter.priority.length +
    Number(view.filter.critical) + Number(view.filter.lateAgainstBaseline) + Number(!!view.filter.from || !!view.filter.to) + Number(!!view.filter.text.trim()) + Object.keys(view.filter.custom ?? {}).length;

  return (
    <div role="group" aria-label="Task view" className="flex flex-wrap items-center gap-2">
      <ViewPopover
        title="Filter tasks"
        active={filterOn}
        icon={<Filter aria-hidden="true" className="h-3.5 w-3.5" />}
        label={filterOn ? `Filter (${filterCount})` : 'Filter'}
      >
        <FilterPanel filter={view.filter} people={peopleList} fields={fields} canLate={baselineShown} onChange={(filter) => setView({ ...view, filter })} />
      </ViewPopover>
      <ViewPopover
        title="Sort tasks"
        active={view.sort.length > 0}
        icon={<ArrowUpDown aria-hidden="true" className="h-3.5 w-3.5" />}
        label={view.sort.length ? `Sort (${view.sort.length})` : 'Sort'}
      >
        <SortPanel sort={view.sort} fields={fields} onChange={(sort) => setView({ ...view, sort })} />
      </ViewPopover>
      <label htmlFor={`${id}-group`} className="sr-only">
        Group by
      </label>
      <select
        id={`${id}-group`}
        value={view.groupBy}
        onChange={(e) => setView({ ...view, groupBy: e.target.value as GridGroupBy })}
        className="h-8 rounded-md border border-slate-300 bg-white px-1 text-sm shadow-sm"
      >
        {GRID_GROUPINGS.map((g) => (
          <option key={g} value={g}>
            {g === 'none' ? 'No grouping' : `Group: ${GROUP_LABELS[g]}`}
          </option>
        ))}
      </select>
      <ViewsMenu projectId={projectId} view={view} savedViewId={savedViewId} canShare={canShare} />
      <span role="status" className="text-xs text-slate-600">
        {filterOn ? `${rows.matched} of ${rows.total} tasks` : null}
      </span>
      {filterOn ? (
        <Button variant="ghost" size="sm" onClick={() => setView({ ...view, filter: { ...DEFAULT_GRID_FILTER, status: [], assigneeIds: [], priority: [] } })}>
          Clear filter
        </Button>
      ) : null}
    </div>
  );
}
