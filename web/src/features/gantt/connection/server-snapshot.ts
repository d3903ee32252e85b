import { dependencyKey, type Link } from '@planline/domain';
import type { DocTask } from '@planline/document';
import { takeEarlyTaskList } from '../../../lib/early-task-list';
import type { PlainDocument } from '../model/tasks-store';

/** What the snapshot reads of one task of GET /api/projects/{id}/tasks. */
type ListedTask = Record<string, unknown> & { id: string; links?: ({ dependsOnTaskId: string } & Link)[] };

/**
 * [server-snapshot] The project's task list as the document's two maps: the same fields under the same names (each
 * task is the list's own object, with the list's other fields beside them), links under their document keys. The chart reads it exactly as it reads the document, so the rows it paints are the
 * rows the document gives once synced.
 */
export function plainFromTaskList(list: unknown): PlainDocument | null {
  if (!Array.isArray(list)) return null;
  const tasks: Record<string, DocTask> = {};
  const dependencies: Record<string, unknown> = {};
  for (const item of list as ListedTask[]) {
    if (!item || typeof item !== 'object' || typeof item.id !== 'string') continue;
    // Read as it is, not copied: the chart reads a task's document fields by name and nothing else of it, and
    // copying 100,000 of them cost ~0.2 s (and as much again in garbage) before the first bar.
    tasks[item.id] = item as DocTask;
    for (const link of item.links ?? []) dependencies[dependencyKey(item.id, link.dependsOnTaskId)] = { type: link.type, lagDays: link.lagDays };
  }
  return { tasks, dependencies };
}

/**
 * A first visit on this device has no kept snapshot: the server's task list (JSON the server keeps per version of
 * the list, ~30 ms to parse at 10,000 tasks) paints the chart, read-only, while the document arrives and is applied
 * (~0.5 s at 10,000 tasks). Null when it cannot be had; the chart then waits for the document, as before.
 */
export async function fetchServerSnapshot(projectId: string, signal: AbortSignal): Promise<PlainDocument | null> {
  try {
    // The first-screen script may have asked already, before this code arrived (lib/early-task-list.ts).
    const res = await (takeEarlyTaskList(projectId) ?? fetch(`/api/projects/${projectId}/tasks`, { credentials: 'include', signal }));
    return res.ok ? plainFromTaskList(await res.json()) : null;
  } catch {
    return null;
  }
}
