/** What a peer page gets: the benchmark's tasks (read from our API once), served beside the page as JSON. */
export interface BenchTask {
  id: string;
  name: string;
  start: string;
  end: string;
  progress: number;
  dependencies: string[];
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
