import {
  ALLOCATION_MAX,
  ALLOCATION_MIN,
  addDays,
  createWorkCalendar,
  type ImportedAssignment,
  type ImportedBaseline,
  type ImportedLink,
  type ImportedPlan,
  type ImportedResource,
  type ImportedTask,
  type ImportMessage,
  type LinkType,
  MAX_LAG_DAYS,
  mspdiDurationMinutes,
  mspdiLagToDays,
  mspdiMinutesToDays,
  mspdiTimeUnits,
  TASK_DESCRIPTION_MAX_LENGTH,
  TASK_NAME_MAX_LENGTH,
  type MspdiTimeUnits,
  type WorkCalendar,
} from '@planline/domain';
import { readMspdiCalendar } from './mspdi-calendar.js';
import { atMidnight, children, datePart, flag, MSPDI_FIRST_YEAR, MSPDI_LAST_YEAR, num, readMspdiXml, text, type XmlNode } from './mspdi-xml.js';
import type { ReadOptions } from './read-options.js';

/** PredecessorLink Type: 0 FF, 1 FS, 2 SF, 3 SS (MS Project's order, not alphabetical). */
export const MSPDI_LINK_TYPES: readonly LinkType[] = ['FF', 'FS', 'SF', 'SS'];

/** The ResourceUID MS Project gives the assignment of a task that has nobody on it. */
const UNASSIGNED_RESOURCE_UID = '-65535';

export const IMPORTED_BASELINE_NAME = 'Imported baseline';

interface ReadTask {
  task: ImportedTask;
  level: number;
  /** Duration in minutes (null without one): with the file's units, the working days a percent lag is a share of. */
  minutes: number | null;
  /** Working days, from Duration (or the dates), once the file's calendar is known. */
  days: number;
  /** The task's PredecessorLink elements: their predecessors may come later in the file. */
  links: XmlNode[];
}

/**
 * [mspdi-read] An MS Project XML (MSPDI) file as an ImportedPlan: tasks in file order (the project summary task, UID 0,
 * and null tasks left out), the hierarchy from OutlineLevel with summaries' dates rolled up, milestones, links with
 * their type and lag in working days, the project calendar, the resources and their assignments, and baseline 0.
 * Throws a 400 AppError for a file that is not MSPDI (or declares a DOCTYPE); what is readable with a caveat is a
 * warning on the task's row (its ID in MS Project). The file is read as a stream: each task, resource, assignment
 * and calendar is converted as it is read and its element dropped. `bytes` is handed over: the reader lets go of it.
 */
export function readMspdi(bytes: Buffer | (() => Buffer), options: ReadOptions): ImportedPlan {
  const taskWarnings: ImportMessage[] = [];
  const errors: ImportMessage[] = [];
  const tasks = new TaskReader(taskWarnings, errors);
  const calendars: XmlNode[] = [];
  const resources: ImportedResource[] = [];
  const assignments: XmlNode[] = [];
  const project = readMspdiXml(typeof bytes === 'function' ? bytes : () => bytes, options.fileName, {
    entry(name, node) {
      if (name === 'Task') tasks.read(node);
      else if (name === 'Calendar') calendars.push(node);
      else if (name === 'Resource') resources.push(...readResource(node));
      else assignments.push(assignmentOf(node));
    },
  });
  const units = mspdiTimeUnits({
    minutesPerDay: num(project, 'MinutesPerDay'),
    minutesPerWeek: num(project, 'MinutesPerWeek'),
    daysPerMonth: num(project, 'DaysPerMonth'),
  });
  const calendarRead = readMspdiCalendar(calendars, text(project, 'CalendarUID'));
  const warnings: ImportMessage[] = calendarRead ? [...calendarRead.warnings] : [];
  warnings.push(...taskWarnings);
  const fileCalendar = calendarRead ? createWorkCalendar(calendarRead.calendar) : null;
  // Durations and elapsed lags count the file's own working days; without a calendar in it, the project's.
  const calendar: WorkCalendar = fileCalendar?.ok ? fileCalendar.calendar : options.calendar;

  const read = tasks.done;
  for (const r of read) r.days = r.minutes !== null ? mspdiMinutesToDays(r.minutes, units) : calendar.workingDaysBetween(r.task.startDate, r.task.endDate);
  const byKey = new Map(read.map((r) => [r.task.key, r]));
  rollUp(read);

  const links = readLinks(read, byKey, units, calendar, warnings);
  readAssignments(assignments, byKey, new Set(resources.map((r) => r.key)), warnings);

  const plan: ImportedPlan = {
    format: 'mspdi',
    tasks: read.map((r) => r.task),
    links,
    resources,
    calendar: calendarRead?.calendar ?? null,
    baseline: tasks.baseline.length ? { name: IMPORTED_BASELINE_NAME, tasks: tasks.baseline } : null,
    columns: null,
    warnings,
    errors,
  };
  if (!plan.tasks.length && !errors.length) errors.push({ row: null, message: `«${options.fileName}» has no tasks to import` });
  return plan;
}

/** Tasks read one by one, in file order. */
class TaskReader {
  readonly done: ReadTask[] = [];
  readonly baseline: ImportedBaseline['tasks'] = [];
  /** The last task read at each outline level: a task's parent is the nearest one above its level. */
  private readonly outline: ReadTask[] = [];
  /** Task elements seen (a row for a task without an ID). */
  private index = 0;

  constructor(
    private readonly warnings: ImportMessage[],
    private readonly errors: ImportMessage[],
  ) {}

  read(node: XmlNode): void {
    const index = this.index++;
    const { warnings, errors, outline } = this;
    const uid = text(node, 'UID');
    const level = num(node, 'OutlineLevel') ?? 1;
    // UID 0 (outline level 0) is the project summary task MS Project adds; a null task is a blank row.
    if (uid === null || uid === '0' || level < 1) return;
    const rawName = text(node, 'Name')?.trim() ?? '';
    if (flag(node, 'IsNull') || !rawName) return;
    const row = num(node, 'ID') ?? index;
    const name = rawName.length > TASK_NAME_MAX_LENGTH ? rawName.slice(0, TASK_NAME_MAX_LENGTH) : rawName;
    if (name !== rawName) warnings.push({ row, message: `The name of «${name.slice(0, 40)}…» was cut to ${TASK_NAME_MAX_LENGTH} characters` });

    const startText = text(node, 'Start');
    const finishText = text(node, 'Finish');
    const start = datePart(startText);
    let end = datePart(finishText);
    // A finish at midnight is the end of the day before (calendars whose day ends at 24:00).
    if (end && start && end > start && atMidnight(finishText)) end = addDays(end, -1);
    if (!start || !end) {
      errors.push({ row, message: `«${name}» has no ${!start ? 'Start' : 'Finish'} date from ${MSPDI_FIRST_YEAR} to ${MSPDI_LAST_YEAR}; give it dates in MS Project and save again` });
      return;
    }
    if (end < start) {
      errors.push({ row, message: `«${name}» finishes (${end}) before it starts (${start})` });
      return;
    }
    const milestone = flag(node, 'Milestone');
    const percent = num(node, 'PercentComplete') ?? 0;
    const progress = Math.min(100, Math.max(0, Math.round(percent)));
    const rawNotes = text(node, 'Notes') ?? '';
    const description = rawNotes.slice(0, TASK_DESCRIPTION_MAX_LENGTH);
    if (description !== rawNotes) warnings.push({ row, message: `The notes of «${name}» were cut to ${TASK_DESCRIPTION_MAX_LENGTH.toLocaleString('en-US')} characters` });

    while (outline.length && outline.at(-1)!.level >= level) outline.pop();
    const parent = outline.at(-1) ?? null;
    const entry: ReadTask = {
      level,
      minutes: mspdiDurationMinutes(text(node, 'Duration') ?? ''),
      days: 0,
      links: children(node, 'PredecessorLink'),
      task: {
        key: uid,
        row,
        name,
        startDate: milestone ? end : start,
        endDate: end,
        kind: milestone ? 'milestone' : 'task',
        parentKey: parent?.task.key ?? null,
        progress,
        status: progress >= 100 ? 'completed' : progress > 0 ? 'in_progress' : null,
        priority: priorityOf(num(node, 'Priority')),
        description,
        assignments: [],
      },
    };
    this.done.push(entry);
    outline.push(entry);
    const saved = baselineOf(node);
    if (saved) this.baseline.push({ key: uid, ...saved });
  }
}

/** MS Project's Priority (0 … 1000, 500 = Medium) in Planline's four steps. */
function priorityOf(priority: number | null): ImportedTask['priority'] {
  if (priority === null) return null;
  if (priority < 400) return 'low';
  if (priority < 700) return 'medium';
  if (priority < 900) return 'high';
  return 'critical';
}

/** Summaries (tasks with subtasks) take their subtasks' first start and last finish, and are never milestones. */
function rollUp(read: ReadTask[]): void {
  const byKey = new Map(read.map((r) => [r.task.key, r.task]));
  // Subtasks come after their parent: going backwards, a summary's subtasks are settled before it is reached.
  const span = new Map<string, { start: string; end: string }>();
  for (let i = read.length - 1; i >= 0; i--) {
    const task = read[i]!.task;
    const own = span.get(task.key);
    if (own) {
      task.startDate = own.start;
      task.endDate = own.end;
      task.kind = 'task';
    }
    if (task.parentKey && byKey.has(task.parentKey)) {
      const seen = span.get(task.parentKey);
      span.set(task.parentKey, {
        start: seen && seen.start < task.startDate ? seen.start : task.startDate,
        end: seen && seen.end > task.endDate ? seen.end : task.endDate,
      });
    }
  }
}

function readLinks(read: ReadTask[], byKey: Map<string, ReadTask>, units: MspdiTimeUnits, calendar: WorkCalendar, warnings: ImportMessage[]): ImportedLink[] {
  const links: ImportedLink[] = [];
  const seen = new Set<string>();
  for (const { task, links: predecessors } of read) {
    for (const link of predecessors) {
      const predecessorKey = text(link, 'PredecessorUID');
      const row = task.row;
      if (flag(link, 'CrossProject')) {
        const other = text(link, 'CrossProjectName');
        warnings.push({ row, message: `«${task.name}» depends on a task in another project${other ? ` (${other})` : ''}; that link was left out` });
        continue;
      }
      const predecessor = predecessorKey === null ? undefined : byKey.get(predecessorKey);
      if (!predecessor || predecessorKey === null) {
        warnings.push({ row, message: `«${task.name}» depends on task UID ${predecessorKey ?? '(none)'}, which is not in the file; that link was left out` });
        continue;
      }
      if (predecessorKey === task.key) {
        warnings.push({ row, message: `«${task.name}» depends on itself; that link was left out` });
        continue;
      }
      const pair = `${predecessorKey}->${task.key}`;
      if (seen.has(pair)) {
        warnings.push({ row, message: `«${task.name}» depends on «${predecessor.task.name}» twice; the first link was kept` });
        continue;
      }
      seen.add(pair);
      const typeCode = num(link, 'Type') ?? 1;
      const type = MSPDI_LINK_TYPES[typeCode];
      if (!type) warnings.push({ row, message: `The link from «${predecessor.task.name}» has type ${typeCode}, which MS Project does not write; it was read as finish-to-start` });
      const lag = mspdiLagToDays(num(link, 'LinkLag') ?? 0, num(link, 'LagFormat'), {
        units,
        workingDaysPerWeek: calendar.workingWeekdays.length,
        predecessorDays: predecessor.days,
      });
      let lagDays = 0;
      if (!lag.ok) warnings.push({ row, message: `The link from «${predecessor.task.name}»: ${lag.reason}` });
      else {
        lagDays = lag.lagDays;
        if (lag.warning) warnings.push({ row, message: `The link from «${predecessor.task.name}»: ${lag.warning}` });
      }
      if (Math.abs(lagDays) > MAX_LAG_DAYS) {
        warnings.push({ row, message: `The link from «${predecessor.task.name}» has a lag of ${lagDays} working days; Planline keeps at most ${MAX_LAG_DAYS}, so it was shortened` });
        lagDays = Math.sign(lagDays) * MAX_LAG_DAYS;
      }
      links.push({ row, predecessorKey, successorKey: task.key, type: type ?? 'FS', lagDays });
    }
  }
  return links;
}

/** A work resource with a name (MS Project's blank resource UID 0, material and cost resources are no people). */
function readResource(node: XmlNode): ImportedResource[] {
  const key = text(node, 'UID');
  const name = text(node, 'Name')?.trim();
  const type = num(node, 'Type') ?? 1;
  if (key === null || !name || type !== 1 || flag(node, 'IsNull')) return [];
  return [{ key, name, email: text(node, 'EmailAddress')?.trim() || null }];
}

/** What an Assignment says that is read (its timephased data, often most of it, is dropped at once). */
function assignmentOf(node: XmlNode): XmlNode {
  const kept: XmlNode = {};
  for (const name of ['TaskUID', 'ResourceUID', 'Units']) if (node[name] !== undefined) kept[name] = node[name];
  return kept;
}

function readAssignments(assignments: XmlNode[], byKey: Map<string, ReadTask>, resourceKeys: Set<string>, warnings: ImportMessage[]): void {
  for (const node of assignments) {
    const resourceKey = text(node, 'ResourceUID');
    const entry = byKey.get(text(node, 'TaskUID') ?? '');
    if (!entry || resourceKey === null || resourceKey === UNASSIGNED_RESOURCE_UID || !resourceKeys.has(resourceKey)) continue;
    const task = entry.task;
    if (task.assignments.some((a) => a.resourceKey === resourceKey)) continue;
    const units = num(node, 'Units') ?? 1;
    const percent = Math.round(units * 100);
    const allocation = Math.min(ALLOCATION_MAX, Math.max(ALLOCATION_MIN, percent));
    if (allocation !== percent) {
      warnings.push({ row: task.row, message: `An assignment on «${task.name}» is ${percent}%; Planline allocates ${ALLOCATION_MIN}% to ${ALLOCATION_MAX}%, so it was read as ${allocation}%` });
    }
    const assignment: ImportedAssignment = { resourceKey, allocation };
    task.assignments.push(assignment);
  }
}

/** A task's baseline 0 (the one MS Project calls "Baseline"), when it has one. */
function baselineOf(node: XmlNode): { startDate: string; endDate: string } | null {
  const saved = children(node, 'Baseline').find((b) => (num(b, 'Number') ?? 0) === 0);
  const startDate = datePart(text(saved, 'Start'));
  let endDate = datePart(text(saved, 'Finish'));
  if (endDate && startDate && endDate > startDate && atMidnight(text(saved, 'Finish'))) endDate = addDays(endDate, -1);
  return startDate && endDate && endDate >= startDate ? { startDate, endDate } : null;
}
