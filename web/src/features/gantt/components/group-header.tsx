import { ChevronDown, ChevronRight } from 'lucide-react';
import { memo } from 'react';
import type { GroupHeaderRow } from '../../grid';
import { ROW_HEIGHT_PX } from './layout';
import { useTimeline } from './timeline-context';

/**
 * [grid-rows] A group's header row when the grid view groups (issue 39): its label and task count across the
 * name column and the timeline, and a button folding its tasks away.
 */
export const GroupHeader = memo(function GroupHeader({ group, top, onToggle }: { group: GroupHeaderRow; top: number; onToggle: (key: string) => void }) {
  const { nameColumnPx, timelineWidth } = useTimeline();
  return (
    <div
      role="listitem"
      data-group-row={group.key}
      className="pointer-events-none absolute left-0 flex items-center border-b border-slate-200 bg-slate-100"
      style={{ top, height: ROW_HEIGHT_PX, width: nameColumnPx + timelineWidth }}
    >
      <div className="sticky left-0 z-10 flex h-full items-center bg-slate-100" style={{ width: nameColumnPx }}>
        <button
          type="button"
          aria-expanded={!group.collapsed}
          onClick={() => onToggle(group.key)}
          className="pointer-events-auto flex h-full w-full items-center gap-1.5 px-2 text-left text-sm font-semibold text-slate-800 hover:bg-slate-200 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600"
        >
          {group.collapsed ? <ChevronRight aria-hidden="true" className="h-4 w-4 shrink-0" /> : <ChevronDown aria-hidden="true" className="h-4 w-4 shrink-0" />}
          <span className="truncate">{group.label}</span>
          <span className="ml-auto shrink-0 rounded-full bg-white px-2 text-xs font-medium text-slate-600">
            {group.count}
            <span className="sr-only"> {group.count === 1 ? 'task' : 'tasks'}</span>
          </span>
        </button>
      </div>
    </div>
  );
});
