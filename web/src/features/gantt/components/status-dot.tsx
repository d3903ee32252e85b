import { TASK_STATUS_LABELS, type TaskStatus } from '@planline/domain';
import { cn } from '../../../lib/cn';

/** [task-status-colors] PRODUCT-SPEC §4: pending orange, in progress blue, completed green, blocked red. */
export const TASK_STATUS_DOT: Record<TaskStatus, string> = {
  pending: 'bg-orange-500',
  in_progress: 'bg-blue-500',
  completed: 'bg-green-500',
  blocked: 'bg-red-500',
};

/** The coloured dot, with the status as text for screen readers (or hidden when a label is beside it). */
export function StatusDot({ status, labelled = true, className }: { status: TaskStatus; labelled?: boolean; className?: string }) {
  return (
    <>
      <span aria-hidden="true" data-status={status} className={cn('inline-block h-2.5 w-2.5 shrink-0 rounded-full', TASK_STATUS_DOT[status], className)} />
      {labelled ? <span className="sr-only">{`Status: ${TASK_STATUS_LABELS[status]}`}</span> : null}
    </>
  );
}
