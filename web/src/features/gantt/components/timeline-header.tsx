import { NAME_COLUMN_PX, type TimelineHeader } from '@planline/domain';
import { memo } from 'react';
import { cn } from '../../../lib/cn';
import { HEADER_BAND_PX, HEADER_CELLS_PX, HEADER_HEIGHT_PX } from './layout';

/** Half the 'Today' label's width: it is kept whole inside the chart. */
const TODAY_PILL_HALF_PX = 22;

interface TimelineDateHeaderProps {
  header: TimelineHeader;
  dayWidthPx: number;
  timelineWidth: number;
}

/** The date header of the current view (PRODUCT-SPEC §2), sticky above the rows. */
export const TimelineDateHeader = memo(function TimelineDateHeader({ header, dayWidthPx, timelineWidth }: TimelineDateHeaderProps) {
  return (
    <div
      data-header-view={header.view}
      className="sticky top-0 z-20 flex border-b border-slate-200 bg-white"
      style={{ width: NAME_COLUMN_PX + timelineWidth, height: HEADER_HEIGHT_PX }}
    >
      <div
        className="sticky left-0 z-10 flex shrink-0 items-end justify-between border-r border-slate-200 bg-white px-4 pb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase"
        style={{ width: NAME_COLUMN_PX }}
      >
        <span>Task</span>
        <span>Assignee</span>
      </div>
      <div className="relative shrink-0" style={{ width: timelineWidth }} aria-hidden="true">
        <div className="absolute inset-x-0 top-0 border-b border-slate-100" style={{ height: HEADER_BAND_PX }}>
          {header.bands.map((band) => (
            <div
              key={band.key}
              data-band={band.key}
              className="absolute top-0 flex h-full items-center border-l border-slate-200 text-xs font-semibold text-slate-700"
              style={{ left: band.offsetDays * dayWidthPx, width: band.days * dayWidthPx }}
            >
              {/* Sticky: the month's name stays in view while its days scroll under the name column. */}
              <span className="sticky truncate px-2" style={{ left: NAME_COLUMN_PX }}>
                {band.label}
              </span>
            </div>
          ))}
          {header.today && header.view === 'quarterly' ? (
            <span
              data-today-label
              className="absolute top-0.5 z-[1] -translate-x-1/2 rounded-full bg-blue-600 px-1.5 text-[10px] leading-4 font-semibold text-white"
              style={{ left: Math.min(Math.max((header.today.offsetDays + 0.5) * dayWidthPx, TODAY_PILL_HALF_PX), timelineWidth - TODAY_PILL_HALF_PX) }}
            >
              {header.today.label}
            </span>
          ) : null}
        </div>
        <div className="absolute inset-x-0" style={{ top: HEADER_BAND_PX, height: HEADER_CELLS_PX }}>
          {header.cells.map((cell) => (
            <div
              key={cell.key}
              title={cell.title}
              data-today={cell.isToday || undefined}
              className={cn(
                'absolute top-0 flex h-full flex-col items-center justify-center border-l border-slate-100 leading-tight whitespace-nowrap',
                cell.isToday ? 'z-[1] overflow-visible bg-blue-50 text-blue-700' : 'overflow-hidden',
                !cell.isToday && (cell.isWeekend ? 'bg-slate-50 text-slate-400' : 'text-slate-600'),
              )}
              style={{ left: cell.offsetDays * dayWidthPx, width: cell.days * dayWidthPx }}
            >
              <span className={cn('text-xs', cell.isToday ? 'font-bold' : 'font-medium')}>{cell.label}</span>
              {/* Day cells label today 'Today' in place of its weekday; the quarterly view puts the label above. */}
              {cell.isToday && header.view !== 'quarterly' ? (
                <span data-today-label className="rounded-full bg-blue-600 px-1 text-[10px] font-semibold text-white">
                  {header.today?.label}
                </span>
              ) : (
                <span className="text-[10px]">{cell.sublabel}</span>
              )}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
});

/** Day (or month) lines, weekend shading and the today marker behind the rows; memoised, as rows scroll over it. */
export const TimelineGrid = memo(function TimelineGrid({
  header,
  dayWidthPx,
  timelineWidth,
  height,
}: TimelineDateHeaderProps & { height: number }) {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute top-0" style={{ left: NAME_COLUMN_PX, width: timelineWidth, height }}>
      {header.cells.map((cell) =>
        cell.isWeekend || cell.offsetDays > 0 ? (
          <div
            key={cell.key}
            className={cn('absolute inset-y-0', cell.offsetDays > 0 && 'border-l border-slate-100', cell.isWeekend && 'bg-slate-50/70')}
            style={{ left: cell.offsetDays * dayWidthPx, width: cell.days * dayWidthPx }}
          />
        ) : null,
      )}
      {header.today ? (
        <div
          data-today-marker
          className="absolute inset-y-0 w-0.5 -translate-x-1/2 bg-blue-500/70"
          style={{ left: (header.today.offsetDays + 0.5) * dayWidthPx }}
        />
      ) : null}
    </div>
  );
});
