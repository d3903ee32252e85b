import { normaliseTaskStatus, TASK_STATUS_COLORS, UNKNOWN_STATUS_COLOR, type Task } from '@planline/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import { format, parseISO } from 'date-fns';
import { CircleAlert, CircleCheck, CircleDashed, Clock, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { ErrorBlock } from '../../../components/ui/query-state';
import { Spinner } from '../../../components/ui/spinner';
import { serverMessage } from '../../../lib/api-error';
import { cn } from '../../../lib/cn';

/** 'Mar 8, 2026' for a 'yyyy-MM-dd' date (formatting only: no arithmetic in local time). */
export function formatDay(day: string): string {
  return format(parseISO(day), 'MMM d, yyyy');
}

export function formatShortDay(day: string): string {
  return format(parseISO(day), 'MMM d');
}

/** The empty state or placeholder of a widget: one quiet line, centred. */
export function WidgetMessage({ children, icon: Icon }: { children: ReactNode; icon?: LucideIcon }) {
  return (
    <div className="flex h-full min-h-24 flex-col items-center justify-center gap-2 py-4 text-center">
      {Icon ? <Icon aria-hidden="true" className="h-6 w-6 text-slate-300" /> : null}
      <p className="text-sm text-slate-500">{children}</p>
    </div>
  );
}

/** Waits for a widget's read: a spinner, then its data, or the failure with a way to try again. */
export function WidgetQuery<T>({ query, label, children }: { query: UseQueryResult<T>; label: string; children: (data: T) => ReactNode }) {
  if (query.isPending) {
    return (
      <div className="flex justify-center py-6">
        <Spinner label={`Loading ${label}`} className="[&_svg]:h-6 [&_svg]:w-6" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <ErrorBlock
        message={serverMessage(query.error) ?? `We couldn't load the ${label}.`}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return <>{children(query.data)}</>;
}

type StatusKey = 'pending' | 'in_progress' | 'completed' | 'blocked' | 'other';

function statusKey(status: string): StatusKey {
  const normalised = normaliseTaskStatus(status);
  return normalised === 'pending' || normalised === 'in_progress' || normalised === 'completed' || normalised === 'blocked'
    ? normalised
    : 'other';
}

/** Badge tints and icons; the ink is the status colour of the palette (the same on the chart and in exports). */
const STATUS_LOOK: Record<StatusKey, { label: string; badge: string; icon: LucideIcon; color: string }> = {
  pending: { label: 'Pending', badge: 'bg-orange-50 ring-orange-200', icon: CircleDashed, color: TASK_STATUS_COLORS.pending },
  in_progress: { label: 'In Progress', badge: 'bg-blue-50 ring-blue-200', icon: Clock, color: TASK_STATUS_COLORS.in_progress },
  completed: { label: 'Completed', badge: 'bg-green-50 ring-green-200', icon: CircleCheck, color: TASK_STATUS_COLORS.completed },
  blocked: { label: 'Blocked', badge: 'bg-red-50 ring-red-200', icon: CircleAlert, color: TASK_STATUS_COLORS.blocked },
  // PRODUCT-SPEC §4: any other value reads as not started.
  other: { label: 'Not Started', badge: 'bg-slate-50 ring-slate-200', icon: CircleDashed, color: UNKNOWN_STATUS_COLOR },
};

export function statusLabel(status: string): string {
  return STATUS_LOOK[statusKey(status)].label;
}

export function StatusIcon({ status }: { status: string }) {
  const { icon: Icon, color } = STATUS_LOOK[statusKey(status)];
  return <Icon aria-hidden="true" className="h-4 w-4 shrink-0" style={{ color }} />;
}

const badgeBase = 'inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset whitespace-nowrap';

export function StatusBadge({ status }: { status: string }) {
  const { label, badge, color } = STATUS_LOOK[statusKey(status)];
  return (
    <span className={cn(badgeBase, badge)} style={{ color }}>
      {label}
    </span>
  );
}

const PRIORITY_LOOK: Record<string, { label: string; className: string }> = {
  low: { label: 'Low', className: 'bg-slate-50 text-slate-600 ring-slate-200' },
  medium: { label: 'Medium', className: 'bg-sky-50 text-sky-700 ring-sky-200' },
  high: { label: 'High', className: 'bg-orange-50 text-orange-700 ring-orange-200' },
  critical: { label: 'Critical', className: 'bg-red-50 text-red-700 ring-red-200' },
};

export function PriorityBadge({ priority }: { priority: string }) {
  const look = PRIORITY_LOOK[priority] ?? { label: priority, className: 'bg-slate-50 text-slate-600 ring-slate-200' };
  return (
    <span className={cn(badgeBase, look.className)}>
      <span className="sr-only">Priority: </span>
      {look.label}
    </span>
  );
}

/** The name the task shows for its assignee. */
export function assigneeName(task: Pick<Task, 'assignedTo' | 'assignee'>): string | null {
  if (task.assignedTo?.trim()) return task.assignedTo;
  const full = [task.assignee?.firstName, task.assignee?.lastName].filter(Boolean).join(' ').trim();
  return full || null;
}

/** A text button inside a widget ('View All Tasks', 'View Full Gantt Chart'). */
export function WidgetLink({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="mt-3 inline-flex cursor-pointer items-center gap-1 rounded-md text-sm font-medium text-blue-700 hover:text-blue-900 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
    >
      {children}
    </button>
  );
}
