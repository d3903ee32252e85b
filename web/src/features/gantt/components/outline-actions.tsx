import { formatCalendarDate } from '@planline/domain';
import type { DocTask } from '@planline/document';
import { IndentDecrease, IndentIncrease } from 'lucide-react';
import { useId, useMemo } from 'react';
import { useStore } from 'zustand';
import { Button } from '../../../components/ui/button';
import { Tooltip } from '../../../components/ui/tooltip';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toast.store';
import type { ProjectConnection } from '../connection/connection-types';
import { currentRowStore } from '../model/current-row.store';
import { indent, newSummaries, outdent, type OutlineEdit, type OutlineMove } from '../model/outline';
import type { TasksState } from '../model/tasks-store';
import { useTimeline } from './timeline-context';

const outlineEdit = (tasks: TasksState['tasks'], taskId: string, move: OutlineMove): OutlineEdit => (move === 'indent' ? indent : outdent)(tasks, taskId);

function refusal(tasks: TasksState['tasks'], taskId: string, move: OutlineMove): string | null {
  const edit = outlineEdit(tasks, taskId, move);
  return edit.ok ? null : edit.reason;
}

/**
 * Writes an outline edit (one transaction, one undo step). When it turns a task into a summary, whose own dates
 * and progress give way to its subtasks', a notice says so and offers to undo it.
 */
export function writeOutline(connection: ProjectConnection, writes: ReadonlyMap<string, DocTask>): void {
  if (writes.size === 0) return;
  const summaries = newSummaries(connection.tasks.getState().tasks, writes);
  connection.writeTasks(writes);
  const first = summaries[0];
  if (!first) return;
  const own = `${formatCalendarDate(first.startDate)} – ${formatCalendarDate(first.endDate)}, ${first.progress}%`;
  toast({
    title: summaries.length === 1 ? `“${first.name}” is now a summary task` : `${summaries.length} tasks are now summary tasks`,
    description:
      summaries.length === 1
        ? `Its dates and progress now come from its subtasks (it had ${own}).`
        : `Their dates and progress now come from their subtasks: ${summaries.map((t) => `“${t.name}”`).join(', ')}.`,
    action: { label: 'Undo', altText: 'Undo with Control+Z or the Undo button of the chart', onSelect: () => connection.undo() },
  });
}

/** Indents or outdents `taskId`; a move that cannot be made says why instead. */
export function moveInOutline(connection: ProjectConnection, taskId: string, move: OutlineMove): void {
  const edit = outlineEdit(connection.tasks.getState().tasks, taskId, move);
  if (!edit.ok) {
    toast({ title: move === 'indent' ? 'Cannot indent' : 'Cannot outdent', description: edit.reason });
    return;
  }
  writeOutline(connection, edit.writes);
}

const LABELS: Record<OutlineMove, { verb: string; keys: string }> = {
  indent: { verb: 'Indent', keys: 'Alt+Shift+→' },
  outdent: { verb: 'Outdent', keys: 'Alt+Shift+←' },
};

/**
 * The toolbar's Indent and Outdent: they act on the task row last focused or clicked (named in their label), and
 * say why when they cannot (no task chosen, the first task of its level, a top-level task, a view-only chart).
 */
export function OutlineButtons() {
  const { connection, readOnly } = useTimeline();
  const taskId = useStore(currentRowStore, (s) => s.taskId);
  const name = useStore(connection.tasks, (s) => (taskId ? s.tasks.get(taskId)?.name : undefined));
  // Whether a move can be made is judged on the whole plan (O(tasks)): only again when what it depends on changes.
  const place = useStore(connection.tasks, (s) => (taskId ? outlinePlace(s, taskId) : null));
  const reasons = useMemo(() => {
    if (!taskId || place === null) return null;
    const tasks = connection.tasks.getState().tasks;
    return { indent: refusal(tasks, taskId, 'indent'), outdent: refusal(tasks, taskId, 'outdent') };
  }, [connection, taskId, place]);
  return (
    <div role="group" aria-label="Outline" className="flex items-center gap-1">
      {(['outdent', 'indent'] as const).map((move) => {
        const reason = readOnly ? 'This chart is view only.' : !taskId || !name || !reasons ? 'Focus or click a task in the list first.' : reasons[move];
        return <OutlineButton key={move} move={move} taskName={name ?? null} reason={reason} onMove={() => taskId && moveInOutline(connection, taskId, move)} />;
      })}
    </div>
  );
}

/**
 * What indenting and outdenting a row depend on, read from the rows by a walk back to its previous sibling: its
 * level, and that task and its kind. Null when the task has no row.
 */
function outlinePlace(s: TasksState, taskId: string): string | null {
  const index = s.rowIndex.get(taskId);
  if (index === undefined) return null;
  const level = s.depth.get(taskId) ?? 0;
  let above = index - 1;
  while (above >= 0 && (s.depth.get(s.rows[above]!) ?? 0) > level) above -= 1;
  const sibling = above >= 0 && (s.depth.get(s.rows[above]!) ?? 0) === level ? s.tasks.get(s.rows[above]!) : undefined;
  return `${level}|${sibling?.id ?? ''}|${sibling?.kind ?? ''}`;
}

function OutlineButton({ move, taskName, reason, onMove }: { move: OutlineMove; taskName: string | null; reason: string | null; onMove: () => void }) {
  const reasonId = useId();
  const { verb, keys } = LABELS[move];
  const Icon = move === 'indent' ? IndentIncrease : IndentDecrease;
  return (
    <>
      <Tooltip content={reason ?? `${verb} “${taskName}” (${keys})`}>
        {/* aria-disabled keeps it focusable, so its tooltip and description still say why it is off. */}
        <Button
          variant="outline"
          size="sm"
          aria-label={taskName ? `${verb} ${taskName}` : verb}
          aria-disabled={reason !== null || undefined}
          aria-describedby={reason ? reasonId : undefined}
          aria-keyshortcuts={move === 'indent' ? 'Alt+Shift+ArrowRight' : 'Alt+Shift+ArrowLeft'}
          onClick={reason ? undefined : onMove}
          className={cn('px-2', reason && 'cursor-not-allowed opacity-50 hover:bg-white')}
        >
          <Icon aria-hidden="true" className="h-4 w-4" />
          <span className="hidden lg:inline">{verb}</span>
        </Button>
      </Tooltip>
      {reason ? (
        <span id={reasonId} className="sr-only">
          {reason}
        </span>
      ) : null}
    </>
  );
}
