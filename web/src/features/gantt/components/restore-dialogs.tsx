import { formatCalendarDate, type Task } from '@planline/domain';
import { format } from 'date-fns';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { changedTaskCount, type BarDates, type MoveNote, type RestoreChanges } from '../model/past-moves';
import { lazyPart } from '../../../lib/lazy-part';
import { loadMoveComment, loadTaskComments } from '../../comments';

// [lazy-parts] The comments' code (markdown, composer) comes when a past task's details first show them.
const MoveComment = lazyPart(loadMoveComment);
const TaskComments = lazyPart(loadTaskComments);

/** "27 Nov 2026, 10:00:05": an instant as the History panel says it. */
export const instantInWords = (at: string) => format(Date.parse(at), 'd MMM yyyy, HH:mm:ss');

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "3 tasks change: 1 comes back, 1 is removed, 1 goes back to how it was." */
export function describeChanges(changes: RestoreChanges): string {
  const total = changedTaskCount(changes);
  if (total === 0) return 'Nothing changes: the plan now is the same as then.';
  const parts = [
    changes.back ? `${changes.back} deleted since ${changes.back === 1 ? 'comes' : 'come'} back` : null,
    changes.removed ? `${changes.removed} added since ${changes.removed === 1 ? 'is' : 'are'} removed` : null,
    changes.changed ? `${changes.changed} ${changes.changed === 1 ? 'goes' : 'go'} back to how ${changes.changed === 1 ? 'it was' : 'they were'}` : null,
  ].filter(Boolean);
  return `${plural(total, 'task')} ${total === 1 ? 'changes' : 'change'}: ${parts.join(', ')}.`;
}

const UNDO_HINT = 'Everyone sees it at once. You can undo it from the notice that follows.';

interface RestorePlanDialogProps {
  at: string | null;
  /** Counted when the dialog opens (null: the past plan is not read yet). */
  changes: RestoreChanges | null;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** [restore] The confirm before restoring the whole plan: how many tasks change, and that it can be undone. */
export function RestorePlanDialog({ at, changes, pending, onConfirm, onClose }: RestorePlanDialogProps) {
  const open = at !== null;
  const nothing = changes !== null && changedTaskCount(changes) === 0;
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      {open ? (
        <DialogContent
          title="Restore this plan?"
          description={
            <>
              The plan goes back to how it was on <time dateTime={at}>{instantInWords(at)}</time>.{' '}
              {changes ? describeChanges(changes) : 'Counting the changes…'} {nothing ? null : UNDO_HINT}
            </>
          }
        >
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button onClick={onConfirm} disabled={pending || changes === null || nothing}>
              {pending ? 'Restoring…' : 'Restore plan'}
            </Button>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

interface PastTaskDialogProps {
  at: string;
  /** The task as it was (null: closed). */
  task: Task | null;
  /** Its dates now; null when it has been deleted since. */
  now: BarDates | null;
  note: MoveNote | undefined;
  /** What restoring it would change (null while closed). */
  changes: RestoreChanges | null;
  /** Restore is offered (people who may edit the plan). */
  canRestore: boolean;
  pending: boolean;
  onRestore: () => void;
  onClose: () => void;
}

const datesText = (d: BarDates) => `${formatCalendarDate(d.startDate)} – ${formatCalendarDate(d.endDate)}`;

/**
 * [restore] A task of the past view as it was: its dates then and now, who moved it last and why, and
 * "Restore this task" (its fields and links back to then, as one edit everyone sees).
 */
export function PastTaskDialog({ at, task, now, note, changes, canRestore, pending, onRestore, onClose }: PastTaskDialogProps) {
  const same = changes !== null && changedTaskCount(changes) === 0;
  return (
    <Dialog open={task !== null} onOpenChange={(next) => !next && onClose()}>
      {task ? (
        <DialogContent title={task.name} description={<>As it was on <time dateTime={at}>{instantInWords(at)}</time>.</>}>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-500">Then</dt>
            <dd className="text-slate-900">
              {datesText(task)}, {task.progress}% complete
            </dd>
            <dt className="text-slate-500">Now</dt>
            <dd className="text-slate-900">{now ? datesText(now) : 'Deleted'}</dd>
          </dl>
          {note ? (
            <>
              <p data-move-description className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
                {note.description}
              </p>
              {/* Issue 38: what its mover wrote on the task with the move, if anything. */}
              {now ? <MoveComment taskId={task.id} move={note} /> : null}
            </>
          ) : (
            <p className="mt-3 text-sm text-slate-600">Its dates have not changed since.</p>
          )}
          {/* Issue 38: the comments of that moment, read-only (a task deleted since has none left to show). */}
          {now ? (
            <div className="mt-4 max-h-72 overflow-y-auto">
              <TaskComments taskId={task.id} people={[]} currentUserId="" canModerate={false} at={at} />
            </div>
          ) : null}
          {canRestore ? (
            <p className="mt-3 text-sm text-slate-600">{same ? 'It is the same now as then: nothing to restore.' : `Restoring puts it back as it was then. ${UNDO_HINT}`}</p>
          ) : null}
          <div className="mt-4 flex justify-end gap-2">
            <DialogClose asChild>
              <Button variant="outline">Close</Button>
            </DialogClose>
            {canRestore ? (
              <Button onClick={onRestore} disabled={pending || same}>
                {pending ? 'Restoring…' : 'Restore this task'}
              </Button>
            ) : null}
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
