/**
 * [dependency-cycle] Adding "task depends on dependsOn" is refused when dependsOn already (transitively)
 * depends on task, or when both are the same task. Returns the cycle as a path of ids when there is one.
 */
export function findDependencyCycle(
  edges: Iterable<{ taskId: string; dependsOnTaskId: string }>,
  candidate: { taskId: string; dependsOnTaskId: string },
): string[] | null {
  if (candidate.taskId === candidate.dependsOnTaskId) return [candidate.taskId, candidate.taskId];
  const next = new Map<string, string[]>();
  for (const e of edges) next.set(e.taskId, [...(next.get(e.taskId) ?? []), e.dependsOnTaskId]);
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
