import { parseDependencyKey, readLinkValue, treeOrder, withRolledUpSummaries, type WorkCalendar } from '@planline/domain';
import { dependenciesMap, dependencyLinks, readScheduleSettings, readTask, sameValue, tasksMap, workCalendarOf, type DocTask } from '@planline/document';
import type * as Y from 'yjs';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { nextSlot } from '../../../lib/next-slot';
import { LayeredMap } from './layered-map';
import { noteTaskChanges } from './task-changes';
import { affectsOrder, compareTasks, sameTimelineTask, toTimelineTask, type TimelineTask } from './timeline-task';

import type { DependencyEdge } from './links';

export type { DependencyEdge };

/** The document's links that read as links (a bad value the server is about to put back is not drawn). */
function readEdges(doc: Y.Doc): DependencyEdge[] {
  return toEdges(dependencyLinks(doc));
}

/** Whether two lists hold the same links (in any order). */
function sameEdges(a: readonly DependencyEdge[], b: readonly DependencyEdge[]): boolean {
  if (a.length !== b.length) return false;
  const key = (e: DependencyEdge) => `${e.taskId} ${e.dependsOnTaskId} ${e.type} ${e.lagDays}`;
  const inA = new Set(a.map(key));
  return b.every((e) => inA.has(key(e)));
}

const sameCalendar = (a: WorkCalendar, b: WorkCalendar) => a === b || (sameValue(a.workingWeekdays, b.workingWeekdays) && sameValue(a.holidays, b.holidays));

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
/** Adds to `into` the ids of the tasks that `events` (of an observeDeep on the document's tasks map) added, changed or deleted. */
export function tasksTouchedBy(events: readonly Y.YEvent<Y.AbstractType<unknown>>[], into: Set<string>): Set<string> {
  for (const event of events) {
    if (event.path.length === 0) for (const key of event.changes.keys.keys()) into.add(key);
    else into.add(String(event.path[0]));
  }
  return into;
}

export interface PlainDocument {
  tasks: Record<string, DocTask>;
  dependencies: Record<string, unknown>;
}

export interface TasksState {
  /** The tasks as the chart shows them: a summary with its subtasks' dates and progress (rolledUp). */
  tasks: ReadonlyMap<string, TimelineTask>;
  /** Task ids in row order: each summary followed by its subtasks, unless it is collapsed. */
  rows: readonly string[];
  rowIndex: ReadonlyMap<string, number>;
  /** Outline level of each row, 0 at the top; empty while the plan has no subtasks. */
  depth: ReadonlyMap<string, number>;
  /** Summaries whose subtasks this browser hides (a view setting, not in the document). */
  collapsed: ReadonlySet<string>;
  edges: readonly DependencyEdge[];
  /** Edges by either end, for drawing only the arrows of rows on screen. */
  edgesByTask: ReadonlyMap<string, readonly DependencyEdge[]>;
}

/** A store's state with no tasks and no links (before anything is read). */
export function emptyTasksState(): TasksState {
  return { tasks: new Map(), rows: [], rowIndex: new Map(), depth: new Map(), collapsed: new Set(), edges: [], edgesByTask: new Map() };
}

type Rows = Pick<TasksState, 'rows' | 'rowIndex' | 'depth'>;
const NO_DEPTH: ReadonlyMap<string, number> = new Map();

function ordered(tasks: ReadonlyMap<string, TimelineTask>): Rows {
  const rows = [...tasks.values()].sort(compareTasks).map((t) => t.id);
  return { rows, rowIndex: new Map(rows.map((id, i) => [id, i])), depth: NO_DEPTH };
}

/**
 * Whether `state`'s rows are still in order with `tasks`, the state's tasks after a change to `touched` (no
 * outline: rows sorted by compareTasks). A dragged bar's new start usually leaves it where it was (the order field
 * decides first): its row is compared with its two neighbours, not the plan sorted again (100,000 tasks sorted,
 * their ids indexed and sent to the page on every drop). Rows are in order when each adjacent pair is, and only
 * the pairs around a touched row can have changed. A task added or deleted changes the rows: not in place.
 */
export function inPlace(state: Pick<TasksState, 'rows' | 'rowIndex'>, tasks: ReadonlyMap<string, TimelineTask>, touched: Iterable<string>): boolean {
  const { rows, rowIndex } = state;
  if (rows.length !== tasks.size) return false;
  for (const id of touched) {
    const at = rowIndex.get(id);
    const task = tasks.get(id);
    if (at === undefined || !task) return false;
    const before = at > 0 ? tasks.get(rows[at - 1]!) : undefined;
    const after = at + 1 < rows.length ? tasks.get(rows[at + 1]!) : undefined;
    if ((before && compareTasks(before, task) > 0) || (after && compareTasks(task, after) > 0)) return false;
  }
  return true;
}

const hasSubtasks = (tasks: ReadonlyMap<string, TimelineTask>) => [...tasks.values()].some((t) => t.subtasks > 0);

/**
 * [summary-tasks] Rows in outline order (siblings as `compareTasks` orders them), without the subtasks of
 * collapsed summaries. A plan without subtasks is sorted as a list.
 */
export function outlineRows(tasks: ReadonlyMap<string, TimelineTask>, collapsed: ReadonlySet<string>): Rows {
  if (!hasSubtasks(tasks)) return ordered(tasks);
  const rows: string[] = [];
  const depth = new Map<string, number>();
  let hiddenBelow: number | null = null;
  for (const row of treeOrder([...tasks.values()].sort(compareTasks))) {
    if (hiddenBelow !== null && row.depth > hiddenBelow) continue;
    hiddenBelow = row.subtasks > 0 && collapsed.has(row.task.id) ? row.depth : null;
    depth.set(row.task.id, row.depth);
    rows.push(row.task.id);
  }
  return { rows, rowIndex: new Map(rows.map((id, i) => [id, i])), depth };
}

/**
 * [summary-rollup] The tasks as shown: each summary with its subtasks' span and weighted progress and their count,
 * computed from the document's values (`raw`, where a summary keeps its own). An unchanged task keeps the object
 * it had in `shown`, so its row does not render again.
 */
export function rolledUp(raw: ReadonlyMap<string, TimelineTask>, shown: ReadonlyMap<string, TimelineTask>, calendar: WorkCalendar): Map<string, TimelineTask> {
  const counts = new Map<string, number>();
  for (const t of raw.values()) if (t.parentId && t.parentId !== t.id && raw.has(t.parentId)) counts.set(t.parentId, (counts.get(t.parentId) ?? 0) + 1);
  const rolled = counts.size ? withRolledUpSummaries([...raw.values()], calendar) : [...raw.values()];
  const next = new Map<string, TimelineTask>();
  for (const t of rolled) {
    const subtasks = counts.get(t.id) ?? 0;
    const task = subtasks === t.subtasks ? t : { ...t, subtasks };
    const before = shown.get(t.id);
    next.set(t.id, before && sameTimelineTask(before, task) ? before : task);
  }
  return next;
}

/** Hides or shows a summary's subtasks in this browser's chart. */
export function setCollapsed(store: StoreApi<TasksState>, taskId: string, collapsed: boolean): void {
  const state = store.getState();
  if (state.collapsed.has(taskId) === collapsed) return;
  const next = new Set(state.collapsed);
  if (collapsed) next.add(taskId);
  else next.delete(taskId);
  store.setState({ collapsed: next, ...outlineRows(state.tasks, next) });
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

/** Tasks a reconcile reads per slot of the main thread (~5 ms on a slow machine): 100,000 in 50 slots. */
export const RECONCILE_TASKS_PER_SLOT = 2000;

/**
 * An immutable snapshot of the project document's tasks that follows the document. A change re-reads only the
 * tasks it touched; unchanged tasks keep their object (rows re-render only when theirs changed), and the rows
 * are re-sorted only when a change can move one. Once the plan has subtasks, summaries are rolled up and the
 * rows put in outline order on every change (a pass over the plan: a child's move changes its summaries).
 * The project's calendar (or `fixedCalendar`) weighs subtasks' progress in their summaries (working days).
 */
export function createTasksStore(
  doc: Y.Doc,
  fixedCalendar?: WorkCalendar,
): {
  store: StoreApi<TasksState>;
  /** Shows a snapshot while the store is empty; read the same way as the document, so the document's rows match. */
  seed: (plain: PlainDocument) => void;
  /**
   * Takes the whole document again after a seed (tasks and links the snapshot had and the document no longer
   * has go; equal tasks keep their object, so their rows do not re-render). Resolves once the store shows the
   * document: at once for a document of up to RECONCILE_TASKS_PER_SLOT tasks, else after reading it a slot
   * at a time (changes that arrive meanwhile are read again at the end).
   */
  reconcile: () => Promise<void>;
  /**
   * The document is about to take a big update in many transactions (a sliced first sync): changes wait, and
   * reconcile reads it whole once, instead of re-reading the plan after every slice.
   */
  hold: () => void;
  dispose: () => void;
} {
  // The project's own calendar, as the document carries it (Monday–Friday until the server has written it).
  const calendarNow = () => fixedCalendar ?? workCalendarOf(readScheduleSettings(doc));
  // The document's values: a summary's own dates and progress, which `tasks` shows rolled up instead.
  const raw = new Map<string, TimelineTask>();
  let parented = 0;
  const keep = (id: string, task: TimelineTask | null) => {
    const previous = raw.get(id);
    if (previous?.parentId) parented -= 1;
    if (task) raw.set(id, task);
    else raw.delete(id);
    if (task?.parentId) parented += 1;
  };
  const readAll = () => {
    for (const id of tasksMap(doc).keys()) keep(id, toTimelineTask(id, readTask(doc, id)));
  };
  const shownFrom = (shown: ReadonlyMap<string, TimelineTask>, collapsed: ReadonlySet<string>) => {
    const tasks = rolledUp(raw, shown, calendarNow());
    return { tasks, ...outlineRows(tasks, collapsed) };
  };
  readAll();
  const initialEdges = readEdges(doc);
  const noneCollapsed: ReadonlySet<string> = new Set();
  const store = createStore<TasksState>(() => ({
    ...shownFrom(new Map(), noneCollapsed),
    collapsed: noneCollapsed,
    edges: initialEdges,
    edgesByTask: indexEdges(initialEdges),
  }));

  // Showing a snapshot: the document's own changes wait for reconcile, which reads it whole.
  let seeded = false;
  // The calendar the snapshot's summaries were rolled up with: the document may bring the project's own.
  let seededCalendar: WorkCalendar | null = null;
  const seed = (plain: PlainDocument) => {
    const state = store.getState();
    if (state.tasks.size > 0) return;
    raw.clear();
    parented = 0;
    // for…in, not Object.entries: no [id, fields] pair made per task (100,000 of them before the first bar).
    for (const id in plain.tasks) {
      const fields = plain.tasks[id];
      keep(id, fields && typeof fields === 'object' ? toTimelineTask(id, fields) : null);
    }
    const links = Object.entries(plain.dependencies).flatMap(([key, value]) => {
      const edge = parseDependencyKey(key);
      return edge ? [{ ...edge, value }] : [];
    });
    const edges = toEdges(links);
    seeded = raw.size > 0 || edges.length > 0;
    seededCalendar = calendarNow();
    store.setState({ ...shownFrom(new Map(), state.collapsed), edges, edgesByTask: indexEdges(edges) });
  };
  // Whether a reconcile found anything the snapshot did not show: a task or link that differs, came or went.
  let differs = false;
  const readTasks = (ids: Iterable<string>) => {
    for (const id of ids) {
      const previous = raw.get(id);
      const task = toTimelineTask(id, readTask(doc, id));
      // An equal task keeps the snapshot's object: rolled up and shown again, its row does not render.
      if (task ? sameTimelineTask(previous, task) : !previous) continue;
      differs = true;
      keep(id, task);
    }
  };
  // Tasks the document changed while a reconcile was reading it in slots: read again before it shows them.
  let changedWhileReading: Set<string> | null = null;
  let reconciling: Promise<void> | null = null;
  let disposed = false;
  const showReconciled = () => {
    seeded = false;
    // Tasks the snapshot had and the document does not.
    const inDoc = tasksMap(doc);
    for (const id of [...raw.keys()]) {
      if (inDoc.has(id)) continue;
      differs = true;
      keep(id, null);
    }
    const state = store.getState();
    const edges = readEdges(doc);
    const calendarKept = parented === 0 || (seededCalendar !== null && sameCalendar(seededCalendar, calendarNow()));
    seededCalendar = null;
    // The usual case: the document says what the snapshot said. The chart already shows it, and working out the
    // plan again (roll-up, rows, links judged: ~1 s at 100,000 tasks) would change nothing but delay editing.
    if (!differs && calendarKept && sameEdges(edges, state.edges)) return;
    store.setState({ ...shownFrom(state.tasks, state.collapsed), edges, edgesByTask: indexEdges(edges) });
  };
  const reconcile = (): Promise<void> => {
    if (reconciling) return reconciling;
    if (!seeded) return Promise.resolve();
    const ids = [...tasksMap(doc).keys()];
    differs = false;
    if (ids.length <= RECONCILE_TASKS_PER_SLOT) {
      readTasks(ids);
      showReconciled();
      return Promise.resolve();
    }
    // Reading a 100,000-task document in one go held the main thread for 1-2 s once it had synced.
    const changed = (changedWhileReading = new Set());
    reconciling = (async () => {
      for (let from = 0; from < ids.length; from += RECONCILE_TASKS_PER_SLOT) {
        if (from > 0) await nextSlot();
        if (disposed) return;
        readTasks(ids.slice(from, from + RECONCILE_TASKS_PER_SLOT));
      }
      changedWhileReading = null;
      readTasks(changed);
      showReconciled();
    })().finally(() => {
      reconciling = null;
      changedWhileReading = null;
    });
    return reconciling;
  };

  const onTasks = (events: Y.YEvent<Y.AbstractType<unknown>>[]) => {
    if (seeded) {
      if (changedWhileReading) tasksTouchedBy(events, changedWhileReading);
      return;
    }
    const state = store.getState();
    // The first sync brings every task in one transaction (10,000 events on a big project): reading the
    // document once is cheaper than sorting out which task each event touched.
    if (state.tasks.size === 0) {
      readAll();
      if (raw.size > 0) store.setState(shownFrom(state.tasks, state.collapsed));
      return;
    }
    const touched = tasksTouchedBy(events, new Set());
    let changed = false;
    let reorder = false;
    for (const id of touched) {
      const previous = raw.get(id);
      const task = toTimelineTask(id, readTask(doc, id));
      if (task ? sameTimelineTask(previous, task) : !previous) continue;
      keep(id, task);
      changed = true;
      reorder ||= affectsOrder(previous, task ?? undefined);
    }
    if (!changed) return;
    // Subtasks now or before: roll up and outline again.
    if (parented > 0 || state.depth.size > 0) {
      store.setState(shownFrom(state.tasks, state.collapsed));
      return;
    }
    // The state's tasks with the touched ones set, without copying the others (a drop among 100,000 tasks).
    const next = LayeredMap.changed(state.tasks, [...touched].map((id) => [id, raw.get(id)] as const));
    noteTaskChanges(next, state.tasks, touched);
    store.setState(reorder && !inPlace(state, next, touched) ? { tasks: next, ...ordered(next) } : { tasks: next });
  };

  const onDependencies = () => {
    if (seeded) return;
    const edges = readEdges(doc);
    store.setState({ edges, edgesByTask: indexEdges(edges) });
  };

  tasksMap(doc).observeDeep(onTasks);
  dependenciesMap(doc).observe(onDependencies);
  return {
    store,
    seed,
    reconcile,
    hold: () => {
      seeded = true;
    },
    dispose: () => {
      disposed = true;
      tasksMap(doc).unobserveDeep(onTasks);
      dependenciesMap(doc).unobserve(onDependencies);
    },
  };
}
