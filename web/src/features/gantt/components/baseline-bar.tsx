import { barGeometry } from '@planline/domain';
import { compareWithBaseline, useShownBaseline } from '../model/baseline';
import type { DisplayedDates } from '../model/displayed-dates';
import { useWorkCalendar } from '../model/work-calendar';
import { BAR_HEIGHT_PX, ROW_HEIGHT_PX } from './layout';
import { useTimeline } from './timeline-context';

/** The baseline's bar: thin, under the task's bar (which ends BAR_HEIGHT_PX below its centred top). */
const BASELINE_BAR_PX = 4;
const BASELINE_TOP_PX = (ROW_HEIGHT_PX + BAR_HEIGHT_PX) / 2 + 2;
/**
 * Room the drift label keeps from the bars (clear of the link handle, 16 px out from a bar's end), and the most it
 * needs beside them before it goes to the left.
 */
const LABEL_GAP_PX = 22;
const LABEL_ROOM_PX = 180;

/**
 * [baseline-bar] Where a task was in the shown baseline: a thin grey bar under its bar at the baseline's dates,
 * and beside them how far its end has drifted ("+4d vs Kick-off plan", working days of the project's calendar),
 * following a drag as it happens. Nothing for a task the baseline does not hold (added since).
 */
export function BaselineBar({ taskId, shown }: { taskId: string; shown: DisplayedDates }) {
  const baseline = useShownBaseline();
  const { range, zoom, timelineWidth } = useTimeline();
  const calendar = useWorkCalendar();
  const saved = baseline?.tasks.get(taskId);
  if (!baseline || !saved) return null;
  const comparison = compareWithBaseline(shown, saved, baseline.name, calendar);
  const old = barGeometry(saved, range, zoom);
  const now = barGeometry(shown, range, zoom);
  const spans = [old, now].filter((g) => g !== null);
  const right = Math.max(...spans.map((g) => g.left + g.width));
  const left = Math.min(...spans.map((g) => g.left));
  const labelOnRight = right + LABEL_GAP_PX + LABEL_ROOM_PX <= timelineWidth;

  return (
    <>
      {old ? (
        <div
          aria-hidden="true"
          data-baseline-bar={taskId}
          className="pointer-events-none absolute rounded-sm bg-slate-500"
          style={{ left: old.left, width: old.width, top: BASELINE_TOP_PX, height: BASELINE_BAR_PX }}
        />
      ) : null}
      {comparison.label && spans.length ? (
        <span
          data-baseline-drift={taskId}
          data-late={comparison.late || undefined}
          title={comparison.description}
          className="pointer-events-auto absolute top-1/2 -translate-y-1/2 text-[11px] font-medium whitespace-nowrap text-slate-700 tabular-nums"
          style={labelOnRight ? { left: right + LABEL_GAP_PX } : { right: timelineWidth - left + LABEL_GAP_PX }}
        >
          {comparison.label}
          <span className="sr-only">. {comparison.description}</span>
        </span>
      ) : null}
    </>
  );
}
