import { AlertTriangle } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useTimelineView } from '../model/timeline-view.store';

interface OverAllocatedOnlyButtonProps {
  /** False while the chart shows a past plan: the marks are of the plan now. */
  available: boolean;
  /** While the filter is on: how many rows are shown, of how many; null while it is off. */
  shown: number | null;
  of: number;
}

/** [workload-overload] The toolbar's Over-allocated only filter, beside Late only. */
export function OverAllocatedOnlyButton({ available, shown, of }: OverAllocatedOnlyButtonProps) {
  const on = useTimelineView((s) => s.overAllocatedOnly);
  const toggle = useTimelineView((s) => s.toggleOverAllocatedOnly);
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        aria-pressed={available && on}
        aria-disabled={!available || undefined}
        title={available ? 'Only tasks whose assignee is over-allocated on some of their days' : 'Over-allocation is shown for the plan now'}
        onClick={available ? toggle : undefined}
        className={cn(
          'aria-pressed:border-red-700 aria-pressed:bg-red-50 aria-pressed:text-red-900 aria-pressed:hover:bg-red-100',
          !available && 'cursor-not-allowed opacity-50',
        )}
      >
        <AlertTriangle aria-hidden="true" className="h-3.5 w-3.5" />
        Over-allocated only
      </Button>
      <span role="status" className="text-xs text-slate-600">
        {shown !== null ? `${shown} of ${of} ${of === 1 ? 'task is' : 'tasks are'} over-allocated` : null}
      </span>
    </>
  );
}
