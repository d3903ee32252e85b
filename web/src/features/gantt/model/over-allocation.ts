import { overloadLabel } from '@planline/domain';

/**
 * [workload-overload] Issue 36 in the chart: a bar whose assignee is over-allocated on any of its days carries a
 * marker, its tooltip the overloads in words ("Ana is at 150% on 3-5 Mar"). The team's workload (GET
 * /api/teams/{teamId}/workload) names, per person, the spans over 100 % (found day by day at any scale) and the
 * tasks behind each; only the parts the chart reads are kept.
 */
export interface ChartWorkload {
  people: { name: string; overloads: { from: string; to: string; peakPercent: number; taskIds: (string | null)[] }[] }[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isSpan = (v: unknown): v is ChartWorkload['people'][number]['overloads'][number] =>
  isObject(v) &&
  typeof v.from === 'string' &&
  typeof v.to === 'string' &&
  typeof v.peakPercent === 'number' &&
  Array.isArray(v.taskIds) &&
  v.taskIds.every((id) => id === null || typeof id === 'string');

/** The answer's people and their overloads, or an error naming what is not as expected. */
export const chartWorkloadParser = {
  parse(data: unknown): ChartWorkload {
    if (!isObject(data) || !Array.isArray(data.people)) throw new Error('The workload answer has no people');
    const people = data.people.map((p: unknown) => {
      if (!isObject(p) || typeof p.name !== 'string' || !Array.isArray(p.overloads) || !p.overloads.every(isSpan)) {
        throw new Error('A person of the workload answer is not as expected');
      }
      return { name: p.name, overloads: p.overloads as ChartWorkload['people'][number]['overloads'] };
    });
    return { people };
  },
};

/** Task id → what its marker says, one overload per line, in the order the people and their spans came. */
export type OverAllocation = ReadonlyMap<string, string>;
export const NO_OVER_ALLOCATION: OverAllocation = new Map();

export function overAllocatedTasks(workload: ChartWorkload | null | undefined): OverAllocation {
  if (!workload) return NO_OVER_ALLOCATION;
  const labels = new Map<string, string[]>();
  for (const person of workload.people) {
    for (const span of person.overloads) {
      const label = overloadLabel(person.name, span);
      for (const taskId of new Set(span.taskIds)) {
        // A task of a project the viewer cannot open has no id: it counts in the load, but has no bar here.
        if (taskId === null) continue;
        const list = labels.get(taskId);
        if (!list) labels.set(taskId, [label]);
        else if (!list.includes(label)) list.push(label);
      }
    }
  }
  return labels.size ? new Map([...labels].map(([id, list]) => [id, list.join('\n')])) : NO_OVER_ALLOCATION;
}

/** [workload-overload] The Over-allocated only filter: the rows whose task carries a marker, in row order. */
export function overAllocatedRows(rows: readonly string[], marked: OverAllocation): readonly string[] {
  return rows.filter((id) => marked.has(id));
}

/**
 * The days the chart asks the workload for: the project's tasks' span, at most the API's two years from its
 * start (a longer plan is marked over its first two years). Null without a task.
 */
export function workloadRange(tasks: Iterable<{ startDate: string; endDate: string }>): { from: string; to: string } | null {
  let from: string | null = null;
  let to: string | null = null;
  for (const t of tasks) {
    if (from === null || t.startDate < from) from = t.startDate;
    if (to === null || t.endDate > to) to = t.endDate;
  }
  if (from === null || to === null) return null;
  const last = lastDayWithin2Years(from);
  return { from, to: to > last ? last : to };
}

/** The day before the same date two years on ('2026-03-01' → '2028-02-29'); 29 Feb goes to 28 Feb two years on. */
function lastDayWithin2Years(from: string): string {
  const y = Number(from.slice(0, 4)) + 2;
  const m = Number(from.slice(5, 7));
  const d = Math.min(Number(from.slice(8, 10)), new Date(Date.UTC(y, m, 0)).getUTCDate());
  const day = new Date(Date.UTC(y, m - 1, d - 1));
  return day.toISOString().slice(0, 10);
}
