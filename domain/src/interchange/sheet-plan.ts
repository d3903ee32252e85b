import { MAX_LAG_DAYS } from '../schemas/dependency.js';
import type { WorkCalendar } from '../scheduling/working-calendar.js';
import type { ImportColumns, ImportedLink, ImportedPlan, ImportedResource, ImportedTask, ImportField, ImportMessage } from './plan.js';
import {
  sheetCellText,
  looksLikeFormula,
  readDate,
  readDuration,
  readPredecessors,
  readPriority,
  readProgress,
  readStatus,
  type SheetCell,
} from './sheet-cells.js';
import { FIELD_LABELS, listHeaders, mapColumns } from './sheet-columns.js';
import { readAssignees } from './sheet-people.js';

/** One row of a sheet: its number as the spreadsheet shows it (the first row is 1) and its cells. */
export interface SheetRow {
  row: number;
  cells: readonly SheetCell[];
}

/**
 * A task sheet as its reader hands it over: the rows of the first sheet in order, the header first. Empty rows
 * may be left out (a file of a million blank lines is not a million arrays).
 */
export interface SheetInput {
  format: 'csv' | 'xlsx';
  rows: readonly SheetRow[];
  /** The person's changes to the automatic mapping (field → header as written; '' leaves a field unread). */
  columns?: Partial<Record<ImportField, string>>;
  locale?: string;
  calendar: WorkCalendar;
  /** Per row number, the columns of Excel cells that hold a formula with no saved result (read as empty). */
  formulasWithoutResult?: ReadonlyMap<number, readonly number[]>;
}

interface RowTask extends ImportedTask {
  /** Why the row's dates cannot be read; a summary's are rolled up from its subtasks instead. */
  error: string | null;
  wbs: string | null;
  level: number | null;
  predecessors: SheetCell;
}

/**
 * [sheet-plan] A task sheet as an ImportedPlan (issue 37): the header row mapped to fields, then one task per
 * non-empty row, numbered as the spreadsheet numbers it (the header is row 1). Dates come from start and finish,
 * or from one of them and a duration through the working calendar; the hierarchy from a WBS column, else a
 * level column; a summary's dates are rolled up from its subtasks. Links name their predecessor by the ID column
 * when one is mapped, else by row number. Pure: no I/O, nothing from the clock.
 */
export function sheetPlan(input: SheetInput): ImportedPlan {
  const warnings: ImportMessage[] = [];
  const errors: ImportMessage[] = [];
  const plan = (tasks: ImportedTask[], links: ImportedLink[], resources: ImportedResource[], columns: ImportedPlan['columns']): ImportedPlan => ({
    format: input.format,
    tasks,
    links,
    resources,
    calendar: null,
    baseline: null,
    columns,
    warnings,
    errors,
  });

  const headerIndex = input.rows.findIndex((row) => row.cells.some((cell) => sheetCellText(cell) !== ''));
  if (headerIndex < 0) {
    errors.push({ row: null, message: 'The file has no rows: put the column names in the first row and one task per row under it.' });
    return plan([], [], [], null);
  }
  const headers = input.rows[headerIndex]!.cells.map(sheetCellText);
  const mapped = mapColumns(headers, input.columns);
  if (!mapped.ok) {
    errors.push(mapped.error);
    return plan([], [], [], { headers, mapping: {} });
  }
  const { columns, index } = mapped;
  if (index.name === undefined) {
    errors.push({
      row: input.rows[headerIndex]!.row,
      message: `No column holds the task names. The columns are: ${listHeaders(headers)}. Name one «Task Name», or choose it in the column mapping.`,
    });
    return plan([], [], [], columns);
  }

  const resources = new Map<string, ImportedResource>();
  const context: RowContext = {
    input,
    index,
    columns,
    headers,
    resources,
    keys: new Map(),
    warnings,
    errors,
    daysPerWeek: input.calendar.workingWeekdays.length,
  };
  const tasks: RowTask[] = [];
  for (let r = headerIndex + 1; r < input.rows.length; r++) {
    const { row, cells } = input.rows[r]!;
    if (!cells.some((cell) => sheetCellText(cell) !== '')) continue;
    const task = readRow(context, row, cells);
    if (task) tasks.push(task);
  }

  if (!tasks.length && !errors.length) {
    warnings.push({ row: null, message: 'The sheet has its column names but no task under them: put one task per row below the first row.' });
  }
  linkHierarchy(tasks, index.wbs !== undefined, warnings);
  const summaries = rollUp(tasks);
  const kept: RowTask[] = [];
  for (const task of tasks) {
    if (task.error !== null && !summaries.has(task.key)) {
      errors.push({ row: task.row, message: task.error });
      continue;
    }
    if (summaries.has(task.key) && task.kind === 'milestone') {
      warnings.push({ row: task.row, message: 'A task with subtasks is a summary, not a milestone: its dates are those of its subtasks.' });
      task.kind = 'task';
    }
    kept.push(task);
  }

  const links = resolveLinks(kept, input.calendar, warnings);
  // Row by row, as the preview lists them (a stable sort keeps each row's messages in reading order).
  const byRow = (a: ImportMessage, b: ImportMessage) => (a.row ?? 0) - (b.row ?? 0);
  warnings.sort(byRow);
  errors.sort(byRow);
  return plan(
    kept.map(({ error: _e, wbs: _b, level: _l, predecessors: _p, ...task }) => task),
    links,
    [...resources.values()],
    columns,
  );
}

interface RowContext {
  input: SheetInput;
  index: Partial<Record<ImportField, number>>;
  columns: ImportColumns;
  headers: string[];
  /** The people named so far, by their key in lower case. */
  resources: Map<string, ImportedResource>;
  /** The task keys taken so far, with their rows. */
  keys: Map<string, number>;
  warnings: ImportMessage[];
  errors: ImportMessage[];
  daysPerWeek: number;
}

/** One non-empty row as a task, or null (with its row errors) when it cannot be one. */
function readRow(context: RowContext, row: number, cells: readonly SheetCell[]): RowTask | null {
  const { input, index, columns, headers, resources, keys, warnings, errors, daysPerWeek } = context;
  const warn = (message: string) => warnings.push({ row, message });
  const rowErrors: string[] = [];
  const cell = (field: ImportField): SheetCell => {
    const at = index[field];
    if (at === undefined) return null;
    const value = cells[at] ?? null;
    if (input.format === 'csv' && typeof value === 'string' && looksLikeFormula(value)) {
      warn(`The ${FIELD_LABELS[field]} «${value.trim().slice(0, 40)}» starts like a spreadsheet formula: it was read as text, never run.`);
    }
    return value;
  };
  for (const at of input.formulasWithoutResult?.get(row) ?? []) {
    warn(`The «${headers[at] ?? ''}» cell holds a formula with no saved result, so it was read as empty: open the file in Excel and save it again, or type the value.`);
  }
  const take = <T>(read: { ok: true; value: T; warning?: string } | { ok: false; message: string }, fallback: T): T => {
    if (!read.ok) {
      rowErrors.push(read.message);
      return fallback;
    }
    if (read.warning) warn(read.warning);
    return read.value;
  };

  const name = sheetCellText(cell('name'));
  if (name === '') rowErrors.push(`The task has no name: fill in the «${columns.mapping.name}» cell, or delete the row.`);

  let key = String(row);
  if (index.id !== undefined) {
    const id = sheetCellText(cell('id'));
    if (id !== '') key = id;
  }
  const other = keys.get(key);
  if (other !== undefined) rowErrors.push(`ID «${key}» is also row ${other}'s: give each task its own ID.`);

  const start = take(readDate(cell('start'), input.locale), null);
  const finish = take(readDate(cell('finish'), input.locale), null);
  const duration = take(readDuration(cell('duration'), daysPerWeek), null);
  const progress = take(readProgress(cell('progress')), null);
  const status = take(readStatus(cell('status')), null);
  const priority = take(readPriority(cell('priority')), null);
  const description = sheetCellText(cell('notes'));

  const people = readAssignees(cell('assignee'));
  people.warnings.forEach(warn);
  for (const person of people.assignees) {
    if (!resources.has(person.key.toLowerCase())) resources.set(person.key.toLowerCase(), { key: person.key, name: person.name, email: person.email });
  }

  const wbs = index.wbs !== undefined ? sheetCellText(cell('wbs')).replace(/\.$/, '') || null : null;
  let level: number | null = null;
  if (index.level !== undefined) {
    const text = sheetCellText(cell('level'));
    if (text !== '') {
      if (/^\d+$/.test(text)) level = Number(text);
      else warn(`Outline level «${text}» is not a whole number: the task is put at the top level.`);
    }
  }

  if (rowErrors.length) {
    rowErrors.forEach((message) => errors.push({ row, message }));
    return null;
  }
  keys.set(key, row);
  const task: RowTask = {
    key,
    row,
    name,
    startDate: start ?? finish ?? '',
    endDate: finish ?? start ?? '',
    kind: duration === 0 ? 'milestone' : 'task',
    parentKey: null,
    progress: progress ?? (status === 'completed' ? 100 : 0),
    status,
    priority,
    description,
    assignments: people.assignees.map((p) => ({ resourceKey: resources.get(p.key.toLowerCase())!.key, allocation: p.allocation })),
    error: null,
    wbs,
    level,
    predecessors: cell('predecessors'),
  };
  const laid = layOut(task, start, finish, duration, input.calendar);
  if (laid.warning) warn(laid.warning);
  task.error = laid.error ?? null;
  return task;
}

/**
 * A row's dates from what it gives: start and finish; start and duration (the duration's working days from the
 * first working day on or after the start); finish and duration (back from the last working day on or before
 * it); a milestone (duration 0) on its start or finish; a single date alone is a one-day task.
 */
function layOut(task: RowTask, start: string | null, finish: string | null, duration: number | null, calendar: WorkCalendar): { warning?: string; error?: string } {
  if (start === null && finish === null) {
    const why = sheetCellText(task.predecessors) !== '' ? ' (predecessors alone do not place a task)' : '';
    return { error: `The task has no start date${why}: give it a start date, for example 2026-03-04, and a finish date or a duration.` };
  }
  if (duration === 0) {
    task.startDate = task.endDate = (start ?? finish)!;
    return {};
  }
  if (start !== null && finish !== null) {
    if (finish < start) return { error: `The finish date ${finish} is before the start date ${start}: correct one of them.` };
    return {};
  }
  if (duration === null) return {};
  if (start !== null) {
    const first = calendar.indexOnOrAfter(start);
    task.startDate = calendar.dateOfIndex(first);
    task.endDate = calendar.dateOfIndex(first + duration - 1);
    return task.startDate === start ? {} : { warning: `${start} is not a working day: the task starts on the next one, ${task.startDate}.` };
  }
  const last = calendar.indexOnOrBefore(finish!);
  task.endDate = calendar.dateOfIndex(last);
  task.startDate = calendar.dateOfIndex(last - duration + 1);
  return task.endDate === finish ? {} : { warning: `${finish} is not a working day: the task finishes on the one before, ${task.endDate}.` };
}

/**
 * [sheet-hierarchy] Each task's parent: by WBS ('1.2.3' is under '1.2', which must come earlier), else by level
 * (under the last task one level up; a row more than one level deeper than the row before it is read one level
 * deeper, with a warning). Level 0 and 1 are both the top, as exports number it either way.
 */
function linkHierarchy(tasks: RowTask[], byWbs: boolean, warnings: ImportMessage[]): void {
  if (byWbs) {
    const seen = new Map<string, RowTask>();
    for (const task of tasks) {
      if (task.wbs === null) continue;
      const dot = task.wbs.lastIndexOf('.');
      if (dot > 0) {
        const parentWbs = task.wbs.slice(0, dot);
        const parent = seen.get(parentWbs);
        if (parent) task.parentKey = parent.key;
        else warnings.push({ row: task.row, message: `WBS ${task.wbs}: no row above has WBS ${parentWbs}, so the task is put at the top level.` });
      }
      if (seen.has(task.wbs)) warnings.push({ row: task.row, message: `WBS ${task.wbs} is also row ${seen.get(task.wbs)!.row}'s: subtasks go under the later one.` });
      seen.set(task.wbs, task);
    }
    return;
  }
  const open: RowTask[] = [];
  for (const task of tasks) {
    if (task.level === null) {
      open.length = 0;
      open.push(task);
      continue;
    }
    let depth = Math.max(1, task.level);
    if (depth > open.length + 1) {
      warnings.push({ row: task.row, message: `Outline level ${task.level} is more than one level below the row before it: read as level ${open.length + 1}.` });
      depth = open.length + 1;
    }
    open.length = depth - 1;
    task.parentKey = open[depth - 2]?.key ?? null;
    open.push(task);
  }
}

/** Summary tasks' dates from their subtasks (deepest first); the keys of the tasks that have subtasks. */
function rollUp(tasks: RowTask[]): Set<string> {
  const byKey = new Map(tasks.map((t) => [t.key, t]));
  const summaries = new Set<string>();
  const children = new Map<string, RowTask[]>();
  for (const task of tasks) {
    if (task.parentKey === null) continue;
    summaries.add(task.parentKey);
    const siblings = children.get(task.parentKey);
    if (siblings) siblings.push(task);
    else children.set(task.parentKey, [task]);
  }
  const dated = (task: RowTask) => task.error === null;
  // Parents come before their subtasks, so the reverse file order settles the deepest first.
  for (const task of [...tasks].reverse()) {
    const kids = (children.get(task.key) ?? []).filter(dated);
    if (!kids.length) continue;
    task.startDate = kids.reduce((min, k) => (k.startDate < min ? k.startDate : min), kids[0]!.startDate);
    task.endDate = kids.reduce((max, k) => (k.endDate > max ? k.endDate : max), kids[0]!.endDate);
    task.error = null;
  }
  return new Set([...summaries].filter((key) => byKey.get(key)?.error === null));
}

/** The predecessors written on each row as links between kept tasks; what cannot be linked is a row warning. */
function resolveLinks(tasks: readonly RowTask[], calendar: WorkCalendar, warnings: ImportMessage[]): ImportedLink[] {
  const byKey = new Map(tasks.map((t) => [t.key, t]));
  const links: ImportedLink[] = [];
  for (const task of tasks) {
    const seen = new Set<string>();
    const warn = (message: string) => warnings.push({ row: task.row, message });
    const read = readPredecessors(task.predecessors, calendar.workingWeekdays.length, (ref) => byKey.has(ref));
    read.warnings.forEach(warn);
    read.problems.forEach(warn);
    for (const written of read.links) {
      const predecessor = byKey.get(written.ref);
      if (!predecessor) {
        warn(`Predecessor ${written.ref} is not a task of this sheet: the link is left out.`);
        continue;
      }
      if (predecessor === task) {
        warn(`The task names itself as its predecessor: the link is left out.`);
        continue;
      }
      if (seen.has(predecessor.key)) {
        warn(`Predecessor ${written.ref} is named twice: the first link is kept.`);
        continue;
      }
      seen.add(predecessor.key);
      let lagDays: number;
      if ('percent' in written.lag) {
        const base = predecessor.kind === 'milestone' ? 0 : calendar.workingDaysBetween(predecessor.startDate, predecessor.endDate);
        const exact = (base * written.lag.percent) / 100;
        lagDays = Math.sign(exact) * Math.round(Math.abs(exact));
        warn(`The lag of ${written.lag.percent}% of ${predecessor.name}'s ${base} working days is read as ${lagDays} days.`);
      } else {
        lagDays = written.lag.days;
      }
      if (Math.abs(lagDays) > MAX_LAG_DAYS) {
        const kept = Math.sign(lagDays) * MAX_LAG_DAYS;
        warn(`The lag of ${lagDays} days on predecessor ${written.ref} is longer than ${MAX_LAG_DAYS}: read as ${kept}.`);
        lagDays = kept;
      }
      links.push({ row: task.row, predecessorKey: predecessor.key, successorKey: task.key, type: written.type, lagDays });
    }
  }
  return links;
}
