import {
  baselineDriftDays,
  driftLabel,
  formatCalendarDate,
  type Baseline,
  type BaselineTask,
  type WorkCalendar,
} from '@planline/domain';
import { createContext, useContext } from 'react';

/** The baseline the chart shows under its bars (issue 19), with its tasks by id. */
export interface ShownBaseline {
  id: string;
  name: string;
  tasks: ReadonlyMap<string, BaselineTask>;
}

export function shownBaseline(baseline: Baseline): ShownBaseline {
  return { id: baseline.id, name: baseline.name, tasks: new Map(baseline.tasks.map((t) => [t.taskId, t])) };
}

/** How a task's dates now compare with its dates in a baseline. */
export interface BaselineComparison {
  /** Working days its end moved, in the project's calendar: positive is later. */
  driftDays: number;
  /** Its end is later than in the baseline (by date; the Late only filter). */
  late: boolean;
  /** "+4d vs Kick-off plan"; null when it ends on the same day as in the baseline. */
  label: string | null;
  /** The whole comparison in words, for the tooltip and screen readers. */
  description: string;
}

function workingDays(n: number): string {
  return `${n} working ${n === 1 ? 'day' : 'days'}`;
}

/**
 * [baseline-drift] A task against its baseline dates: drift in working days of the chart's calendar
 * (useWorkCalendar), the same count the exports give.
 */
export function compareWithBaseline(
  task: { startDate: string; endDate: string },
  saved: Pick<BaselineTask, 'startDate' | 'endDate'>,
  baselineName: string,
  calendar: WorkCalendar,
): BaselineComparison {
  const driftDays = baselineDriftDays(task.endDate, saved.endDate, calendar);
  const late = task.endDate > saved.endDate;
  const moved = task.endDate !== saved.endDate;
  const dates = `${formatCalendarDate(saved.startDate)} to ${formatCalendarDate(saved.endDate)}`;
  const how = !moved
    ? 'ends as planned'
    : driftDays === 0
      ? `ends ${late ? 'later' : 'earlier'}, with no working day between`
      : `ends ${workingDays(Math.abs(driftDays))} ${driftDays > 0 ? 'later' : 'earlier'}`;
  return { driftDays, late, label: moved ? driftLabel(driftDays, baselineName) : null, description: `${baselineName}: ${dates}; ${how}` };
}

/**
 * [baseline-late-only] The rows of tasks that end later now than in the baseline, in row order; tasks added since
 * the baseline (not in it) are left out, having nothing to be late against.
 */
export function lateRows(
  rows: readonly string[],
  tasks: ReadonlyMap<string, { endDate: string }>,
  baseline: ShownBaseline,
): string[] {
  return rows.filter((id) => {
    const task = tasks.get(id);
    const saved = baseline.tasks.get(id);
    return !!task && !!saved && task.endDate > saved.endDate;
  });
}

const ShownBaselineContext = createContext<ShownBaseline | null>(null);
export const ShownBaselineProvider = ShownBaselineContext.Provider;

/** The baseline the chart shows, or null: read by each row's baseline bar. */
export function useShownBaseline(): ShownBaseline | null {
  return useContext(ShownBaselineContext);
}
