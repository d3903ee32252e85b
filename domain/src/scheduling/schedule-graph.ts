import type { ScheduleLink, ScheduleTask } from './scheduling.schema.js';

/**
 * The link graph the engine schedules: leaf tasks only. A summary task's dates come from its children
 * (summary-rollup.ts), so links to or from a summary are not scheduled; they come back as `skippedLinks`, as do
 * links naming a task that is not there. Links are kept in one canonical order so that every result, ties
 * included, is the same whatever order the caller listed tasks and links in.
 */
export interface ScheduleGraph<T extends ScheduleTask = ScheduleTask> {
  tasks: ReadonlyMap<string, T>;
  /** Links into each task, by predecessor id then type. */
  incoming: ReadonlyMap<string, readonly ScheduleLink[]>;
  outgoing: ReadonlyMap<string, readonly ScheduleLink[]>;
  links: readonly ScheduleLink[];
  skippedLinks: readonly ScheduleLink[];
}

export const compareIds = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function compareLinks(a: ScheduleLink, b: ScheduleLink): number {
  return compareIds(a.taskId, b.taskId) || compareIds(a.dependsOnTaskId, b.dependsOnTaskId) || compareIds(a.type, b.type) || a.lagDays - b.lagDays;
}

/** Ids of tasks that some task names as its parent. */
export function summaryIds(tasks: readonly Pick<ScheduleTask, 'id' | 'parentId'>[]): Set<string> {
  const ids = new Set(tasks.map((t) => t.id));
  const parents = new Set<string>();
  for (const t of tasks) if (t.parentId != null && t.parentId !== t.id && ids.has(t.parentId)) parents.add(t.parentId);
  return parents;
}

export function buildScheduleGraph<T extends ScheduleTask>(tasks: readonly T[], links: readonly ScheduleLink[]): ScheduleGraph<T> {
  const summaries = summaryIds(tasks);
  const leaves = new Map<string, T>();
  for (const t of tasks) if (!summaries.has(t.id)) leaves.set(t.id, t);
  const kept: ScheduleLink[] = [];
  const skipped: ScheduleLink[] = [];
  for (const link of links) (leaves.has(link.taskId) && leaves.has(link.dependsOnTaskId) ? kept : skipped).push(link);
  kept.sort(compareLinks);
  skipped.sort(compareLinks);
  const incoming = new Map<string, ScheduleLink[]>();
  const outgoing = new Map<string, ScheduleLink[]>();
  for (const link of kept) {
    push(incoming, link.taskId, link);
    push(outgoing, link.dependsOnTaskId, link);
  }
  return { tasks: leaves, incoming, outgoing, links: kept, skippedLinks: skipped };
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export type OrderResult = { ok: true; order: string[] } | { ok: false; cycle: string[] };

/**
 * Kahn's algorithm over `nodes`, counting only links between them. When some nodes never become free they lie
 * on or behind a cycle; one cycle is returned as a path of ids from predecessor to successor, first id repeated
 * at the end. Never loops: each node is taken once.
 */
export function topologicalOrder(nodes: ReadonlySet<string>, graph: Pick<ScheduleGraph, 'incoming' | 'outgoing'>): OrderResult {
  const waiting = new Map<string, number>();
  for (const id of nodes) {
    let n = 0;
    for (const link of graph.incoming.get(id) ?? []) if (nodes.has(link.dependsOnTaskId)) n++;
    waiting.set(id, n);
  }
  const ready = [...nodes].filter((id) => waiting.get(id) === 0);
  const order: string[] = [];
  while (ready.length) {
    const id = ready.pop()!;
    order.push(id);
    for (const link of graph.outgoing.get(id) ?? []) {
      const left = waiting.get(link.taskId);
      if (left === undefined) continue;
      waiting.set(link.taskId, left - 1);
      if (left === 1) ready.push(link.taskId);
    }
  }
  if (order.length === nodes.size) return { ok: true, order };
  const stuck = new Set([...waiting].filter(([, n]) => n > 0).map(([id]) => id));
  return { ok: false, cycle: findCycle(stuck, graph) };
}

/** Every stuck node has a stuck predecessor: walking back through the smallest ids must revisit one. */
function findCycle(stuck: ReadonlySet<string>, graph: Pick<ScheduleGraph, 'incoming'>): string[] {
  const start = [...stuck].sort(compareIds)[0]!;
  const path: string[] = [];
  const seenAt = new Map<string, number>();
  let at = start;
  while (!seenAt.has(at)) {
    seenAt.set(at, path.length);
    path.push(at);
    const back = (graph.incoming.get(at) ?? []).map((l) => l.dependsOnTaskId).filter((id) => stuck.has(id)).sort(compareIds);
    at = back[0]!;
  }
  const loop = path.slice(seenAt.get(at)!).reverse();
  const first = loop.indexOf([...loop].sort(compareIds)[0]!);
  const rotated = [...loop.slice(first), ...loop.slice(0, first)];
  return [...rotated, rotated[0]!];
}
