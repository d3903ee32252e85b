import { useStore } from 'zustand';
import { gridViewOf, gridViewStore } from '../../grid';
import { Filter } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { cn } from '../../../lib/cn';
import type { ChartBaseline } from '../model/use-chart-baseline';
import { useTimelineView } from '../model/timeline-view.store';
import { SaveBaselineDialog } from './save-baseline-dialog';

const NONE = 'none';
const SAVE = 'save';

interface BaselineControlProps {
  projectId: string;
  baseline: ChartBaseline;
  /** Team members may save (and delete) baselines; guests and read-only views only choose one to show. */
  canSave: boolean;
  /** While Late only filters the rows: how many are shown, of how many. */
  late: { shown: number; of: number } | null;
  /** Further row filters beside Late only (the Over-allocated only of issue 36). */
  filters?: ReactNode;
}

/**
 * [baseline-control] The toolbar's Baseline select (None, each saved baseline, "Save baseline…") and the Late only
 * filter, which needs a baseline to compare with.
 */
export function BaselineControl({ projectId, baseline, canSave, late, filters }: BaselineControlProps) {
  const id = useId();
  const showBaseline = useTimelineView((s) => s.showBaseline);
  // [grid-rows] Late only is the grid view's late-against-baseline filter (one filter, shown in both places).
  const lateOnly = useStore(gridViewStore, (s) => gridViewOf(s, projectId).filter.lateAgainstBaseline);
  const toggleLateOnly = () => {
    const state = gridViewStore.getState();
    const view = gridViewOf(state, projectId);
    state.setView(projectId, { ...view, filter: { ...view.filter, lateAgainstBaseline: !view.filter.lateAgainstBaseline } });
  };
  const [saving, setSaving] = useState(false);
  const list = baseline.list ?? [];
  const canFilter = baseline.shown !== null;

  const onValueChange = (value: string) => {
    if (value === SAVE) setSaving(true);
    else showBaseline(projectId, value === NONE ? null : value);
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        Baseline
      </label>
      <Select value={baseline.chosenId ?? NONE} onValueChange={onValueChange} onOpenChange={(open) => open && baseline.refresh()}>
        {/* The toolbar's height (32 px): the trigger's own class sets 40, and cn does not merge classes. */}
        <SelectTrigger id={id} data-baseline-select className="w-44" style={{ height: 32 }}>
          {/* Its label given, not read from the open list's item: a first render (and the server's, which has no
              list open) shows it too. */}
          <SelectValue>{baseline.chosenId ? (list.find((b) => b.id === baseline.chosenId)?.name ?? '') : 'None'}</SelectValue>
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={NONE}>None</SelectItem>
          {list.map((b) => (
            <SelectItem key={b.id} value={b.id}>
              {b.name}
            </SelectItem>
          ))}
          {canSave ? (
            <SelectItem value={SAVE} className="border-t border-slate-100 font-medium text-blue-700">
              Save baseline…
            </SelectItem>
          ) : null}
        </SelectContent>
      </Select>
      <Button
        variant="outline"
        size="sm"
        aria-pressed={canFilter && lateOnly}
        aria-disabled={!canFilter || undefined}
        title={canFilter ? 'Only tasks that end later than in the baseline' : 'Choose a baseline to find the late tasks'}
        onClick={canFilter ? toggleLateOnly : undefined}
        className={cn(
          'aria-pressed:border-amber-700 aria-pressed:bg-amber-50 aria-pressed:text-amber-900 aria-pressed:hover:bg-amber-100',
          !canFilter && 'cursor-not-allowed opacity-50',
        )}
      >
        <Filter aria-hidden="true" className="h-3.5 w-3.5" />
        Late only
      </Button>
      <span role="status" className="text-xs text-slate-600">
        {late && baseline.shown ? `${late.shown} of ${late.of} ${late.of === 1 ? 'task ends' : 'tasks end'} later than in ${baseline.shown.name}` : null}
      </span>
      {filters}
      {canSave ? (
        <SaveBaselineDialog
          open={saving}
          onOpenChange={setSaving}
          projectId={projectId}
          baselines={list}
          onSaved={(saved) => showBaseline(projectId, saved.id)}
        />
      ) : null}
    </div>
  );
}
