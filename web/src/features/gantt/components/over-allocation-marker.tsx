import { barGeometry } from '@planline/domain';
import { AlertTriangle } from 'lucide-react';
import { createContext, useContext } from 'react';
import type { DisplayedDates } from '../model/displayed-dates';
import { NO_OVER_ALLOCATION, type OverAllocation } from '../model/over-allocation';
import { useTimeline } from './timeline-context';

/** [workload-overload] The bars to mark, for the rows: task id → the overloads in words. */
export const OverAllocationContext = createContext<OverAllocation>(NO_OVER_ALLOCATION);

const GAP_PX = 4;

/**
 * [workload-overload] Right of a bar whose assignee is over-allocated on some of its days: a small warning sign,
 * its tooltip and accessible name the overloads ("Ana is at 150% on 3-5 Mar"). The sign and the words carry it,
 * not the colour alone.
 */
export function OverAllocationMarker({ taskId, shown }: { taskId: string; shown: DisplayedDates }) {
  const marks = useContext(OverAllocationContext);
  const { range, zoom } = useTimeline();
  const label = marks.get(taskId);
  if (!label) return null;
  const bar = barGeometry(shown, range, zoom);
  if (!bar) return null;
  return (
    <span
      role="img"
      data-over-allocated={taskId}
      aria-label={`Over-allocated: ${label.replaceAll('\n', '; ')}`}
      title={label}
      className="pointer-events-auto absolute top-1/2 z-[2] inline-flex h-5 w-5 -translate-y-1/2 items-center justify-center rounded-full border border-red-300 bg-red-50 text-red-700"
      style={{ left: bar.left + bar.width + GAP_PX }}
    >
      <AlertTriangle aria-hidden="true" className="h-3 w-3" />
    </span>
  );
}
