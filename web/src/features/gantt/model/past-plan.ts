import { dependencyKey, TASK_FIELDS, type Task } from '@planline/domain';
import { useEffect, useMemo, useState } from 'react';
import * as Y from 'yjs';
import type { StoreApi } from 'zustand/vanilla';
import { usePlanAt } from '../tasks.queries';
import type { ShownBaseline } from './baseline';
import { createTasksStore, type PlainDocument, type TasksState } from './tasks-store';
import { useWorkCalendar } from './work-calendar';

/** The tasks of an answer of GET /tasks as the project document would hold them (fields and links). */
export function plainDocumentOf(tasks: readonly Task[]): PlainDocument {
  const plain: PlainDocument = { tasks: {}, dependencies: {} };
  for (const task of tasks) {
    plain.tasks[task.id] = Object.fromEntries(TASK_FIELDS.map((f) => [f, task[f]]));
    for (const link of task.links) plain.dependencies[dependencyKey(task.id, link.dependsOnTaskId)] = { type: link.type, lagDays: link.lagDays };
  }
  return plain;
}

/** A past plan as a baseline to draw under today's bars ("Compare with now" reuses the baseline bar). */
export function pastAsBaseline(tasks: readonly Task[], name: string): ShownBaseline {
  return {
    id: `past:${name}`,
    name,
    tasks: new Map(tasks.map((t) => [t.id, { taskId: t.id, name: t.name, startDate: t.startDate, endDate: t.endDate, progress: t.progress }])),
  };
}

export interface PastPlan {
  /** The past plan as the chart's tasks store (read-only: nothing writes to it); null until read. */
  store: StoreApi<TasksState> | null;
  tasks: readonly Task[] | null;
  error: unknown;
}

/**
 * [time-travel] The plan at `at` (null: none), read once from the server and shown through a tasks store of its
 * own, over a document no one edits: the live document and its edits never reach it, so the view does not move.
 */
export function usePastPlan(projectId: string, at: string | null): PastPlan {
  const query = usePlanAt(projectId, at);
  const calendar = useWorkCalendar();
  const data = at !== null ? query.data : undefined;
  const made = useMemo(() => {
    if (!data) return null;
    const tasks = createTasksStore(new Y.Doc(), calendar);
    tasks.seed(plainDocumentOf(data));
    return tasks;
  }, [data, calendar]);
  useEffect(() => () => made?.dispose(), [made]);
  return { store: made?.store ?? null, tasks: data ?? null, error: at !== null ? query.error : null };
}

/** When the plan's history begins, as far as the tasks standing now tell (their earliest creation). */
export function useHistorySince(projectId: string): number | null {
  const [asked] = useState(() => new Date().toISOString());
  const now = usePlanAt(projectId, asked);
  return useMemo(() => (now.data?.length ? Math.min(...now.data.map((t) => Date.parse(t.createdAt))) : null), [now.data]);
}
