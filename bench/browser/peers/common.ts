/** What a peer page gets: the benchmark's tasks (read from our API once), served beside the page as JSON. */
export interface BenchTask {
  id: string;
  name: string;
  start: string;
  end: string;
  progress: number;
  dependencies: string[];
  status: string;
}

/**
 * Issue 39's grid benchmark opens the peer pages with `?grid=8`: each library's task grid then shows eight columns
 * beside its bars, as ours does (WBS, name, start, finish, duration, predecessors, progress, status), from the
 * same tasks. Without it a page shows the library's default grid.
 */
export const wantsGrid = () => new URLSearchParams(location.search).get('grid') === '8';

/** Row numbers (1-based, in list order) of each task's predecessors, as a grid's predecessors column reads. */
export function predecessorRows(tasks: readonly BenchTask[]): Map<string, string> {
  const row = new Map(tasks.map((t, i) => [t.id, i + 1]));
  return new Map(tasks.map((t) => [t.id, t.dependencies.map((d) => `${row.get(d)}FS`).join(', ')]));
}

/** Working days (Monday to Friday) from start to end, both included: the duration column's figure. */
export function workingDays(start: string, end: string): number {
  const day = localDate(start);
  const last = localDate(end);
  let count = 0;
  while (day <= last) {
    const weekday = day.getDay();
    if (weekday !== 0 && weekday !== 6) count++;
    day.setDate(day.getDate() + 1);
  }
  return count;
}

/** The tasks of `?n=<count>`, fetched like an app would fetch them. */
export async function loadTasks(): Promise<BenchTask[]> {
  const count = new URLSearchParams(location.search).get('n');
  const res = await fetch(`/data/tasks-${count}.json`);
  if (!res.ok) throw new Error(`tasks-${count}.json: ${res.status}`);
  return (await res.json()) as BenchTask[];
}

export function chart(): HTMLElement {
  const el = document.getElementById('chart');
  if (!el) throw new Error('#chart missing');
  return el;
}

/** A calendar date (yyyy-MM-dd) as a local Date at midnight, as the libraries take dates. */
export function localDate(date: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(y!, m! - 1, d!);
}
