import {
  baselineDriftDays,
  canonicalCustomValues,
  customFieldIdOf,
  customValueProblem,
  daysText,
  diffPredecessors,
  displayName,
  editDuration,
  formatDuration,
  formatPredecessors,
  isCalendarDate,
  SUMMARY_DATES_REASON,
  TASK_MAX_ASSIGNEES,
  TASK_PRIORITIES,
  TASK_PRIORITY_LABELS,
  TASK_STATUS_LABELS,
  TASK_STATUSES,
  taskFieldSchemas,
  withFinish,
  withStart,
  type CustomField,
  type CustomValue,
  type GridColumnId,
  type Link,
  type WorkCalendar,
} from '@planline/domain';
import type { DocTask } from '@planline/document';
import type { ProjectConnection } from '../../gantt/connection/project-connection';
import type { ShownBaseline } from '../../gantt/model/baseline';
import type { TasksState } from '../../gantt/model/tasks-store';
import type { TimelineTask } from '../../gantt/model/timeline-task';
import type { Person } from '../../gantt/components/timeline-context';
import { outlineNumbersOf } from './outline-numbers';

/**
 * [grid-cell-commit] Text typed (or pasted, or filled down) into one grid cell, read as the change it makes, and a
 * cell's value as text (what it shows when edited, and what Copy puts in a spreadsheet). One reading for every way a
 * cell gets text, so typing "5d", pasting it and filling it down do the same thing. Implemented by the grid's core
 * work (issue 39); the commands (paste, fill down) call it too.
 */
export interface CellContext {
  tasks: TasksState;
  calendar: WorkCalendar;
  /** The project's custom fields (the columns `cf:<id>`). */
  fields: readonly CustomField[];
  people: ReadonlyMap<string, Person>;
  /** Row numbers as the grid shows them (1-based, the outline's order; a predecessor "4FS" names row 4). */
  rowNumberOf: (taskId: string) => number | undefined;
  taskAtRow: (row: number) => string | undefined;
  /** Total slack by task (the plan's schedule), for the slack column; left out, the column reads empty. */
  slackOf?: (taskId: string) => number | undefined;
  /** The baseline compared with, for the variance column; left out or null, the column reads empty. */
  baseline?: ShownBaseline | null;
}

/** A cell context's row numbers as the grid shows them (outline-numbers.ts), for a caller that has none of its own. */
export function outlineRowNumbers(tasks: TasksState): Pick<CellContext, 'rowNumberOf' | 'taskAtRow'> {
  const numbers = outlineNumbersOf(tasks);
  return { rowNumberOf: (id) => numbers.rowOf.get(id), taskAtRow: (row) => numbers.order[row - 1] };
}

/** A cell's change: task fields, and links to add, change (a link) or remove (null), all one transaction. */
export interface CellWrite {
  tasks: ReadonlyMap<string, DocTask>;
  links: readonly { taskId: string; dependsOnTaskId: string; link: Link | null }[];
}

export type CellRead = { ok: true; write: CellWrite } | { ok: false; reason: string };

/** Columns worked out from the plan, never typed into, and why (shown in the cell when someone tries). */
export const COMPUTED_COLUMN_REASONS: Partial<Record<GridColumnId, string>> = {
  wbs: 'The WBS number comes from the outline: indent or move the task to change it',
  slack: 'Total slack comes from the schedule: change dates or links to change it',
  variance: 'The variance compares the finish with the baseline: change the finish to change it',
};

const refuse = (reason: string): CellRead => ({ ok: false, reason });
const fieldsOf = (taskId: string, fields: DocTask): CellRead => ({ ok: true, write: { tasks: new Map([[taskId, fields]]), links: [] } });
const NOTHING: CellRead = { ok: true, write: { tasks: new Map(), links: [] } };
const fold = (text: string) => text.trim().toLocaleLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '');

/** Whether a column's cells can be typed into for this task (a summary's rolled-up dates and progress cannot). */
export function cellEditable(column: GridColumnId, task: Pick<TimelineTask, 'subtasks'>): boolean {
  if (COMPUTED_COLUMN_REASONS[column]) return false;
  if (task.subtasks > 0 && (column === 'start' || column === 'finish' || column === 'duration' || column === 'progress')) return false;
  return true;
}

/** A status or priority typed as its value ("in_progress"), its label ("In progress") or the label's start ("in p"). */
function readChoice<T extends string>(text: string, values: readonly T[], labels: Record<T, string>, what: string): T | string {
  const typed = fold(text).replace(/[_-]/g, ' ');
  if (!typed) return `Choose a ${what}: ${values.map((v) => labels[v]).join(', ')}`;
  const matches = values.filter((v) => fold(labels[v]).startsWith(typed) || v.replace(/_/g, ' ') === typed);
  if (matches.length === 1) return matches[0]!;
  return `«${text.trim()}» is not a ${what}: type one of ${values.map((v) => labels[v]).join(', ')}`;
}

/** People named in an assignee cell: full names, first names or e-mails, separated by commas. */
function readPeople(text: string, people: ReadonlyMap<string, Person>): string[] | string {
  const ids: string[] = [];
  for (const part of text.split(/[,;]/)) {
    const typed = fold(part);
    if (!typed) continue;
    const all = [...people.values()];
    const exact = all.filter((p) => fold(p.email) === typed || fold(displayName(p)) === typed);
    const found = exact.length ? exact : all.filter((p) => fold(p.firstName) === typed || fold(displayName(p)).startsWith(typed));
    if (found.length === 0) return `Nobody on the project is called «${part.trim()}»: type a teammate's name or e-mail`;
    if (found.length > 1) return `«${part.trim()}» could be ${found.map((p) => displayName(p)).join(' or ')}: type more of the name, or the e-mail`;
    if (!ids.includes(found[0]!.id)) ids.push(found[0]!.id);
  }
  if (ids.length > TASK_MAX_ASSIGNEES) return `A task can have at most ${TASK_MAX_ASSIGNEES} assignees`;
  return ids;
}

const customOf = (task: TimelineTask): Readonly<Record<string, unknown>> => (task as { custom?: Record<string, unknown> }).custom ?? {};

type CustomRead = { ok: true; value: CustomValue | null } | { ok: false; reason: string };
const YES = ['x', 'yes', 'y', 'true', '1', '✓', 'on'];
const NO = ['no', 'n', 'false', '0', 'off'];

/** A custom field's value as typed (null clears it), judged by the field's rule (customValueProblem). */
function readCustom(field: CustomField, text: string): CustomRead {
  const typed = text.trim();
  if (typed === '') return { ok: true, value: null };
  let value: CustomValue = typed;
  if (field.type === 'number') {
    value = Number(typed.replace(/[\s,](?=\d{3}\b)/g, ''));
    if (!Number.isFinite(value)) return { ok: false, reason: `${field.name} must be a number, like 12 or 3.5` };
  } else if (field.type === 'choice') {
    const exact = field.options.find((o) => fold(o) === fold(typed));
    const starting = field.options.filter((o) => fold(o).startsWith(fold(typed)));
    value = exact ?? (starting.length === 1 ? starting[0]! : typed);
  } else if (field.type === 'checkbox') {
    if (NO.includes(fold(typed))) return { ok: true, value: null };
    if (!YES.includes(fold(typed))) return { ok: false, reason: `${field.name} is a checkbox: type yes or no (or x to tick it)` };
    value = true;
  }
  const problem = customValueProblem(field, value);
  return problem ? { ok: false, reason: problem } : { ok: true, value };
}

/** What `text` in `column` of `taskId` changes, or why it cannot (shown in the cell, not a toast). */
export function readCellText(column: GridColumnId, taskId: string, text: string, context: CellContext): CellRead {
  const task = context.tasks.tasks.get(taskId);
  if (!task) return refuse('This task was deleted');
  const computed = COMPUTED_COLUMN_REASONS[column];
  if (computed) return refuse(computed);
  const summary = task.subtasks > 0;
  const { calendar } = context;
  const dates = (edit: { ok: true; value: DocTask } | { ok: false; reason: string }): CellRead => (edit.ok ? fieldsOf(taskId, edit.value) : refuse(edit.reason));
  const fieldId = customFieldIdOf(column);
  if (fieldId !== null) {
    const field = context.fields.find((f) => f.id.toLowerCase() === fieldId);
    if (!field) return refuse('This field was removed from the project');
    const read = readCustom(field, text);
    if (!read.ok) return refuse(read.reason);
    const { value } = read;
    const current = customOf(task);
    if ((current[field.id] ?? null) === value) return NOTHING;
    const custom = canonicalCustomValues({ ...(current as Record<string, CustomValue>), [field.id]: value });
    // `custom` is the task field the custom-fields work adds to the document; written as any other field.
    return fieldsOf(taskId, { custom } as DocTask);
  }
  switch (column) {
    case 'name': {
      const name = taskFieldSchemas.name.safeParse(text);
      return name.success ? fieldsOf(taskId, { name: name.data }) : refuse(name.error.issues[0]?.message ?? 'Name the task');
    }
    case 'start':
      return summary ? refuse(SUMMARY_DATES_REASON) : dates(withStart(task, text.trim(), calendar));
    case 'finish':
      return summary ? refuse(SUMMARY_DATES_REASON) : dates(withFinish(task, text.trim(), calendar));
    case 'duration':
      return dates(editDuration(task, text, calendar, summary));
    case 'predecessors': {
      const links = context.tasks.edgesByTask.get(taskId)?.filter((e) => e.taskId === taskId) ?? [];
      const diff = diffPredecessors(text, {
        taskId,
        links,
        taskOfRow: context.taskAtRow,
        rowOf: context.rowNumberOf,
        edges: context.tasks.edges,
        parentOf: (id) => context.tasks.tasks.get(id)?.parentId,
        daysPerWeek: calendar.workingWeekdays.length,
      });
      if (!diff.ok) return refuse(diff.reason);
      const { add, change, remove } = diff.value;
      return {
        ok: true,
        write: {
          tasks: new Map(),
          links: [
            ...[...add, ...change].map((l) => ({ taskId, dependsOnTaskId: l.dependsOnTaskId, link: { type: l.type, lagDays: l.lagDays } })),
            ...remove.map((dependsOnTaskId) => ({ taskId, dependsOnTaskId, link: null })),
          ],
        },
      };
    }
    case 'assignee': {
      const ids = readPeople(text, context.people);
      if (typeof ids === 'string') return refuse(ids);
      const kept = Object.fromEntries(Object.entries(task.allocations).filter(([id]) => ids.includes(id)));
      return fieldsOf(taskId, { assigneeId: ids[0] ?? null, assigneeIds: [...ids].sort(), allocations: kept });
    }
    case 'status': {
      const status = readChoice(text, TASK_STATUSES, TASK_STATUS_LABELS, 'status');
      return (TASK_STATUSES as readonly string[]).includes(status) ? fieldsOf(taskId, { status }) : refuse(status);
    }
    case 'priority': {
      const priority = readChoice(text, TASK_PRIORITIES, TASK_PRIORITY_LABELS, 'priority');
      return (TASK_PRIORITIES as readonly string[]).includes(priority) ? fieldsOf(taskId, { priority }) : refuse(priority);
    }
    case 'progress': {
      if (summary) return refuse("A summary's progress comes from its subtasks: change theirs");
      const typed = text.trim().replace(/\s*%$/, '');
      const progress = taskFieldSchemas.progress.safeParse(typed === '' ? NaN : Number(typed));
      return progress.success ? fieldsOf(taskId, { progress: progress.data }) : refuse(progress.error.issues[0]?.message ?? 'Progress must be a whole number from 0 to 100');
    }
    default:
      return refuse('This column cannot be typed into');
  }
}

/** A custom value as text: a checkbox ✓ or empty, a number as typed, text and dates as they are. */
function customText(field: CustomField | undefined, value: unknown): string {
  if (value === undefined || value === null || value === false) return '';
  if (value === true) return field?.type === 'checkbox' ? '✓' : 'true';
  return String(value);
}

/** The cell's value as text, as it is edited and copied ('' when empty). */
export function cellText(column: GridColumnId, taskId: string, context: CellContext): string {
  const task = context.tasks.tasks.get(taskId);
  if (!task) return '';
  const fieldId = customFieldIdOf(column);
  if (fieldId !== null) return customText(context.fields.find((f) => f.id.toLowerCase() === fieldId), customOf(task)[fieldId]);
  switch (column) {
    case 'name':
      return task.name;
    case 'wbs':
      return outlineNumbersOf(context.tasks).wbs.get(taskId) ?? '';
    case 'start':
      return task.startDate;
    case 'finish':
      return task.endDate;
    case 'duration':
      return formatDuration(task, context.calendar);
    case 'predecessors':
      return formatPredecessors(context.tasks.edgesByTask.get(taskId)?.filter((e) => e.taskId === taskId) ?? [], context.rowNumberOf);
    case 'assignee': {
      const ids = task.assigneeId ? [task.assigneeId, ...task.assigneeIds.filter((id) => id !== task.assigneeId)] : task.assigneeIds;
      return ids
        .map((id) => {
          const person = context.people.get(id);
          const share = task.allocations[id];
          return `${person ? displayName(person) : 'Former member'}${share === undefined ? '' : ` (${share}%)`}`;
        })
        .join(', ');
    }
    case 'status':
      return TASK_STATUS_LABELS[task.status];
    case 'priority':
      return TASK_PRIORITY_LABELS[task.priority];
    case 'progress':
      return `${task.progress}%`;
    case 'slack': {
      const slack = context.slackOf?.(taskId);
      return slack === undefined ? '' : daysText(slack);
    }
    case 'variance': {
      const saved = context.baseline?.tasks.get(taskId);
      if (!saved || !isCalendarDate(saved.endDate)) return '';
      return daysText(baselineDriftDays(task.endDate, saved.endDate, context.calendar), true);
    }
    default:
      return '';
  }
}

/**
 * Writes the changes of several cells as one transaction (one undo step, one history entry per task), with the
 * cascade their dates cause. Fields of the same task from several cells are merged; a link named twice keeps the
 * last.
 */
export function applyCellWrites(connection: ProjectConnection, writes: readonly CellWrite[]): void {
  const tasks = new Map<string, DocTask>();
  const links = new Map<string, CellWrite['links'][number]>();
  for (const write of writes) {
    write.tasks.forEach((fields, id) => tasks.set(id, { ...tasks.get(id), ...fields }));
    for (const link of write.links) links.set(`${link.taskId}->${link.dependsOnTaskId}`, link);
  }
  if (!tasks.size && !links.size) return;
  connection.writeEdit({ tasks, links: [...links.values()] });
}
