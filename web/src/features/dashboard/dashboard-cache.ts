import type { DashboardConfig, Task, Widget } from '@planline/domain';

/*
 * Pure updaters for the caches the dashboard reads, shared by live events. Each returns a new value and never
 * mutates its input.
 */

/** The server's list order: by `order`, then creation, then id (api tasks.read.ts). */
function byListOrder(a: Task, b: Task): number {
  return a.order - b.order || a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);
}

/**
 * Adds a task or replaces the one with its id, keeping the server's order. An event older than the cached copy
 * (a refetch already brought a later state) is ignored.
 */
export function upsertTask(list: readonly Task[], task: Task): Task[] {
  const current = list.find((t) => t.id === task.id);
  if (current && Date.parse(current.updatedAt) > Date.parse(task.updatedAt)) return [...list];
  const others = list.filter((t) => t.id !== task.id);
  return [...others, task].sort(byListOrder);
}

export function removeTask(list: readonly Task[], taskId: string): Task[] {
  return list.filter((t) => t.id !== taskId);
}

/** A layout saved elsewhere (another tab or device) replaces the cached one. */
export function withSavedLayout(config: DashboardConfig, layout: readonly Widget[]): DashboardConfig {
  return { ...config, layout: [...layout], isDefault: false };
}
