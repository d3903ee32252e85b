import type {
  WorkloadAnswer as TeamWorkload,
  WorkloadAnswerBucket as WorkloadBucket,
  WorkloadAnswerPerson as WorkloadPerson,
  WorkloadAnswerTask as WorkloadTaskHours,
  WorkloadScale,
} from '@planline/domain';

/*
 * The workload view's pure logic (issue 36): which range a scale shows, how a cell reads and is coloured, and
 * what a row's expanded task list holds. The server does the arithmetic; this only presents it.
 */

export type {
  WorkloadAnswer as TeamWorkload,
  WorkloadAnswerBucket as WorkloadBucket,
  WorkloadAnswerPerson as WorkloadPerson,
  WorkloadAnswerTask as WorkloadTaskHours,
} from '@planline/domain';

/** How many columns each scale shows at once. */
export const COLUMNS: Record<WorkloadScale, number> = { day: 14, week: 8, month: 6 };

const DAY_MS = 86_400_000;

function parseDay(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}

function formatDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return formatDay(new Date(parseDay(day).getTime() + days * DAY_MS));
}

/** The viewer's calendar day (not UTC's), as the chart's "today" is. */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Monday of the ISO week holding `day`. */
function mondayOf(day: string): string {
  const weekday = (parseDay(day).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

function firstOfMonth(day: string, monthsLater = 0): string {
  const date = parseDay(day);
  return formatDay(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + monthsLater, 1)));
}

export interface WorkloadRange {
  from: string;
  to: string;
}

/**
 * The range shown around `anchor`, aligned to the scale: days and weeks from the anchor's Monday, months from its
 * month's first day. `to` is inclusive.
 */
export function rangeFor(scale: WorkloadScale, anchor: string): WorkloadRange {
  if (scale === 'month') {
    const from = firstOfMonth(anchor);
    return { from, to: addDays(firstOfMonth(anchor, COLUMNS.month), -1) };
  }
  const from = mondayOf(anchor);
  const days = scale === 'day' ? COLUMNS.day : COLUMNS.week * 7;
  return { from, to: addDays(from, days - 1) };
}

/** The anchor one page earlier (-1) or later (+1) in the scale. */
export function shiftAnchor(scale: WorkloadScale, anchor: string, direction: -1 | 1): string {
  if (scale === 'month') return firstOfMonth(anchor, direction * COLUMNS.month);
  const days = scale === 'day' ? COLUMNS.day : COLUMNS.week * 7;
  return addDays(mondayOf(anchor), direction * days);
}

export type LoadLevel = 'idle' | 'under' | 'full' | 'over';

/**
 * How loaded a cell is. Over means more hours than capacity (any hours on a day off count as over: there is no
 * capacity for them); full is exactly the capacity, to the tenth of an hour; idle has neither.
 */
export function loadLevel(allocatedHours: number, capacityHours: number): LoadLevel {
  const allocated = roundHours(allocatedHours);
  const capacity = roundHours(capacityHours);
  if (allocated > capacity) return 'over';
  if (allocated === 0) return 'idle';
  return allocated === capacity ? 'full' : 'under';
}

/** Hours as the cell prints them: at most one decimal, no trailing ".0". */
export function roundHours(hours: number): number {
  return Math.round(hours * 10) / 10;
}

export function formatHours(hours: number): string {
  return `${roundHours(hours)}h`;
}

/** The figure in a cell: "10h / 8h" (allocated / capacity). */
export function cellFigure(bucket: Pick<WorkloadBucket, 'allocatedHours' | 'capacityHours'>): string {
  return `${formatHours(bucket.allocatedHours)} / ${formatHours(bucket.capacityHours)}`;
}

/** Colours by level; over also carries an icon and words, so colour is never the only signal. */
export const LEVEL_CLASSES: Record<LoadLevel, string> = {
  idle: 'bg-white text-slate-500',
  under: 'bg-emerald-50 text-emerald-900',
  full: 'bg-blue-50 text-blue-900',
  over: 'bg-red-50 text-red-800 font-semibold',
};

const LEVEL_WORDS: Record<LoadLevel, string> = {
  idle: 'no work',
  under: 'under capacity',
  full: 'at capacity',
  over: 'over capacity',
};

/** What a screen reader hears for a cell: "Ana, week of 2 Mar: 10 hours of 8, over capacity". */
export function cellLabel(personName: string, columnTitle: string, bucket: Pick<ShownBucket, 'allocatedHours' | 'capacityHours' | 'previewHours'>): string {
  const level = loadLevel(bucket.allocatedHours, bucket.capacityHours);
  const preview = bucket.previewHours ? ', while a teammate moves a task' : '';
  return `${personName}, ${columnTitle}: ${roundHours(bucket.allocatedHours)} hours of ${roundHours(bucket.capacityHours)}, ${LEVEL_WORDS[level]}${preview}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** A column's heading: "Mon 2 Mar", "Week of 2 Mar", "Mar 2026". */
export function columnTitle(scale: WorkloadScale, start: string): string {
  const date = parseDay(start);
  const dayMonth = `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}`;
  if (scale === 'day') return `${WEEKDAYS[date.getUTCDay()]} ${dayMonth}`;
  if (scale === 'week') return `Week of ${dayMonth}`;
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** The range as the toolbar says it: "2 Mar 2026 – 26 Apr 2026". */
export function rangeTitle({ from, to }: WorkloadRange): string {
  const say = (day: string) => {
    const date = parseDay(day);
    return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
  };
  return `${say(from)} – ${say(to)}`;
}

export interface RowTask {
  /** Stable key: the task's id, or the project-less "Other project" line. */
  key: string;
  taskId: string | null;
  projectId: string | null;
  name: string;
  projectName: string | null;
  /** Hours per column, in column order (0 where the task has none). */
  hours: number[];
  total: number;
}

/**
 * The tasks behind a row: one line per task over the whole range, hours per column. Tasks of projects the viewer
 * cannot open are summed into one "Other project" line without a link. Ordered by total hours, most first.
 */
export function rowTasks(person: WorkloadPerson, projects: readonly { id: string; name: string }[]): RowTask[] {
  const projectNames = new Map(projects.map((p) => [p.id, p.name]));
  const lines = new Map<string, RowTask>();
  person.buckets.forEach((bucket, column) => {
    for (const task of bucket.tasks) {
      const key = task.taskId ?? 'other-project';
      let line = lines.get(key);
      if (!line) {
        line = {
          key,
          taskId: task.taskId,
          projectId: task.taskId ? task.projectId : null,
          name: task.name,
          projectName: task.projectId ? (projectNames.get(task.projectId) ?? null) : null,
          hours: person.buckets.map(() => 0),
          total: 0,
        };
        lines.set(key, line);
      }
      line.hours[column] = roundHours(line.hours[column]! + task.hours);
      line.total = roundHours(line.total + task.hours);
    }
  });
  return [...lines.values()].sort((a, b) => b.total - a.total || a.name.localeCompare(b.name));
}

/** The rows of the view: people as the server orders them, then "Unassigned". */
export function workloadRows(workload: TeamWorkload): WorkloadPerson[] {
  return [...workload.people, workload.unassigned];
}

/** Nobody has any hours in the range (capacity alone is not work). */
export function hasNoWork(workload: TeamWorkload): boolean {
  return workloadRows(workload).every((person) => person.buckets.every((b) => b.allocatedHours === 0 && b.tasks.length === 0));
}

export { isWorkloadKey, isWorkloadViewKey, workloadKey } from '../../lib/workload-key';

/** A cell as the view shows it: the stored figures, and the hours a teammate's bar being dragged adds (or takes). */
export type ShownBucket = WorkloadBucket & { previewHours?: number };
/** Whether a cell shows a teammate's drag under way (drawn dashed, and said so in its name). */
export const isPreviewCell = (bucket: ShownBucket): boolean => !!bucket.previewHours;
export type ShownPerson = Omit<WorkloadPerson, 'buckets'> & { buckets: ShownBucket[] };
export type ShownWorkload = Omit<TeamWorkload, 'people' | 'unassigned'> & { people: ShownPerson[]; unassigned: ShownPerson };

/** A dragged bar's load change as the view overlays it (live previews, workload-live.ts). */
export interface LoadPreview {
  people: readonly { userId: string | null; runs: readonly { from: string; to: string; hours: number }[] }[];
  /** When its drag ended (null: under way). */
  endedAt: number | null;
}

/** Days of `from..to` inside `start..end`, all inclusive. */
function overlapDays(from: string, to: string, start: string, end: string): number {
  const first = from > start ? from : start;
  const last = to < end ? to : end;
  return first > last ? 0 : Math.round((parseDay(last).getTime() - parseDay(first).getTime()) / DAY_MS) + 1;
}

/**
 * [workload-preview] The workload with teammates' drags shown over it: each bucket's allocated hours plus the
 * change each preview makes on its days (`previewHours` says by how much). A drag that ended before `readAt` (the
 * time of the read shown) is in the read already, if it was dropped, and is left out.
 */
export function withPreviews(workload: TeamWorkload, previews: readonly LoadPreview[], readAt: number): ShownWorkload {
  const live = previews.filter((p) => p.endedAt === null || p.endedAt > readAt);
  if (!live.length) return workload;
  const shown = (person: WorkloadPerson): ShownPerson => {
    const runs = live.flatMap((p) => p.people.filter((d) => d.userId === person.userId).flatMap((d) => d.runs));
    if (!runs.length) return person;
    return {
      ...person,
      buckets: person.buckets.map((bucket) => {
        const change = roundHours(runs.reduce((sum, run) => sum + run.hours * overlapDays(run.from, run.to, bucket.start, bucket.end), 0));
        return change ? { ...bucket, allocatedHours: Math.max(0, roundHours(bucket.allocatedHours + change)), previewHours: change } : bucket;
      }),
    };
  };
  return { ...workload, people: workload.people.map(shown), unassigned: shown(workload.unassigned) };
}
