import { TASK_STATUS_COLORS, TASK_STATUS_LABELS, type TaskStatus } from '@planline/domain';
import { cn } from '../../../lib/cn';

/** The coloured dot, with the status as text for screen readers (or hidden when a label is beside it). */
export function StatusDot({ status, labelled = true, className }: { status: TaskStatus; labelled?: boolean; className?: string }) {
  return (
    <>
      <span aria-hidden="true" data-status={status} className={cn('inline-block h-2.5 w-2.5 shrink-0 rounded-full', className)} style={{ backgroundColor: TASK_STATUS_COLORS[status] }} />
      {labelled ? <span className="sr-only">{`Status: ${TASK_STATUS_LABELS[status]}`}</span> : null}
    </>
  );
}
