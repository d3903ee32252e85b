import { displayName, TASK_PRIORITIES, TASK_PRIORITY_LABELS, TASK_STATUS_LABELS, TASK_STATUSES, UNASSIGNED, assigneeFromChoice } from '@planline/domain';
import { CalendarRange, IndentDecrease, IndentIncrease, Trash2, X } from 'lucide-react';
import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Input } from '../../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { serverMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast.store';
import { plural } from '../../gantt/components/paste-rows';
import { StatusDot } from '../../gantt/components/status-dot';
import { descendants } from '../../gantt/model/outline';
import { useDeleteTask } from '../../gantt/tasks.api';
import { gridSelectionStore } from '../model/grid-selection.store';
import { bulkDeleteStore, bulkMove, bulkOutline, bulkSet, type GridCommandContext } from './grid-commands';

/** Most working days one Move takes, either way (a year and a half of working days). */
const MAX_MOVE_WORKING_DAYS = 400;

/**
 * [grid-bulk-bar] Above the grid's rows while 2 or more are selected: how many, and what can be done to all of
 * them at once (each one transaction, one undo step): move by working days, status, priority, assignee, indent,
 * outdent, delete (after a confirm), and clearing the selection. Its controls are in the Tab order. People who
 * may only view the plan see no bar.
 */
export function GridBulkBar({ context }: { context: GridCommandContext }) {
  const selected = useStore(gridSelectionStore, (s) => s.selected);
  const rows = useMemo(() => context.rowOrder.filter((id) => selected.has(id)), [context.rowOrder, selected]);
  if (context.readOnly) return null;
  return (
    <>
      {rows.length >= 2 ? <BulkBar context={context} rows={rows} /> : null}
      <BulkDeleteDialog context={context} />
    </>
  );
}

function BulkBar({ context, rows }: { context: GridCommandContext; rows: readonly string[] }) {
  const [moving, setMoving] = useState(false);
  // A select shows its placeholder again after each choice, so the same value can be chosen for the next rows.
  const [chosen, setChosen] = useState(0);
  const again = () => setChosen((n) => n + 1);
  const people = [...(context.people?.values() ?? [])];
  return (
    <div role="group" aria-label="Selected tasks" data-grid-bulk-bar className="flex flex-wrap items-center gap-2 border-b border-blue-200 bg-blue-50 px-3 py-2 text-sm">
      <span aria-live="polite" className="font-medium text-blue-900">
        {rows.length} selected
      </span>
      {moving ? (
        <MoveForm onMove={(days) => (bulkMove(context, rows, days), setMoving(false))} onCancel={() => setMoving(false)} />
      ) : (
        <Button variant="outline" size="sm" onClick={() => setMoving(true)}>
          <CalendarRange aria-hidden="true" className="h-4 w-4" />
          Move…
        </Button>
      )}
      <BulkSelect key={`status-${chosen}`} label="Status" onChoose={(v) => (bulkSet(context, rows, { field: 'status', value: v as (typeof TASK_STATUSES)[number] }), again())}>
        {TASK_STATUSES.map((status) => (
          <SelectItem key={status} value={status} leading={<StatusDot status={status} labelled={false} />}>
            {TASK_STATUS_LABELS[status]}
          </SelectItem>
        ))}
      </BulkSelect>
      <BulkSelect key={`priority-${chosen}`} label="Priority" onChoose={(v) => (bulkSet(context, rows, { field: 'priority', value: v as (typeof TASK_PRIORITIES)[number] }), again())}>
        {TASK_PRIORITIES.map((priority) => (
          <SelectItem key={priority} value={priority}>
            {TASK_PRIORITY_LABELS[priority]}
          </SelectItem>
        ))}
      </BulkSelect>
      <BulkSelect key={`assignee-${chosen}`} label="Assignee" onChoose={(v) => (bulkSet(context, rows, { field: 'assignee', value: assigneeFromChoice(v) }), again())}>
        <SelectItem value={UNASSIGNED}>Unassigned</SelectItem>
        {people.map((person) => (
          <SelectItem key={person.id} value={person.id}>
            {displayName(person)}
          </SelectItem>
        ))}
      </BulkSelect>
      <Button variant="outline" size="sm" aria-keyshortcuts="Alt+Shift+ArrowLeft" onClick={() => bulkOutline(context, rows, 'outdent')}>
        <IndentDecrease aria-hidden="true" className="h-4 w-4" />
        Outdent
      </Button>
      <Button variant="outline" size="sm" aria-keyshortcuts="Alt+Shift+ArrowRight" onClick={() => bulkOutline(context, rows, 'indent')}>
        <IndentIncrease aria-hidden="true" className="h-4 w-4" />
        Indent
      </Button>
      <Button variant="outline" size="sm" aria-keyshortcuts="Delete" onClick={() => bulkDeleteStore.setState({ taskIds: rows })}>
        <Trash2 aria-hidden="true" className="h-4 w-4" />
        Delete…
      </Button>
      <Button variant="ghost" size="sm" onClick={() => gridSelectionStore.getState().select([], null)}>
        <X aria-hidden="true" className="h-4 w-4" />
        Clear selection
      </Button>
    </div>
  );
}

function BulkSelect({ label, onChoose, children }: { label: string; onChoose: (value: string) => void; children: ReactNode }) {
  return (
    <Select onValueChange={onChoose}>
      <SelectTrigger aria-label={`Set ${label.toLowerCase()} of the selected tasks`} className="h-8 w-36 data-[placeholder]:text-slate-700!">
        <SelectValue placeholder={label} />
      </SelectTrigger>
      <SelectContent>{children}</SelectContent>
    </Select>
  );
}

/** [grid-bulk-move] How many working days, later (+) or earlier (−). */
function MoveForm({ onMove, onCancel }: { onMove: (workingDays: number) => void; onCancel: () => void }) {
  const inputId = useId();
  const problemId = useId();
  const [text, setText] = useState('1');
  const days = Number(text);
  const problem =
    text.trim() === '' || !Number.isInteger(days)
      ? 'Type a whole number of working days: 3 later, -3 earlier'
      : days === 0
        ? 'Type a number other than 0'
        : Math.abs(days) > MAX_MOVE_WORKING_DAYS
          ? `Move at most ${MAX_MOVE_WORKING_DAYS} working days at a time`
          : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!problem) onMove(days);
  };
  return (
    <form onSubmit={submit} onKeyDown={(e) => e.key === 'Escape' && (e.stopPropagation(), onCancel())} className="flex items-center gap-2">
      <label htmlFor={inputId} className="text-blue-900">
        Move by working days
      </label>
      <Input
        id={inputId}
        type="number"
        step={1}
        autoFocus
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-invalid={problem !== null}
        aria-describedby={problem ? problemId : undefined}
        className="h-8 w-20"
      />
      <Button type="submit" size="sm" aria-disabled={problem !== null || undefined}>
        Move
      </Button>
      <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
        Cancel
      </Button>
      {problem ? (
        <span id={problemId} className="text-red-700">
          {problem}
        </span>
      ) : null}
    </form>
  );
}

/**
 * [grid-bulk-delete] The confirm before deleting the picked rows. Each is deleted as one task is (DELETE
 * /api/tasks/{id}: with its history, for everyone, not undone by Ctrl+Z); subtasks of a deleted summary that are
 * not picked stay, one level up, and the confirm says how many.
 */
function BulkDeleteDialog({ context }: { context: GridCommandContext }) {
  const taskIds = useStore(bulkDeleteStore, (s) => s.taskIds);
  const deleteTask = useDeleteTask();
  const [pending, setPending] = useState(false);
  const close = () => bulkDeleteStore.setState({ taskIds: null });
  const { connection } = context;
  const description = useMemo(() => {
    if (!taskIds) return '';
    const tasks = connection.tasks.getState().tasks;
    const picked = new Set(taskIds);
    const names = taskIds.slice(0, 3).map((id) => `“${tasks.get(id)?.name ?? 'A task'}”`);
    const more = taskIds.length - names.length;
    const kept = new Set(taskIds.flatMap((id) => ((tasks.get(id)?.subtasks ?? 0) > 0 ? descendants(tasks, id) : [])).filter((id) => !picked.has(id)));
    return [
      `${names.join(', ')}${more > 0 ? ` and ${more} more` : ''} and their change history will be deleted for everyone. This cannot be undone.`,
      kept.size ? ` ${plural(kept.size, 'subtask')} of the summary tasks among them ${kept.size === 1 ? 'is' : 'are'} not selected: ${kept.size === 1 ? 'it stays' : 'they stay'}, moved up a level.` : '',
    ].join('');
  }, [taskIds, connection]);

  const confirm = async () => {
    if (!taskIds) return;
    setPending(true);
    const failed: string[] = [];
    for (const taskId of taskIds) {
      try {
        await deleteTask.mutateAsync({ taskId, projectId: connection.projectId });
      } catch (err) {
        failed.push(serverMessage(err) ?? 'Failed to delete task');
      }
    }
    setPending(false);
    const deleted = taskIds.length - failed.length;
    const selection = gridSelectionStore.getState();
    const left = [...selection.selected].filter((id) => !taskIds.includes(id));
    selection.select(left, null);
    if (selection.cursor && taskIds.includes(selection.cursor.taskId)) selection.setCursor(null);
    close();
    toast(
      failed.length
        ? { title: `Deleted ${plural(deleted, 'task')}, ${failed.length} not`, description: failed[0], variant: 'destructive' }
        : { title: `Deleted ${plural(deleted, 'task')}` },
    );
  };

  return (
    <ConfirmDialog
      open={taskIds !== null}
      onOpenChange={(open) => !open && !pending && close()}
      title={taskIds ? `Delete ${plural(taskIds.length, 'task')}?` : ''}
      description={description}
      confirmLabel={taskIds ? `Delete ${plural(taskIds.length, 'task')}` : 'Delete'}
      pendingLabel="Deleting..."
      pending={pending}
      onConfirm={() => void confirm()}
    />
  );
}
