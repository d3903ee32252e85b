import type { Task } from '@planline/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type Dispatch, type ReactNode, type SetStateAction } from 'react';
import { useStore } from 'zustand';
import { isUnauthorizedError, serverMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast.store';
import { handleUnauthorized } from '../../auth';
import type { ProjectConnection } from '../connection/project-connection';
import { moveNotes, type RestoreChanges } from '../model/past-moves';
import { useDeleteTask, useRestore } from '../tasks.api';
import { taskMovesQueries, useTaskMoves } from '../tasks.queries';
import type { MoveNotes } from './move-note';
import { instantInWords, PastTaskDialog, RestorePlanDialog } from './restore-dialogs';
import type { TimeTravel } from './time-travel-control';
import { useWorkCalendar } from '../model/work-calendar';

/** How long the live plan rests before who-moved-what is read again (a drag or a cascade is several updates). */
const MOVES_REFRESH_MS = 1000;

interface PastViewInput {
  /** The live project (the plan now), whatever the chart shows. */
  connection: ProjectConnection;
  travel: TimeTravel;
  setTravel: Dispatch<SetStateAction<TimeTravel>>;
  /** The plan at travel.at, once read. */
  pastTasks: readonly Task[] | null;
  /** Restore is offered: people who may edit the plan (not read-only, and synced). */
  canRestore: boolean;
}

export interface PastView {
  /** The notes beside moved bars (null: the chart shows the plan now). */
  notes: MoveNotes | null;
  /** Opens a task as it was, with Restore this task. */
  openTask: (taskId: string) => void;
  /** Asks before restoring the whole plan (null: not offered now). */
  askRestorePlan: (() => void) | null;
  dialogs: ReactNode;
}

/**
 * [time-travel-moves] [restore] What the chart adds while it shows a past instant: who moved each bar since and
 * why, the task as it was, and restoring it or the whole plan. A restore is a server edit (the history says
 * "Restored to …"), so no browser's Ctrl+Z holds it: its notice offers Undo, which restores to the instant just
 * before it (the server names that instant).
 */
export function usePastView({ connection, travel, setTravel, pastTasks, canRestore }: PastViewInput): PastView {
  const { projectId } = connection;
  const at = travel.at;
  const queryClient = useQueryClient();
  const moves = useTaskMoves(projectId, at);
  const calendar = useWorkCalendar();
  // Read only while a past instant is shown: the chart does not re-render on live edits for this otherwise.
  const liveTasks = useStore(connection.tasks, (s) => (at !== null ? s.tasks : null));

  // Later edits change who moved what last: read again once the live plan rests (not on the first plan seen).
  const seen = useRef({ at, liveTasks });
  useEffect(() => {
    const before = seen.current;
    seen.current = { at, liveTasks };
    if (at === null || before.at !== at || before.liveTasks === liveTasks) return;
    const timer = setTimeout(() => void queryClient.invalidateQueries(taskMovesQueries(projectId)), MOVES_REFRESH_MS);
    return () => clearTimeout(timer);
  }, [at, liveTasks, projectId, queryClient]);

  const [taskId, setTaskId] = useState<string | null>(null);
  const [planChanges, setPlanChanges] = useState<RestoreChanges | null>(null);
  const [confirmPlan, setConfirmPlan] = useState(false);
  useEffect(() => {
    setTaskId(null);
    setConfirmPlan(false);
  }, [at, projectId]);

  const pastById = useMemo(() => new Map((pastTasks ?? []).map((t) => [t.id, t])), [pastTasks]);
  const notes = useMemo<MoveNotes | null>(() => {
    if (at === null || !liveTasks || !pastTasks || !moves.data) return null;
    const found = moveNotes({ then: pastById, now: liveTasks, moves: moves.data, compare: travel.compare, calendar });
    return { notes: found, compare: travel.compare, open: setTaskId };
  }, [at, pastTasks, pastById, liveTasks, moves.data, travel.compare, calendar]);

  const restore = useRestore(projectId);
  const deleteTask = useDeleteTask();
  const failed = useCallback((err: unknown, fallback: string) => {
    if (isUnauthorizedError(err)) return handleUnauthorized();
    toast({ title: 'Restore failed', description: serverMessage(err) ?? fallback, variant: 'destructive' });
  }, []);

  const undo = async (input: { at: string; taskId?: string }, undoAt: string, revived: boolean) => {
    try {
      // A task the restore brought back did not exist the instant before: undoing it is deleting it again.
      if (input.taskId && revived) await deleteTask.mutateAsync({ taskId: input.taskId, projectId });
      else await restore.mutateAsync({ at: undoAt, taskId: input.taskId });
      toast({ title: 'Restore undone', description: `Back as it was on ${instantInWords(undoAt)}.` });
    } catch (err) {
      failed(err, 'The restore could not be undone. Check your connection, then use History to restore again.');
    }
  };

  const run = async (input: { at: string; taskId?: string }) => {
    const revived = input.taskId !== undefined && !connection.hasTask(input.taskId);
    const name = input.taskId ? pastById.get(input.taskId)?.name : undefined;
    try {
      const { undoAt } = await restore.mutateAsync(input);
      setTaskId(null);
      setConfirmPlan(false);
      // Back to now, where the restore shows (it is an edit everyone sees).
      setTravel((t) => ({ ...t, at: null, compare: false }));
      toast({
        title: input.taskId ? 'Task restored' : 'Plan restored',
        description: `${name ? `“${name}”` : 'The plan'} is back as it was on ${instantInWords(input.at)}.`,
        action: { label: 'Undo restore', altText: 'Open History and restore to the moment before the restore', onSelect: () => void undo(input, undoAt, revived) },
      });
    } catch (err) {
      failed(err, 'The plan could not be restored. Check your connection and try again.');
    }
  };

  const openTask = useCallback((id: string) => setTaskId(id), []);
  const askRestorePlan =
    at !== null && canRestore && pastTasks
      ? () => {
          void connection.restoreChanges(pastTasks).then((changes) => {
            setPlanChanges(changes);
            setConfirmPlan(true);
          });
        }
      : null;

  const shown = taskId ? (pastById.get(taskId) ?? null) : null;
  const live = taskId ? liveTasks?.get(taskId) : undefined;
  // What restoring the open task would change, counted by the document (again as the live plan changes).
  const [taskChanges, setTaskChanges] = useState<{ taskId: string; changes: RestoreChanges } | null>(null);
  useEffect(() => {
    if (!shown || !pastTasks) return;
    let current = true;
    void connection.restoreChanges(pastTasks, shown.id).then((changes) => current && setTaskChanges({ taskId: shown.id, changes }));
    return () => {
      current = false;
    };
  }, [connection, shown, pastTasks, liveTasks]);
  const dialogs =
    at === null ? null : (
      <>
        <RestorePlanDialog
          at={confirmPlan ? at : null}
          changes={planChanges}
          pending={restore.isPending}
          onConfirm={() => void run({ at })}
          onClose={() => setConfirmPlan(false)}
        />
        <PastTaskDialog
          at={at}
          task={shown}
          now={live ? { startDate: live.startDate, endDate: live.endDate } : null}
          note={taskId ? notes?.notes.get(taskId) : undefined}
          changes={shown && taskChanges?.taskId === shown.id ? taskChanges.changes : null}
          canRestore={canRestore}
          pending={restore.isPending}
          onRestore={() => shown && void run({ at, taskId: shown.id })}
          onClose={() => setTaskId(null)}
        />
      </>
    );
  return { notes, openTask, askRestorePlan, dialogs };
}
