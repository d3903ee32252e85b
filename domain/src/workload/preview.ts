import { dayNumber } from '../timeline/calendar-date.js';
import type { WorkCalendar } from '../scheduling/work-calendar.js';
import type { PersonCapacity } from '../schemas/workload.js';
import { computeWorkload, type LoadTask } from './load.js';

/**
 * [workload-preview] What a bar being dragged or resized would do to people's load (issue 36): the change, day by
 * day, between the task's stored dates and the dates its holder shows, for each person it loads. Hours only, so a
 * viewer who cannot open the project learns nothing else. Computed with the load arithmetic of load.ts, so a
 * preview and the figures read after the drop agree.
 */

/** Consecutive days that each change by `hours` (negative: load taken away). `to` is inclusive. */
export interface LoadRun {
  from: string;
  to: string;
  hours: number;
}

/** One person's load change (userId null: the Unassigned row). */
export interface PersonLoadDelta {
  userId: string | null;
  runs: LoadRun[];
}

/** Longest span (stored and preview dates together) a preview is computed for, as a workload range may be. */
export const MAX_PREVIEW_SPAN_DAYS = 732;

export interface LoadPreviewInput {
  /** The task as stored (its dates, kind and assignments). */
  task: LoadTask;
  /** The dates its holder shows; a missing one is the stored one. */
  preview: { startDate?: string | undefined; endDate?: string | undefined };
  /** The assignees' capacity as the team reads it; an assignee missing here counts with the default. */
  people: readonly PersonCapacity[];
  /** The task's project's working calendar. */
  calendar: WorkCalendar;
}

/**
 * Each loaded person's change of load per day, as runs of equal change (days with none are left out). Empty when
 * nothing changes, the preview's dates are out of order, or the span is longer than MAX_PREVIEW_SPAN_DAYS (the
 * work stays bounded whatever a client sends).
 */
export function taskLoadDelta({ task, preview, people, calendar }: LoadPreviewInput): PersonLoadDelta[] {
  const moved: LoadTask = { ...task, startDate: preview.startDate ?? task.startDate, endDate: preview.endDate ?? task.endDate };
  if (moved.startDate > moved.endDate || task.startDate > task.endDate) return [];
  if (moved.startDate === task.startDate && moved.endDate === task.endDate) return [];
  const from = moved.startDate < task.startDate ? moved.startDate : task.startDate;
  const to = moved.endDate > task.endDate ? moved.endDate : task.endDate;
  const first = dayNumber(from);
  if (dayNumber(to) - first + 1 > MAX_PREVIEW_SPAN_DAYS) return [];
  const calendars = new Map([[task.projectId, calendar]]);
  const query = { from, to, scale: 'day' as const };
  const before = computeWorkload({ people, calendars, tasks: [task] }, query);
  const after = computeWorkload({ people, calendars, tasks: [moved] }, query);
  const rows = [...after.people, after.unassigned];
  const beforeRows = new Map([...before.people, before.unassigned].map((row) => [row.userId, row]));
  const deltas: PersonLoadDelta[] = [];
  for (const row of rows) {
    const old = beforeRows.get(row.userId)!;
    const runs: LoadRun[] = [];
    row.buckets.forEach((bucket, i) => {
      const hours = Math.round((bucket.allocatedHours - old.buckets[i]!.allocatedHours) * 100) / 100;
      if (!hours) return;
      const last = runs[runs.length - 1];
      if (last && last.hours === hours && dayNumber(last.to) === first + i - 1) last.to = bucket.start;
      else runs.push({ from: bucket.start, to: bucket.start, hours });
    });
    if (runs.length) deltas.push({ userId: row.userId, runs });
  }
  return deltas;
}
