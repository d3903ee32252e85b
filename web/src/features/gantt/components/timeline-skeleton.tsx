import { NAME_COLUMN_MAX_SHARE, NAME_COLUMN_PX } from '@planline/domain';
import { HEADER_HEIGHT_PX, ROW_HEIGHT_PX } from './layout';

const WIDTHS = [38, 22, 30, 46, 26, 34];
/** The chart's name column, narrower on phones (nameColumnWidth), without measuring. */
const NAME_COLUMN_STYLE = { width: NAME_COLUMN_PX, maxWidth: `${NAME_COLUMN_MAX_SHARE * 100}%` };

/** What the chart looks like until the project document's first sync. */
export function TimelineSkeleton() {
  return (
    <div role="status" aria-label="Loading timeline" className="animate-pulse">
      <div className="flex border-b border-slate-200" style={{ height: HEADER_HEIGHT_PX }}>
        <div className="shrink-0 border-r border-slate-200" style={NAME_COLUMN_STYLE} />
        <div className="m-3 h-4 flex-1 rounded bg-slate-100" />
      </div>
      {WIDTHS.map((width, i) => (
        <div key={i} className="flex items-center border-b border-slate-100" style={{ height: ROW_HEIGHT_PX }}>
          <div className="flex shrink-0 items-center gap-3 px-4" style={NAME_COLUMN_STYLE}>
            <span className="h-2.5 w-2.5 rounded-full bg-slate-200" />
            <span className="h-3 rounded bg-slate-200" style={{ width: `${40 + ((i * 17) % 35)}%` }} />
          </div>
          <div className="relative h-full flex-1">
            <span className="absolute top-1/2 h-6 -translate-y-1/2 rounded-md bg-slate-200" style={{ left: `${(i * 11) % 40}%`, width: `${width}%` }} />
          </div>
        </div>
      ))}
    </div>
  );
}
