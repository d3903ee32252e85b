/**
 * [dependency-cycle] Adding "task depends on dependsOn" is refused when dependsOn already (transitively)
 * depends on task, or when both are the same task. Returns the cycle as a path of ids when there is one.
 */
export function findDependencyCycle(
  edges: Iterable<{ taskId: string; dependsOnTaskId: string }>,
  candidate: { taskId: string; dependsOnTaskId: string },
): string[] | null {
  return findCycleInGraph(dependencyGraph(edges), candidate);
}

/** Task id → the ids it depends on: built once when many candidates are checked against one graph. */
export function dependencyGraph(edges: Iterable<{ taskId: string; dependsOnTaskId: string }>): Map<string, string[]> {
  const next = new Map<string, string[]>();
  for (const e of edges) {
    const list = next.get(e.taskId);
    if (list) list.push(e.dependsOnTaskId);
    else next.set(e.taskId, [e.dependsOnTaskId]);
  }
  return next;
}

/** As findDependencyCycle, on a graph from dependencyGraph (which the caller may extend as it accepts edges). */
export function findCycleInGraph(
  next: ReadonlyMap<string, readonly string[]>,
  candidate: { taskId: string; dependsOnTaskId: string },
): string[] | null {
  if (candidate.taskId === candidate.dependsOnTaskId) return [candidate.taskId, candidate.taskId];
  // Walk from dependsOn along "depends on" edges; reaching taskId closes a cycle.
  const previous = new Map<string, string>();
  const queue = [candidate.dependsOnTaskId];
  const seen = new Set(queue);
  while (queue.length) {
    const current = queue.shift()!;
    if (current === candidate.taskId) {
      const path = [current];
      let at = current;
      while (previous.has(at)) {
        at = previous.get(at)!;
        path.unshift(at);
      }
      return [candidate.taskId, ...path];
    }
    for (const to of next.get(current) ?? []) {
      if (seen.has(to)) continue;
      seen.add(to);
      previous.set(to, current);
      queue.push(to);
    }
  }
  return null;
}
