import { useQuery } from '@tanstack/react-query';
import { Scale } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state';
import { isUnauthorizedError } from '../../../lib/api-error';
import { apiRequest } from '../../../lib/query-client';
import { toast } from '../../../lib/toast.store';
import { handleUnauthorized, useAuth } from '../../auth';
import { ProFeatureUpgrade } from '../../teams';
import {
  levelAppliedMessage,
  levelGhosts,
  NO_LEVEL_GHOSTS,
  levelPreviewState,
  parseLevelResult,
  levelWrite,
  type LevelGhosts,
  type LevelMoveRow,
  type LevelResult,
  type UnresolvedRow,
} from '../model/leveling';
import { useWorkCalendar } from '../model/work-calendar';
import type { TimelineContextValue, Person } from './timeline-context';

interface LevelingProps {
  connection: TimelineContextValue['connection'];
  teamId: string;
  people: ReadonlyMap<string, Person>;
  /** The previewed moves, for the chart's ghost bars; NO_LEVEL_GHOSTS again once the dialog closes. */
  onPreview: (ghosts: LevelGhosts) => void;
}

async function levelPreview(projectId: string): Promise<LevelResult> {
  return parseLevelResult(await (await apiRequest('POST', `/api/projects/${projectId}/level`, { preview: true })).json());
}

/**
 * [leveling-dialog] The toolbar's "Resolve over-allocation" (issue 36): a preview of the moves leveling would make
 * and what it cannot resolve, applied only on Apply. Apply is this browser's own edit of the document (levelWrite):
 * one transaction with the cascade, one undo step, each move carrying its history reason to the server.
 */
export function ResolveOverAllocationButton(props: LevelingProps) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} aria-haspopup="dialog">
        <Scale aria-hidden="true" className="h-3.5 w-3.5" />
        Resolve over-allocation
      </Button>
      {open ? <LevelingDialogContent {...props} onClose={() => setOpen(false)} /> : null}
    </Dialog>
  );
}

function LevelingDialogContent({ connection, teamId, people, onPreview, onClose }: LevelingProps & { onClose: () => void }) {
  const projectId = connection.projectId;
  const { user } = useAuth();
  const calendar = useWorkCalendar();
  const tasks = useStore(connection.tasks, (s) => s.tasks);
  // A fresh preview each time the dialog opens: the plan may have changed since.
  const preview = useQuery({
    queryKey: ['/api/projects', projectId, 'level-preview'],
    queryFn: () => levelPreview(projectId),
    retry: false,
    gcTime: 0,
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
  const apply = () => {
    if (!preview.data) return;
    // Judged against the tasks as the chart has them now: a task someone moved since the preview keeps their move.
    const write = levelWrite(preview.data, connection.tasks.getState().tasks);
    connection.writeTasks(write.moves, write.reasons);
    toast(levelAppliedMessage(write));
    onClose();
  };
  useEffect(() => {
    if (isUnauthorizedError(preview.error)) handleUnauthorized();
  }, [preview.error]);
  useEffect(() => {
    onPreview(levelGhosts(preview.data));
  }, [preview.data, onPreview]);
  useEffect(() => () => onPreview(NO_LEVEL_GHOSTS), [onPreview]);

  const shown = levelPreviewState({ result: preview.data, error: preview.error }, tasks, people, calendar.isWorkingDay);

  return (
    <DialogContent
      title="Resolve over-allocation"
      description="Leveling delays tasks so that nobody is booked beyond their capacity. Work, assignees and links stay as they are."
      className="max-w-lg"
    >
      <div className="space-y-4">
        {shown.kind === 'loading' ? <LoadingBlock label="Working out the moves" /> : null}
        {shown.kind === 'error' ? (
          <ErrorBlock message={shown.message} onRetry={() => void preview.refetch()} retrying={preview.isFetching} />
        ) : null}
        {shown.kind === 'upgrade' && user ? <ProFeatureUpgrade payment={shown.payment} userId={user.id} teamId={teamId} titleId="leveling-upgrade-title" heading="h3" /> : null}
        {shown.kind === 'nothing' ? (
          <p role="status" className="text-sm text-slate-700">
            Nothing to resolve: nobody is over-allocated in this project.
          </p>
        ) : null}
        {shown.kind === 'ready' ? <LevelingLists moves={shown.moves} unresolved={shown.unresolved} /> : null}
        <div className="flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="outline">{shown.kind === 'ready' ? 'Cancel' : 'Close'}</Button>
          </DialogClose>
          {shown.kind === 'ready' && shown.moves.length > 0 ? (
            <Button onClick={apply}>Apply</Button>
          ) : null}
        </div>
      </div>
    </DialogContent>
  );
}

function LevelingLists({ moves, unresolved }: { moves: LevelMoveRow[]; unresolved: UnresolvedRow[] }) {
  return (
    <>
      <section aria-labelledby="leveling-moves-title">
        <h3 id="leveling-moves-title" className="text-sm font-semibold text-slate-900">
          {moves.length === 0 ? 'No task can move' : `${moves.length} ${moves.length === 1 ? 'task moves' : 'tasks move'}`}
        </h3>
        {moves.length > 0 ? (
          <ul data-leveling-moves className="mt-2 max-h-64 divide-y divide-slate-100 overflow-auto rounded-md border border-slate-200">
            {moves.map((m) => (
              <li key={m.taskId} className="flex items-start justify-between gap-3 px-3 py-2 text-sm">
                <span className="min-w-0">
                  <span className="block truncate font-medium text-slate-900">{m.taskName}</span>
                  {m.forWhom ? <span className="block text-xs text-slate-600">{m.forWhom}</span> : null}
                </span>
                <span className="shrink-0 text-slate-800">{m.shift}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      {unresolved.length > 0 ? (
        <section aria-labelledby="leveling-unresolved-title">
          <h3 id="leveling-unresolved-title" className="text-sm font-semibold text-slate-900">
            Stays over-allocated
          </h3>
          <ul data-leveling-unresolved className="mt-2 space-y-1 text-sm text-slate-700">
            {unresolved.map((u) => (
              <li key={u.key}>
                {u.person}: {u.days}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

