import { displayName, formatCalendarDate, type PlaceholderRow, type Task, type WorkCalendarSettings } from '@planline/domain';
import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw, WifiOff } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useStore } from 'zustand';
import { ErrorBlock } from '../../../components/ui/query-state';
import { toast } from '../../../lib/toast.store';
import { AUTH_USER_KEY } from '../../auth';
import { FAILED_ATTEMPTS_BEFORE_ERROR } from '../connection/project-connection';
import { retryProjectConnection, useConnectionState, useProjectConnection } from '../connection/use-project-connection';
import type { DropFields } from '../model/crossed-drops';
import { currentRowStore } from '../model/current-row.store';
import { dragStore } from '../model/drag.store';
import { rowDragStore } from '../model/row-drop';
import { userColor } from '../model/presence';
import { syncNotice } from '../model/sync-notice';
import { WorkCalendarProvider, workCalendarOf } from '../model/work-calendar';
import { lazyOnceShown } from '../../../lib/lazy-part';
import { useToday } from '../../../lib/use-today';
import { CreateTaskDialog, QuickAddForm } from './task-create-form';
import { DeleteTaskDialog } from './delete-task-dialog';
import { TimelineChart } from './timeline-chart';
import type { Person } from './timeline-context';
import { TimelineSkeleton } from './timeline-skeleton';
import { useKeepFirstScreen } from './use-keep-first-screen';

// [lazy-parts] Task Details (its comments, history and Watch toggle) is asked for when a task's details first open.
const TaskDetailsDialog = lazyOnceShown(
  () => import('./task-details-dialog').then((m) => m.TaskDetailsDialog),
  (props) => props.taskId !== null,
);

export interface GanttViewProps {
  projectId: string;
  /** The project's working weekdays and holidays (the Project itself will do): shading, link checks, slack. */
  calendar: WorkCalendarSettings;
  currentUser: Person;
  members: (Person & { profileImageUrl: string | null })[];
  /** Members of the project's team save and delete baselines; its guests only show them. */
  canSaveBaselines?: boolean;
  /** [workload-overload] The project's team when the viewer is one of its members: its workload marks over-allocated bars. */
  teamId?: string | null;
  /** Issue 38: the owner and admins of the project's team delete anyone's comment. */
  canModerateComments?: boolean;
  /** Set by the sidebar's Add Task: the quick add's name input takes focus, then onFocusHandled runs. */
  focusTaskName?: boolean;
  onFocusHandled?: () => void;
}

/** What a drop had set, as the toast says it: "24 Nov – 28 Nov", "60%". */
function describeDrop(fields: DropFields): string {
  const parts: string[] = [];
  if (fields.startDate !== undefined || fields.endDate !== undefined) {
    parts.push([fields.startDate, fields.endDate].filter((d): d is string => typeof d === 'string').map(formatCalendarDate).join(' – '));
  }
  if (fields.progress !== undefined) parts.push(`${fields.progress}%`);
  return parts.join(', ');
}

function isTextEntry(el: HTMLElement): boolean {
  return el.isContentEditable || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || (el.tagName === 'INPUT' && (el as HTMLInputElement).type !== 'button');
}

/**
 * The live Gantt timeline of one project (PRODUCT-SPEC §2 "Project Timeline"). Tasks come from the project's
 * Yjs document; drags edit it directly (one transaction per drop, undoable with Ctrl/⌘+Z); the details panel,
 * quick add and delete go through REST, and the document brings their result back.
 */
export function GanttView({ projectId, calendar, currentUser, members, canSaveBaselines = false, canModerateComments = false, teamId = null, focusTaskName, onFocusHandled }: GanttViewProps) {
  const connection = useProjectConnection(projectId);
  const status = useConnectionState(connection, (s) => s.status);
  const notice = useConnectionState(connection, syncNotice);
  // No sync after a few tries while the chart shows this device's copy: the session may have ended too.
  const sessionInDoubt = useConnectionState(
    connection,
    (s) => s.status === 'unreachable' || ((s.status === 'preview' || s.status === 'local') && s.failedAttempts >= FAILED_ATTEMPTS_BEFORE_ERROR),
  );
  const readOnly = useConnectionState(connection, (s) => s.readOnly);
  const canUndo = useConnectionState(connection, (s) => s.canUndo);
  const canRedo = useConnectionState(connection, (s) => s.canRedo);
  const today = useToday();
  const queryClient = useQueryClient();

  const peopleList = useMemo<Person[]>(() => {
    const list: Person[] = members.map(({ id, firstName, lastName, email }) => ({ id, firstName, lastName, email }));
    if (!list.some((p) => p.id === currentUser.id)) list.push(currentUser);
    return list.sort((a, b) => displayName(a).localeCompare(displayName(b)));
  }, [members, currentUser]);
  const people = useMemo(() => new Map(peopleList.map((p) => [p.id, p])), [peopleList]);

  useKeepFirstScreen(projectId, currentUser.id, status === 'synced');

  const userName = displayName(currentUser);
  useEffect(() => {
    connection?.setUser({ id: currentUser.id, name: userName, color: userColor(currentUser.id) });
  }, [connection, currentUser.id, userName]);

  // A socket that never gets through may mean the session ended: re-reading the user lets the app's session
  // expiry flow decide.
  useEffect(() => {
    if (sessionInDoubt) void queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY });
  }, [sessionInDoubt, queryClient]);

  // Two drops of one bar crossed and ours lost: say who won, and offer ours back (nothing is lost either way).
  useEffect(() => {
    if (!connection) return;
    return connection.crossedDrops.subscribe((crossed) => {
      if (!crossed) return;
      const name = connection.tasks.getState().tasks.get(crossed.taskId)?.name ?? 'This task';
      toast({
        title: `${crossed.by.name} moved “${name}” at the same time`,
        description: `Their change was kept. Yours was ${describeDrop(crossed.mine)}.`,
        action: { label: 'Use mine', altText: 'Move the bar again to set your dates', onSelect: () => connection.writeTask(crossed.taskId, crossed.mine) },
      });
    });
  }, [connection]);

  const [detailsTaskId, setDetailsTaskId] = useState<string | null>(null);
  const [createDates, setCreateDates] = useState<{ startDate: string; endDate: string } | null>(null);
  const [deleteTaskId, setDeleteTaskId] = useState<string | null>(null);
  const [revealTaskId, setRevealTaskId] = useState<string | null>(null);
  // Another project: nothing of the previous one stays open.
  useEffect(() => {
    setDetailsTaskId(null);
    setCreateDates(null);
    setDeleteTaskId(null);
    setRevealTaskId(null);
  }, [projectId]);
  // Read when the confirm opens: the name it asks about.
  const deleteTarget = deleteTaskId ? connection?.tasks.getState().tasks.get(deleteTaskId) : undefined;

  // Teammates see who has a task open in the details panel.
  useEffect(() => {
    if (!connection || !detailsTaskId) return;
    connection.setActivity({ taskId: detailsTaskId, kind: 'editing' });
    return () => connection.setActivity(null);
  }, [connection, detailsTaskId]);

  const openDetails = useCallback((taskId: string) => setDetailsTaskId(taskId), []);
  const askDelete = useCallback((taskId: string) => setDeleteTaskId(taskId), []);
  const createFromPlaceholder = useCallback((row: PlaceholderRow) => setCreateDates({ startDate: row.startDate, endDate: row.endDate }), []);
  const onRevealed = useCallback(() => setRevealTaskId(null), []);
  // [workload-open-task] A task another view asked to show (after the reset above, which runs first on mount).
  const askedToShow = useStore(currentRowStore, (s) => s.reveal);
  useEffect(() => {
    if (!askedToShow) return;
    setRevealTaskId(askedToShow);
    currentRowStore.setState({ reveal: null });
  }, [askedToShow]);
  const onCreated = useCallback((task: Task) => setRevealTaskId(task.id), []);

  const undo = useCallback(() => {
    if (connection && !dragStore.getState().drag && !rowDragStore.getState().drag) connection.undo();
  }, [connection]);
  const redo = useCallback(() => {
    if (connection && !dragStore.getState().drag && !rowDragStore.getState().drag) connection.redo();
  }, [connection]);

  const root = useRef<HTMLElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    // Dialogs are portalled but their key events bubble through React: only keys from the timeline itself count.
    if (!root.current?.contains(target) || isTextEntry(target) || readOnly) return;
    if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
    const key = event.key.toLowerCase();
    if (key === 'z' && !event.shiftKey) undo();
    else if ((key === 'z' && event.shiftKey) || (key === 'y' && event.ctrlKey)) redo();
    else return;
    event.preventDefault();
  };

  // [paste-rows-chart] Rows pasted on the chart (not into a field) become tasks: one transaction, one undo step.
  const onPaste = (event: ClipboardEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    if (!connection || status === 'connecting' || status === 'denied' || status === 'unreachable') return;
    if (!root.current?.contains(target) || isTextEntry(target)) return;
    const text = event.clipboardData.getData('text/plain');
    if (!text.trim()) return;
    event.preventDefault();
    if (readOnly) {
      toast({ title: 'View only', description: 'You can see this project but not add tasks to it.', variant: 'destructive' });
      return;
    }
    const context = { today, people: peopleList, calendar: workCalendarOf(calendar), locale: navigator.language };
    // Read with the spreadsheet parser, which only a paste needs: its code comes with the first one.
    void import('./paste-rows').then(({ addPastedRows }) => addPastedRows(connection, text, context));
  };

  const title = (
    <div className="flex items-center gap-3">
      <h2 id="project-timeline-title" className="text-lg font-semibold text-slate-900">
        Project Timeline
      </h2>
      {/* Always in the page, so screen readers announce what it comes to say; as wide as "Syncing…" even when
          empty, so the title row wraps the same before and after the sync (the toolbar would jump otherwise). */}
      <span role="status" className="inline-block min-w-[5.75rem]">
        {notice === 'Syncing…' ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
            <RefreshCw aria-hidden="true" className="h-3.5 w-3.5" />
            {notice}
          </span>
        ) : notice ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800">
            <WifiOff aria-hidden="true" className="h-3.5 w-3.5" />
            {notice}
          </span>
        ) : null}
      </span>
      {readOnly && (status === 'synced' || status === 'local' || status === 'preview') ? (
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600">View only</span>
      ) : null}
    </div>
  );

  let body;
  if (!connection || status === 'connecting') {
    body = (
      <>
        <div className="border-b border-slate-200 px-4 py-3">{title}</div>
        <TimelineSkeleton />
      </>
    );
  } else if (status === 'denied' || status === 'unreachable') {
    body = (
      <>
        <div className="border-b border-slate-200 px-4 py-3">{title}</div>
        <div className="p-6">
          <ErrorBlock
            message={
              status === 'denied'
                ? "You don't have access to this project's timeline."
                : "We couldn't connect to the live timeline. Check your connection and try again."
            }
            onRetry={() => retryProjectConnection(connection)}
          />
        </div>
      </>
    );
  } else {
    body = (
      <TimelineChart
        connection={connection}
        today={today}
        people={people}
        // Editable from the first bars: edits made on a picture (the copy's snapshot, the server's task list) wait
        // in the outbox and are written once the document is in (connection/README.md).
        readOnly={readOnly}
        teamId={teamId}
        canSaveBaselines={canSaveBaselines}
        canUndo={canUndo}
        canRedo={canRedo}
        onUndo={undo}
        onRedo={redo}
        openDetails={openDetails}
        askDelete={askDelete}
        createFromPlaceholder={createFromPlaceholder}
        revealTaskId={revealTaskId}
        onRevealed={onRevealed}
        title={title}
      />
    );
  }

  return (
    <WorkCalendarProvider settings={calendar}>
      <section
        ref={root}
        aria-labelledby="project-timeline-title"
        data-connection={status}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        // Focusable by a click on the chart's empty parts (not by Tab): a paste needs the focus inside the chart.
        tabIndex={-1}
        className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm focus:outline-none"
      >
        {body}
        <QuickAddForm
          projectId={projectId}
          today={today}
          people={peopleList}
          disabled={readOnly}
          focusName={focusTaskName}
          onFocusHandled={onFocusHandled}
          onCreated={onCreated}
        />
        {connection ? (
          <TaskDetailsDialog
            connection={connection}
            taskId={detailsTaskId}
            people={people}
            peopleList={peopleList}
            readOnly={readOnly}
            currentUserId={currentUser.id}
            canModerateComments={canModerateComments}
            onClose={() => setDetailsTaskId(null)}
            onDelete={askDelete}
          />
        ) : null}
        <CreateTaskDialog
          projectId={projectId}
          today={today}
          people={peopleList}
          dates={createDates}
          onClose={() => setCreateDates(null)}
          onCreated={onCreated}
        />
        <DeleteTaskDialog
          projectId={projectId}
          task={deleteTaskId && deleteTarget ? { id: deleteTaskId, name: deleteTarget.name } : null}
          onClose={() => setDeleteTaskId(null)}
          onDeleted={(id) => setDetailsTaskId((open) => (open === id ? null : open))}
        />
      </section>
    </WorkCalendarProvider>
  );
}
