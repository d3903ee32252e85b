import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { useConnectionState, useProjectConnection } from '../connection/use-project-connection';
import { followingTasks } from './task-changes';
import { emptyTasksState, type TasksState } from './tasks-store';

const noTasks = createStore<TasksState>(emptyTasksState);

const isDone = (task: { status: string } | undefined) => (task?.status === 'completed' ? 1 : 0);

/** Counted once, then by the tasks each change touched (a teammate's drop does not count 100,000 tasks again). */
const completedOf = followingTasks(
  (tasks) => {
    let completed = 0;
    for (const task of tasks.values()) completed += isDone(task);
    return completed;
  },
  (completed, changes) => changes.reduce((n, [before, after]) => n - isDone(before) + isDone(after), completed),
);
const completedIn = (state: TasksState) => completedOf(state.tasks);

/**
 * How many of the project's tasks there are and how many are completed, from its live document (the header
 * holds the same connection as the timeline): counting needs no read of every task through the API, which on a
 * 10,000-task project is a 6 MB answer fetched and parsed beside the document the page is loading anyway.
 * Null until the document has synced, or shows from this device's copy.
 */
export function useTaskCounts(projectId: string): { total: number; completed: number } | null {
  const connection = useProjectConnection(projectId);
  const synced = useConnectionState(connection, (s) => s.status === 'synced' || s.status === 'local' || s.status === 'preview');
  const tasks = connection?.tasks ?? noTasks;
  // Every task, also those a collapsed summary hides from the rows.
  const total = useStore(tasks, (s) => s.tasks.size);
  const completed = useStore(tasks, completedIn);
  return synced ? { total, completed } : null;
}
