import { MAX_TASKS_PER_PROJECT, type WorkCalendar } from '@planline/domain';
import type { DocTask } from '@planline/document';
import { toast } from '../../../lib/toast.store';
import type { ProjectConnection } from '../connection/connection-types';
import { dateOrderOf, pastedRows, type PastedRows, type PastePerson, type PasteProblem } from '../model/pasted-rows';

/** How many row problems a toast lists before "and N more". */
const PROBLEMS_SHOWN = 3;

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function describeProblems(problems: readonly PasteProblem[]): string {
  const listed = problems.slice(0, PROBLEMS_SHOWN).map((p) => `row ${p.row}: ${p.message}`);
  const more = problems.length - listed.length;
  return listed.join('; ') + (more > 0 ? `; and ${more} more` : '');
}

export interface PasteRowsContext {
  today: string;
  people: readonly PastePerson[];
  calendar: WorkCalendar;
  locale?: string;
}

/**
 * The tasks pasted rows add, as writes not yet made (new ids, orders after the plan's last), with what the reader
 * said about each row: addPastedRows writes them alone, a grid paste with the cells it fills (one transaction).
 */
export function pastedRowWrites(connection: ProjectConnection, text: string, context: PasteRowsContext): { writes: Map<string, DocTask>; result: PastedRows } {
  const tasks = connection.tasks.getState().tasks;
  const result = pastedRows(text, {
    today: context.today,
    dateOrder: dateOrderOf(context.locale),
    people: context.people,
    calendar: context.calendar,
    room: MAX_TASKS_PER_PROJECT - tasks.size,
  });
  let order = 0;
  for (const task of tasks.values()) order = Math.max(order, task.order);
  const writes = new Map<string, DocTask>();
  for (const row of result.tasks) {
    order += 1;
    writes.set(crypto.randomUUID(), {
      name: row.name,
      startDate: row.startDate,
      endDate: row.endDate,
      order,
      ...(row.assigneeId ? { assigneeId: row.assigneeId, assigneeIds: [row.assigneeId] } : {}),
    });
  }
  return { writes, result };
}

/** What the toast says about pasted rows left out or added with a note ('' when nothing). */
export function pastedRowsProblems(result: PastedRows): string {
  return [
    result.skipped.length ? `${plural(result.skipped.length, 'row')} left out: ${describeProblems(result.skipped)}.` : '',
    result.notes.length ? `${describeProblems(result.notes)}.` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * [paste-rows-chart] Spreadsheet rows pasted on the chart become tasks in ONE document transaction by this person
 * (writeTasks: the outbox, then the document), so teammates see them at once and one Ctrl+Z takes them all back.
 * The toast says how many were added and which rows were left out, and why.
 */
export function addPastedRows(connection: ProjectConnection, text: string, context: PasteRowsContext): void {
  const { writes, result } = pastedRowWrites(connection, text, context);
  if (result.tasks.length === 0) {
    toast({
      title: 'No tasks added',
      description: result.skipped.length
        ? `The pasted rows could not be read: ${describeProblems(result.skipped)}.`
        : 'Paste rows copied from a spreadsheet: name, start, end and assignee.',
      variant: 'destructive',
    });
    return;
  }
  connection.writeTasks(writes);
  const problems = pastedRowsProblems(result);
  toast({
    title: `Added ${plural(result.tasks.length, 'task')}`,
    description: problems || 'Pasted from your spreadsheet.',
    variant: result.skipped.length ? 'destructive' : 'default',
    action: { label: 'Undo', altText: 'Undo with Control+Z or the Undo button of the chart', onSelect: () => connection.undo() },
  });
}
