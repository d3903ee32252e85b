import type { Notification, NotificationReason } from '@planline/domain';
import { Archive, ArchiveRestore, Circle, CircleCheck, Inbox as InboxIcon } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state';
import { useWorkspaceUi } from '../../../app/workspace-ui.store';
import { cn } from '../../../lib/cn';
import { useInbox, useMarkAllRead, usePatchNotification, useUnreadCount, type InboxFilters, type InboxShow } from '../notifications.queries';

const REASONS: { value: NotificationReason | ''; label: string }[] = [
  { value: '', label: 'All reasons' },
  { value: 'mention', label: 'Mentions' },
  { value: 'comment', label: 'Comments' },
  { value: 'assigned', label: 'Assigned to me' },
  { value: 'task_changed', label: 'Task changes' },
  { value: 'join_request', label: 'Join requests' },
  { value: 'join_answered', label: 'Join answers' },
  { value: 'project_restored', label: 'Restores' },
  { value: 'webhook_disabled', label: 'Webhooks' },
];
const SHOW: { value: InboxShow; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'unread', label: 'Unread' },
  { value: 'archived', label: 'Archived' },
];

const selectClasses =
  'h-9 w-full rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 sm:w-auto';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The inbox (issue 38): filters, the list newest first with its read state, and a click that opens the task.
 * `projects`: the person's projects, for the project filter (the page reads them).
 */
export function Inbox({ projects }: { projects: readonly { id: string; name: string }[] }) {
  const [filters, setFilters] = useState<InboxFilters>({ show: 'all', reason: '', projectId: '' });
  const inbox = useInbox(filters);
  const unread = useUnreadCount();
  const markAll = useMarkAllRead();
  const ids = { show: useId(), reason: useId(), project: useId() };
  const items = inbox.data?.pages.flatMap((p) => p.notifications) ?? [];
  const filtered = filters.show !== 'all' || filters.reason !== '' || filters.projectId !== '';

  return (
    <section aria-labelledby="inbox-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="inbox-title" className="text-2xl font-semibold text-slate-900">
          Inbox
          {unread ? <span className="ml-2 text-base font-normal text-slate-600">{unread} unread</span> : null}
        </h1>
        <Button variant="outline" size="sm" disabled={!unread || markAll.isPending} onClick={() => markAll.mutate()}>
          <CircleCheck aria-hidden="true" className="h-4 w-4" />
          Mark all read
        </Button>
      </div>
      <div className="grid gap-3 sm:flex sm:flex-wrap sm:items-end" role="group" aria-label="Filters">
        <label htmlFor={ids.show} className="grid gap-1 text-sm font-medium text-slate-700">
          Show
          <select id={ids.show} className={selectClasses} value={filters.show} onChange={(e) => setFilters({ ...filters, show: e.target.value as InboxShow })}>
            {SHOW.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={ids.reason} className="grid gap-1 text-sm font-medium text-slate-700">
          Reason
          <select id={ids.reason} className={selectClasses} value={filters.reason} onChange={(e) => setFilters({ ...filters, reason: e.target.value as NotificationReason | '' })}>
            {REASONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={ids.project} className="grid gap-1 text-sm font-medium text-slate-700">
          Project
          <select id={ids.project} className={selectClasses} value={filters.projectId} onChange={(e) => setFilters({ ...filters, projectId: e.target.value })}>
            <option value="">All projects</option>
            {projects.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      {markAll.isError ? (
        <p role="alert" className="text-sm text-red-700">
          Could not mark them read. Try again.
        </p>
      ) : null}

      {inbox.isPending ? (
        <LoadingBlock label="Loading notifications" />
      ) : inbox.isError ? (
        <ErrorBlock message="Your notifications could not be loaded." onRetry={() => void inbox.refetch()} retrying={inbox.isRefetching} />
      ) : items.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
          <InboxIcon aria-hidden="true" className="h-8 w-8 text-slate-400" />
          <p>{filtered ? 'No notifications match these filters.' : 'You are all caught up. Mentions, comments and changes to your tasks will show here.'}</p>
        </div>
      ) : (
        <>
          <ul aria-label="Notifications" className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white">
            {items.map((n) => (
              <NotificationItem key={n.id} notification={n} />
            ))}
          </ul>
          {inbox.hasNextPage ? (
            <div className="flex justify-center">
              <Button variant="outline" onClick={() => void inbox.fetchNextPage()} disabled={inbox.isFetchingNextPage}>
                {inbox.isFetchingNextPage ? 'Loading...' : 'Load older'}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}

function NotificationItem({ notification: n }: { notification: Notification }) {
  const navigate = useNavigate();
  const patch = usePatchNotification();
  // A task or project it names opens in the chart; a join request opens the team's requests, a disabled webhook
  // (issue 40) the team's management dialog, where its webhooks are.
  const teamId = n.reason === 'join_request' || n.reason === 'webhook_disabled' ? n.teamId : null;
  const opens = n.projectId !== null || teamId !== null;
  const open = () => {
    if (!n.read) patch.mutate({ id: n.id, read: true });
    if (n.projectId === null && teamId) {
      const ui = useWorkspaceUi.getState();
      if (ui.selectedTeamId !== teamId) ui.selectTeam(teamId);
      ui.openDialog(n.reason === 'webhook_disabled' ? 'teams' : 'joinRequests');
      void navigate('/');
      return;
    }
    const params = new URLSearchParams({ project: n.projectId! });
    if (n.taskId) params.set('task', n.taskId);
    void navigate(`/?${params.toString()}`);
  };
  const content = (
    <>
      <span className={cn('block text-sm', n.read ? 'text-slate-700' : 'font-semibold text-slate-900')}>{n.text}</span>
      {n.excerpt ? <span className="mt-1 block truncate text-sm text-slate-600">“{n.excerpt}”</span> : null}
      <span className="mt-1 block text-xs text-slate-600">{when(n.createdAt)}</span>
    </>
  );
  return (
    <li className={cn('flex items-start gap-3 p-3 sm:p-4', !n.read && 'bg-blue-50/60')}>
      <span className="mt-1.5 flex h-2.5 w-2.5 shrink-0 items-center justify-center">
        {n.read ? null : <span aria-hidden="true" className="h-2.5 w-2.5 rounded-full bg-blue-600" />}
      </span>
      <div className="min-w-0 flex-1">
        {!n.read ? <span className="sr-only">Unread: </span> : null}
        {opens ? (
          <button type="button" onClick={open} className="w-full cursor-pointer rounded text-left hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600">
            {content}
          </button>
        ) : (
          <div>{content}</div>
        )}
      </div>
      <div className="flex shrink-0 gap-1">
        <IconAction label={n.read ? 'Mark as unread' : 'Mark as read'} disabled={patch.isPending} onClick={() => patch.mutate({ id: n.id, read: !n.read })}>
          {n.read ? <Circle aria-hidden="true" className="h-4 w-4" /> : <CircleCheck aria-hidden="true" className="h-4 w-4" />}
        </IconAction>
        <IconAction label={n.archived ? 'Move back to inbox' : 'Archive'} disabled={patch.isPending} onClick={() => patch.mutate({ id: n.id, archived: !n.archived })}>
          {n.archived ? <ArchiveRestore aria-hidden="true" className="h-4 w-4" /> : <Archive aria-hidden="true" className="h-4 w-4" />}
        </IconAction>
      </div>
    </li>
  );
}

/** An icon button whose name is its label (read out, and shown on hover). */
function IconAction({ label, disabled, onClick, children }: { label: string; disabled: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <Button variant="ghost" size="sm" className="h-9 w-9 px-0" aria-label={label} title={label} disabled={disabled} onClick={onClick}>
      {children}
    </Button>
  );
}
