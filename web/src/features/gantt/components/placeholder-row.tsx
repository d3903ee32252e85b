import { barGeometry, NAME_COLUMN_COMPACT_PX, type PlaceholderRow as PlaceholderRowData } from '@planline/domain';
import { Plus } from 'lucide-react';
import { memo } from 'react';
import { cn } from '../../../lib/cn';
import { BAR_HEIGHT_PX, ROW_HEIGHT_PX } from './layout';
import { useTimeline } from './timeline-context';

/** A preview row of an empty plan: 'Add task N', 'Click to create task'; opens Create New Task with its dates. */
export const PlaceholderRow = memo(function PlaceholderRow({ row, top }: { row: PlaceholderRowData; top: number }) {
  const { range, zoom, timelineWidth, nameColumnPx, createFromPlaceholder, readOnly } = useTimeline();
  const compact = nameColumnPx < NAME_COLUMN_COMPACT_PX;
  const geometry = barGeometry(row, range, zoom);
  const create = () => createFromPlaceholder(row);
  return (
    <div
      role="row"
      data-placeholder-row={row.number}
      className="group pointer-events-auto absolute left-0 flex border-b border-slate-100"
      style={{ top, height: ROW_HEIGHT_PX, width: nameColumnPx + timelineWidth }}
    >
      <div role="gridcell" className="sticky left-0 z-10 shrink-0 border-r border-slate-200 bg-white" style={{ width: nameColumnPx }}>
        <button
          type="button"
          onClick={create}
          disabled={readOnly}
          className={cn(
            'flex h-full w-full items-center text-left text-slate-600 group-hover:bg-slate-50 group-hover:text-slate-800 focus-visible:bg-blue-50 focus-visible:outline-none disabled:cursor-default',
            compact ? 'gap-1.5 px-2' : 'gap-2.5 px-4',
          )}
        >
          <Plus aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />
          <span className="min-w-0 flex-1 truncate text-sm italic">{row.name}</span>
          {compact ? null : <span className="shrink-0 text-xs">Click to create task</span>}
        </button>
      </div>
      <div role="gridcell" className="relative shrink-0 overflow-hidden" style={{ width: timelineWidth }}>
        {geometry ? (
          <div
            aria-hidden="true"
            onClick={readOnly ? undefined : create}
            className="absolute cursor-pointer rounded-md border border-dashed border-slate-300 bg-slate-50/80 transition-colors group-hover:border-blue-400 group-hover:bg-blue-50"
            style={{ left: geometry.left, width: geometry.width, top: (ROW_HEIGHT_PX - BAR_HEIGHT_PX) / 2, height: BAR_HEIGHT_PX }}
          />
        ) : null}
      </div>
    </div>
  );
});
