import {
  addDays,
  addMonths,
  daysBetween,
  formatMonthYear,
  type CustomField,
  type CustomValue,
  type ExportOptions,
  type LinkType,
  MONTH_NAMES,
  startOfMonth,
  TASK_PRIORITIES,
  TASK_PRIORITY_LABELS,
  TASK_STATUSES,
  TASK_STATUS_LABELS,
  type ProjectStatus,
  type TaskKind,
  type TaskPriority,
  type TaskStatus,
  utcMidnight,
  weekday,
} from '@planline/domain';

// The calendar arithmetic is domain's (calendar-date.ts); the file builders import it from here with the data.
export { addDays, daysBetween, utcMidnight as utcDate };

/** What an export shows, read once from the rows; both file builders take only this. */
export interface ExportTask {
  /** The task's id, for the links that point at it. */
  id: string;
  name: string;
  description: string | null;
  status: TaskStatus;
  priority: TaskPriority;
  startDate: string;
  endDate: string;
  progress: number;
  color: string;
  order: number;
  /** A milestone is drawn as a diamond on its start date. */
  kind: TaskKind;
  /** The summary task above it (its name), in outline order: tasks come right after their parent. */
  parent: string | null;
  /** Levels above it in the outline (0 at the top level). */
  depth: number;
  /** A summary (it has subtasks): its dates and progress are theirs, rolled up. */
  summary: boolean;
  /** The tasks this one depends on, each with its link's type and lag: "Design (FS)", "Survey (SS +2d)". */
  dependsOn: string[];
  /** The same links as data, for the timeline's arrows. */
  links: { dependsOnId: string; type: LinkType; lagDays: number }[];
  /** The primary assignee's name, and every assignee's (primary first). */
  assignee: string | null;
  assignees: string[];
  /** Who is assigned (by user id, primary first) and their share of the day in whole percent: MS Project's Units. */
  assignments?: { userId: string; allocation: number }[];
  /** The task in the chosen baseline; null when it is not in it (added since), absent when none was chosen. */
  baseline?: ExportBaselineTask | null;
  /** Its custom field values, field id → value (issue 39). */
  custom?: Readonly<Record<string, CustomValue>>;
}

/** A custom field of the project, a column of its own in the exports (issue 39), in the project's column order. */
export type ExportCustomField = Pick<CustomField, 'id' | 'name' | 'type' | 'options'>;

/** A task's dates in the chosen baseline and how many working days later it ends now (negative: earlier). */
export interface ExportBaselineTask {
  startDate: string;
  endDate: string;
  driftDays: number;
}

/** The baseline an export compares with (issue 19). */
export interface ExportBaseline {
  name: string;
  /** When it was saved, 'yyyy-MM-dd' (UTC). */
  savedOn: string;
}

export interface ExportProject {
  name: string;
  code: string;
  status: ProjectStatus;
  description: string | null;
  startDate: string | null;
  endDate: string | null;
}

export interface ExportData {
  project: ExportProject;
  tasks: ExportTask[];
  /** The baseline shown beside the current dates, when the export asked for one. */
  baseline?: ExportBaseline | null;
  /** The export date, 'yyyy-MM-dd' (UTC): the file name's date and the 'overdue' reference. */
  today: string;
  /** The team's workload by week over the project's dates, when asked for (the Workload sheet). */
  workload?: ExportWorkload | null;
  /** The assigned people, for the MS Project file's resources (name and e-mail by user id). */
  people?: { id: string; name: string; email: string }[];
  /** The project's custom fields (issue 39): none when absent. */
  customFields?: ExportCustomField[];
}

/** The parts of the export dialog's options the file builders read (the workload comes as data, when asked). */
export type ExportSheets = Pick<ExportOptions, 'includeTimeline' | 'includeAssignments' | 'includeCharts'>;

/** People × weeks: each person's allocated hours (every project of theirs) against their capacity. */
export interface ExportWorkload {
  weeks: { start: string; end: string }[];
  people: { name: string; cells: { allocatedHours: number; capacityHours: number }[] }[];
}

export const PRIORITY_COLORS: Record<TaskPriority, string> = {
  low: '#94a3b8',
  medium: '#3b82f6',
  high: '#f97316',
  critical: '#dc2626',
};
export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = { active: 'Active', completed: 'Completed', 'on-hold': 'On hold' };

export interface ExportCounts {
  total: number;
  byStatus: { status: TaskStatus; label: string; count: number }[];
  byPriority: { priority: TaskPriority; label: string; count: number }[];
  completed: number;
  /** Whole percent, 0 with no tasks (PRODUCT-SPEC §9). */
  completionRate: number;
  /** End date in the past and not completed (PRODUCT-SPEC §9). */
  overdue: number;
}

export function exportCounts(data: ExportData): ExportCounts {
  const total = data.tasks.length;
  const completed = data.tasks.filter((t) => t.status === 'completed').length;
  return {
    total,
    byStatus: TASK_STATUSES.map((status) => ({ status, label: TASK_STATUS_LABELS[status], count: data.tasks.filter((t) => t.status === status).length })),
    byPriority: TASK_PRIORITIES.map((priority) => ({
      priority,
      label: TASK_PRIORITY_LABELS[priority],
      count: data.tasks.filter((t) => t.priority === priority).length,
    })),
    completed,
    completionRate: total ? Math.round((completed / total) * 100) : 0,
    overdue: data.tasks.filter((t) => t.endDate < data.today && t.status !== 'completed').length,
  };
}

// ---- the timeline's scale ----------------------------------------------------------------------------
/** [export-timeline] Up to this many days the timeline has a column per day; longer, per week; past two years, per month. */
export const TIMELINE_DAY_COLUMNS_MAX_DAYS = 120;
export const TIMELINE_WEEK_COLUMNS_MAX_DAYS = 2 * 366;

export interface TimelineBucket {
  start: string;
  end: string;
  /** Short label of the column ('23', '23 Nov', 'Nov'). */
  label: string;
  /** The month (or year) it belongs to, for the band above the labels. */
  group: string;
}

export interface TimelineScale {
  granularity: 'day' | 'week' | 'month';
  start: string;
  end: string;
  buckets: TimelineBucket[];
}

/**
 * The dates a timeline covers: every task (and its baseline dates, when a baseline is shown), and the project's own
 * dates when set. Null with nothing to draw.
 */
export function timelineRange(data: ExportData): { start: string; end: string } | null {
  const starts = data.tasks.flatMap((t) => (t.baseline ? [t.startDate, t.baseline.startDate] : [t.startDate]));
  const ends = data.tasks.flatMap((t) => (t.baseline ? [t.endDate, t.baseline.endDate] : [t.endDate]));
  if (data.project.startDate) starts.push(data.project.startDate);
  if (data.project.endDate) ends.push(data.project.endDate);
  if (!data.tasks.length || !starts.length || !ends.length) return null;
  const start = starts.reduce((a, b) => (b < a ? b : a));
  const end = ends.reduce((a, b) => (b > a ? b : a));
  return { start, end: end < start ? start : end };
}

/**
 * [export-pdf-dates] The project's dates as a report states them: its own start and end where they are set, the
 * first start and last end of its tasks where not. Null for a project with neither.
 */
export function projectDates(data: ExportData): { start: string; end: string } | null {
  const tasks = data.tasks.length
    ? { start: data.tasks.reduce((a, t) => (t.startDate < a ? t.startDate : a), data.tasks[0]!.startDate), end: data.tasks.reduce((a, t) => (t.endDate > a ? t.endDate : a), data.tasks[0]!.endDate) }
    : null;
  const start = data.project.startDate ?? tasks?.start;
  const end = data.project.endDate ?? tasks?.end;
  return start && end ? { start, end } : null;
}

export function timelineScale(range: { start: string; end: string }): TimelineScale {
  const days = daysBetween(range.start, range.end) + 1;
  const buckets: TimelineBucket[] = [];
  if (days <= TIMELINE_DAY_COLUMNS_MAX_DAYS) {
    for (let d = range.start; d <= range.end; d = addDays(d, 1)) buckets.push({ start: d, end: d, label: String(Number(d.slice(8))), group: formatMonthYear(d) });
    return { granularity: 'day', ...range, buckets };
  }
  if (days <= TIMELINE_WEEK_COLUMNS_MAX_DAYS) {
    // Weeks start on Monday (ISO 8601).
    const sinceMonday = (weekday(range.start) + 6) % 7;
    for (let d = addDays(range.start, -sinceMonday); d <= range.end; d = addDays(d, 7)) {
      buckets.push({ start: d, end: addDays(d, 6), label: String(Number(d.slice(8))), group: formatMonthYear(d) });
    }
    return { granularity: 'week', start: buckets[0]!.start, end: buckets.at(-1)!.end, buckets };
  }
  for (let d = startOfMonth(range.start); d <= range.end; ) {
    const nextStart = addMonths(d, 1);
    buckets.push({ start: d, end: addDays(nextStart, -1), label: MONTH_NAMES[Number(d.slice(5, 7)) - 1]!.slice(0, 3), group: d.slice(0, 4) });
    d = nextStart;
  }
  return { granularity: 'month', start: buckets[0]!.start, end: buckets.at(-1)!.end, buckets };
}

export const overlaps = (task: Pick<ExportTask, 'startDate' | 'endDate'>, bucket: Pick<TimelineBucket, 'start' | 'end'>) =>
  task.startDate <= bucket.end && task.endDate >= bucket.start;
