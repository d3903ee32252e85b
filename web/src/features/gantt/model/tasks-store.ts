import { parseDependencyKey, readLinkValue } from '@planline/domain';
import { dependenciesMap, dependencyLinks, readTask, tasksMap, type DocTask } from '@planline/document';
import type * as Y from 'yjs';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { affectsOrder, compareTasks, sameTimelineTask, toTimelineTask, type TimelineTask } from './timeline-task';

import type { DependencyEdge } from './links';

export type { DependencyEdge };

/** The document's links that read as links (a bad value the server is about to put back is not drawn). */
function readEdges(doc: Y.Doc): DependencyEdge[] {
  return toEdges(dependencyLinks(doc));
}

function toEdges(links: Iterable<{ taskId: string; dependsOnTaskId: string; value: unknown }>): DependencyEdge[] {
  const edges: DependencyEdge[] = [];
  for (const { taskId, dependsOnTaskId, value } of links) {
    const link = readLinkValue(value);
    if (link) edges.push({ taskId, dependsOnTaskId, type: link.type, lagDays: link.lagDays });
  }
  return edges;
}

/**
 * The document's two maps as plain JSON (Y.Map#toJSON), as this device keeps it beside the document to paint a
 * return visit before the document is merged in (connection/device-copy.ts).
 */
export interface PlainDocument {
  tasks: Record<string, DocTask>;
  dependencies: Record<string, unknown>;
}

export interface TasksState {
  tasks: ReadonlyMap<string, TimelineTask>;
  /** Task ids in row order. */
  rows: readonly string[];
  rowIndex: ReadonlyMap<string, number>;
  edges: readonly DependencyEdge[];
  /** Edges by either end, for drawing only the arrows of rows on screen. */
  edgesByTask: ReadonlyMap<string, readonly DependencyEdge[]>;
}

function ordered(tasks: ReadonlyMap<string, TimelineTask>): Pick<TasksState, 'rows' | 'rowIndex'> {
  const rows = [...tasks.values()].sort(compareTasks).map((t) => t.id);
  return { rows, rowIndex: new Map(rows.map((id, i) => [id, i])) };
}

function indexEdges(edges: readonly DependencyEdge[]): ReadonlyMap<string, readonly DependencyEdge[]> {
  const byTask = new Map<string, DependencyEdge[]>();
  for (const edge of edges) {
    for (const id of [edge.taskId, edge.dependsOnTaskId]) {
      const list = byTask.get(id);
      if (list) list.push(edge);
      else byTask.set(id, [edge]);
    }
  }
  return byTask;
}

/**
 * An immutable snapshot of the project document's tasks that follows the document. A change re-reads only the
 * tasks it touched; unchanged tasks keep their object (rows re-render only when theirs changed), and the rows
 * are re-sorted only when a change can move one.
 */
export function createTasksStore(doc: Y.Doc): {
  store: StoreApi<TasksState>;
  /** Shows a snapshot while the store is empty; read the same way as the document, so the document's rows match. */
  seed: (plain: PlainDocument) => void;
  /**
   * Takes the whole document again after a seed (tasks and links the snapshot had and the document no longer
   * has go; equal tasks keep their object, so their rows do not re-render).
   */
  reconcile: () => void;
  dispose: () => void;
} {
  const readAll = () => {
    const all = new Map<string, TimelineTask>();
    for (const id of tasksMap(doc).keys()) {
      const task = toTimelineTask(id, readTask(doc, id));
      if (task) all.set(id, task);
    }
    return all;
  };
  const initial = readAll();
  const initialEdges = readEdges(doc);
  const store = createStore<TasksState>(() => ({
    tasks: initial,
    ...ordered(initial),
    edges: initialEdges,
    edgesByTask: indexEdges(initialEdges),
  }));

  let seeded = false;
  const seed = (plain: PlainDocument) => {
    if (store.getState().tasks.size > 0) return;
    const all = new Map<string, TimelineTask>();
    for (const [id, fields] of Object.entries(plain.tasks)) {
      const task = fields && typeof fields === 'object' ? toTimelineTask(id, fields) : null;
      if (task) all.set(id, task);
    }
    const links = Object.entries(plain.dependencies).flatMap(([key, value]) => {
      const edge = parseDependencyKey(key);
      return edge ? [{ ...edge, value }] : [];
    });
    const edges = toEdges(links);
    seeded = all.size > 0 || edges.length > 0;
    store.setState({ tasks: all, ...ordered(all), edges, edgesByTask: indexEdges(edges) });
  };
  const reconcile = () => {
    if (!seeded) return;
    seeded = false;
    const before = store.getState().tasks;
    const all = readAll();
    for (const [id, task] of all) {
      const previous = before.get(id);
      if (previous && sameTimelineTask(previous, task)) all.set(id, previous);
    }
    const edges = readEdges(doc);
    store.setState({ tasks: all, ...ordered(all), edges, edgesByTask: indexEdges(edges) });
  };

  const onTasks = (events: Y.YEvent<Y.AbstractType<unknown>>[]) => {
    // The first sync brings every task in one transaction (10,000 events on a big project): reading the
    // document once is cheaper than sorting out which task each event touched.
    if (store.getState().tasks.size === 0) {
      const all = readAll();
      if (all.size > 0) store.setState({ tasks: all, ...ordered(all) });
      return;
    }
    const touched = new Set<string>();
    for (const event of events) {
      if (event.path.length === 0) for (const key of event.changes.keys.keys()) touched.add(key);
      else touched.add(String(event.path[0]));
    }
    const before = store.getState().tasks;
    let next: Map<string, TimelineTask> | null = null;
    let reorder = false;
    for (const id of touched) {
      const previous = before.get(id);
      const task = toTimelineTask(id, readTask(doc, id));
      if (task ? sameTimelineTask(previous, task) : !previous) continue;
      next ??= new Map(before);
      if (task) next.set(id, task);
      else next.delete(id);
      reorder ||= affectsOrder(previous, task ?? undefined);
    }
    if (!next) return;
    store.setState(reorder ? { tasks: next, ...ordered(next) } : { tasks: next });
  };

  const onDependencies = () => {
    const edges = readEdges(doc);
    store.setState({ edges, edgesByTask: indexEdges(edges) });
  };

  tasksMap(doc).observeDeep(onTasks);
  dependenciesMap(doc).observe(onDependencies);
  return {
    store,
    seed,
    reconcile,
    dispose: () => {
      tasksMap(doc).unobserveDeep(onTasks);
      dependenciesMap(doc).unobserve(onDependencies);
    },
  };
}
