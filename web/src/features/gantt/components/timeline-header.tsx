import { DAY_LABEL_MIN_PX, NAME_COLUMN_COMPACT_PX, todayLabelCentre, type TimelineHeader } from '@planline/domain';
import { memo, type ReactNode } from 'react';
import { cn } from '../../../lib/cn';
import { HEADER_BAND_PX, HEADER_CELLS_PX, HEADER_HEIGHT_PX } from './layout';

/** Half the 'Today' label's width: it is kept whole inside the chart. */
const TODAY_PILL_HALF_PX = 22;

/** Consecutive non-working days, in days from the range start (domain nonWorkingRuns). */
export type DayRuns = readonly { offsetDays: number; days: number }[];

interface TimelineDateHeaderProps {
  header: TimelineHeader;
  /** The project's non-working days in the range, shaded in every view. */
  nonWorking: DayRuns;
  dayWidthPx: number;
  timelineWidth: number;
  nameColumnPx: number;
  /** The task list's header (the grid's column headers, grid-header.tsx), in place of the plain "Task" title. */
  list?: ReactNode;
}

/** The date header of the current view (PRODUCT-SPEC §2), sticky above the rows. */
export const TimelineDateHeader = memo(function TimelineDateHeader({ header, nonWorking, dayWidthPx, timelineWidth, nameColumnPx, list }: TimelineDateHeaderProps) {
  return (
    <div
      data-header-view={header.view}
      className="sticky top-0 z-20 flex border-b border-slate-200 bg-white"
      style={{ width: nameColumnPx + timelineWidth, height: HEADER_HEIGHT_PX }}
    >
      {list ?? <div
        className={cn(
          'sticky left-0 z-10 flex shrink-0 items-end justify-between border-r border-slate-200 bg-white pb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase',
          nameColumnPx < NAME_COLUMN_COMPACT_PX ? 'px-2' : 'px-4',
        )}
        style={{ width: nameColumnPx }}
      >
        <span>Task</span>
        {nameColumnPx < NAME_COLUMN_COMPACT_PX ? null : <span>Assignee</span>}
      </div>}
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
              <span className="sticky truncate px-2" style={{ left: nameColumnPx }}>
                {band.label}
              </span>
            </div>
          ))}
          {header.today && header.view === 'quarterly' ? (
            <span
              data-today-label
              className="absolute top-0.5 z-[1] -translate-x-1/2 rounded-full bg-blue-600 px-1.5 text-[10px] leading-4 font-semibold text-white"
              style={{ left: todayLabelCentre(header.today.offsetDays, dayWidthPx, timelineWidth, TODAY_PILL_HALF_PX) }}
            >
              {header.today.label}
            </span>
          ) : null}
        </div>
        {/* Beside the cells, not among them: the cells' container holds one child per cell. */}
        <div className="absolute inset-x-0" style={{ top: HEADER_BAND_PX, height: HEADER_CELLS_PX }}>
          <NonWorkingShade runs={nonWorking} dayWidthPx={dayWidthPx} className="bg-slate-100" />
        </div>
        <div className="absolute inset-x-0" style={{ top: HEADER_BAND_PX, height: HEADER_CELLS_PX }}>
          {header.cells.map((cell) => (
            <div
              key={cell.key}
              title={cell.nonWorking ? `${cell.title} · non-working day` : cell.title}
              data-today={cell.isToday || undefined}
              data-nonworking={cell.nonWorking || undefined}
              data-day={header.view === 'quarterly' ? undefined : cell.key}
              className={cn(
                'absolute top-0 flex h-full flex-col items-center justify-center leading-tight whitespace-nowrap',
                cell.labelled && 'border-l border-slate-100',
                // A labelled day narrower than its number (every other day, Mondays) lets it spill over its neighbours.
                // Month cells clip without becoming a scroll container, so their sticky label still works.
                cell.isToday || (cell.labelled && cell.days * dayWidthPx < DAY_LABEL_MIN_PX)
                  ? 'z-[1] overflow-visible'
                  : header.view === 'quarterly' ? 'overflow-clip' : 'overflow-hidden',
                cell.isToday && 'bg-blue-50 text-blue-700',
                !cell.isToday && (cell.nonWorking ? 'text-slate-600' : 'text-slate-700'),
              )}
              style={{ left: cell.offsetDays * dayWidthPx, width: cell.days * dayWidthPx }}
            >
              {header.view === 'quarterly' ? (
                // A month wider than the chart (a phone) keeps its name in view while its days scroll past.
                <span className="sticky flex flex-col items-center px-2" style={{ left: nameColumnPx }}>
                  <span className={cn('text-xs', cell.isToday ? 'font-bold' : 'font-medium')}>{cell.label}</span>
                  <span className="text-[10px]">{cell.sublabel}</span>
                </span>
              ) : null}
              {header.view !== 'quarterly' && (cell.labelled || cell.isToday) ? (
                <span className={cn('text-xs', cell.isToday ? 'font-bold' : 'font-medium')}>{cell.label}</span>
              ) : null}
              {/* Day cells label today 'Today' in place of its weekday (moved inwards at the chart's edges); the
                  quarterly view puts the label above. */}
              {cell.isToday && header.today && header.view !== 'quarterly' ? (
                <span
                  data-today-label
                  className="rounded-full bg-blue-600 px-1 text-[10px] font-semibold text-white"
                  style={{ transform: `translateX(${todayLabelCentre(header.today.offsetDays, dayWidthPx, timelineWidth, TODAY_PILL_HALF_PX) - (header.today.offsetDays + 0.5) * dayWidthPx}px)` }}
                >
                  {header.today.label}
                </span>
              ) : cell.sublabel && header.view !== 'quarterly' ? (
                <span className="text-[10px]">{cell.sublabel}</span>
              ) : null}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
});

/** One shaded block per run of non-working days (a weekend, a holiday beside it), behind what else is drawn. */
function NonWorkingShade({ runs, dayWidthPx, className }: { runs: DayRuns; dayWidthPx: number; className: string }) {
  return runs.map((run) => (
    <div
      key={run.offsetDays}
      data-nonworking-run
      className={cn('absolute inset-y-0', className)}
      style={{ left: run.offsetDays * dayWidthPx, width: run.days * dayWidthPx }}
    />
  ));
}

/**
 * Day (or month) lines, the project's non-working days and the today marker behind the rows; memoised, as rows
 * scroll over it.
 */
export const TimelineGrid = memo(function TimelineGrid({
  header,
  nonWorking,
  dayWidthPx,
  timelineWidth,
  nameColumnPx,
  height,
}: TimelineDateHeaderProps & { height: number }) {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute top-0" style={{ left: nameColumnPx, width: timelineWidth, height }}>
      <NonWorkingShade runs={nonWorking} dayWidthPx={dayWidthPx} className="bg-slate-100/70" />
      {header.cells.map((cell) =>
        cell.offsetDays > 0 && cell.labelled ? (
          <div
            key={cell.key}
            className="absolute inset-y-0 border-l border-slate-100"
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
