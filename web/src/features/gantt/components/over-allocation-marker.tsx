import { barGeometry } from '@planline/domain';
import { AlertTriangle } from 'lucide-react';
import { createContext, useContext } from 'react';
import type { DisplayedDates } from '../model/displayed-dates';
import { NO_OVER_ALLOCATION, type OverAllocation } from '../model/over-allocation';
import { useTimeline } from './timeline-context';

/** [workload-overload] The bars to mark, for the rows: task id → the overloads in words. */
export const OverAllocationContext = createContext<OverAllocation>(NO_OVER_ALLOCATION);

const GAP_PX = 4;

/** What the marker of `taskId`'s bar says, one overload per line; undefined when it has none. */
export function useOverAllocationLabel(taskId: string): string | undefined {
  return useContext(OverAllocationContext).get(taskId);
}

/**
 * The marker's element id, which its bar names in its accessible description: the bar is the tab stop (one per
 * task), and the marker is read with it rather than being another stop after every bar.
 */
export const overAllocationMarkerId = (barHelpId: string, taskId: string) => `${barHelpId}-over-${taskId}`;

/**
 * [workload-overload] Right of a bar whose assignee is over-allocated on some of its days: a small warning sign,
 * its tooltip and accessible name the overloads ("Ana is at 150% on 3-5 Mar"). The sign and the words carry it,
 * not the colour alone. From the keyboard the bar says it: its accessible description names this marker, and its
 * tooltip on focus (BarTip) shows the same words.
 */
export function OverAllocationMarker({ taskId, shown }: { taskId: string; shown: DisplayedDates }) {
  const { range, zoom, barHelpId } = useTimeline();
  const label = useOverAllocationLabel(taskId);
  if (!label) return null;
  const bar = barGeometry(shown, range, zoom);
  if (!bar) return null;
  return (
    <span
      role="img"
      id={overAllocationMarkerId(barHelpId, taskId)}
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
