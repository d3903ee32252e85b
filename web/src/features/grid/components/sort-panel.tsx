import { GRID_COLUMN_IDS, GRID_MAX_SORT_LEVELS, customColumnId, type GridColumnId, type GridSort } from '@planline/domain';
import { useId } from 'react';

const COLUMN_LABELS: Record<string, string> = {
  name: 'Name',
  wbs: 'WBS',
  start: 'Start',
  finish: 'Finish',
  duration: 'Duration',
  predecessors: 'Predecessors',
  assignee: 'Assignee',
  status: 'Status',
  priority: 'Priority',
  progress: 'Progress',
  slack: 'Slack',
  variance: 'Variance',
};

const LEVEL_NAMES = ['Sort by', 'Then by', 'Then by'];

/** [grid-view] Up to three sort levels, each a column (custom fields too) and a direction; the first decides. */
export function SortPanel({ sort, fields, onChange }: { sort: readonly GridSort[]; fields: readonly { id: string; name: string }[]; onChange: (sort: GridSort[]) => void }) {
  const id = useId();
  const columns: { id: GridColumnId; label: string }[] = [
    ...GRID_COLUMN_IDS.map((c) => ({ id: c, label: COLUMN_LABELS[c] ?? c })),
    ...fields.map((f) => ({ id: customColumnId(f.id), label: f.name })),
  ];
  // The levels set, and one empty level after them while there is room.
  const shown = Math.min(sort.length + 1, GRID_MAX_SORT_LEVELS);
  const setLevel = (i: number, level: GridSort | null) => {
    const next = sort.slice(0, i);
    if (level) next.push(level, ...sort.slice(i + 1).filter((l) => l.column !== level.column));
    onChange(next);
  };
  return (
    <div className="flex flex-col gap-2">
      {Array.from({ length: shown }, (_, i) => {
        const level = sort[i];
        return (
          <div key={i} className="flex flex-wrap items-center gap-2">
            <label htmlFor={`${id}-${i}`} className="w-16 text-sm text-slate-700">
              {LEVEL_NAMES[i]}
            </label>
            <select
              id={`${id}-${i}`}
              value={level?.column ?? ''}
              onChange={(e) => setLevel(i, e.target.value ? { column: e.target.value as GridColumnId, direction: level?.direction ?? 'asc' } : null)}
              className="h-8 min-w-0 flex-1 rounded-md border border-slate-300 px-1 text-sm"
            >
              <option value="">{i === 0 ? 'Outline order' : 'Nothing more'}</option>
              {columns
                .filter((c) => c.id === level?.column || !sort.some((l) => l.column === c.id))
                .map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.label}
                  </option>
                ))}
            </select>
            <select
              aria-label={`${LEVEL_NAMES[i]}: direction`}
              value={level?.direction ?? 'asc'}
              disabled={!level}
              onChange={(e) => level && setLevel(i, { column: level.column, direction: e.target.value === 'desc' ? 'desc' : 'asc' })}
              className="h-8 rounded-md border border-slate-300 px-1 text-sm disabled:opacity-50"
            >
              <option value="asc">Ascending</option>
              <option value="desc">Descending</option>
            </select>
          </div>
        );
      })}
    </div>
  );
}
