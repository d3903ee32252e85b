import {
  dependencyGraph,
  findCycleInGraph,
  normaliseTaskStatus,
  TASK_DEFAULTS,
  TASK_FIELDS,
  taskFieldSchemas,
  type TaskFieldName,
  type TaskFields,
} from '@planline/domain';
import { sameValue, type DocTask } from './task-document.js';

/** A task as the database has it (the last valid state). */
export type PersistedTask = TaskFields;

export type TaskVerdict =
  /** Persist `task`; `changed` lists the fields that differ from before (all of them for a new task). */
  | { kind: 'valid'; task: PersistedTask; changed: TaskFieldName[]; fix: DocTask | null }
  /** A new task that cannot stand: take it out of the document. */
  | { kind: 'reject-new' };

const REQUIRED_FOR_NEW: TaskFieldName[] = ['name', 'startDate', 'endDate'];

function parseField(field: TaskFieldName, value: unknown): { ok: true; value: unknown } | { ok: false } {
  const input = field === 'status' && typeof value === 'string' ? normaliseTaskStatus(value) : value;
  const result = taskFieldSchemas[field].safeParse(input);
  return result.success ? { ok: true, value: result.data } : { ok: false };
}

/**
 * Judges one task of the document after a transaction against its last valid state (ARCHITECTURE §3: an
 * invalid value is put back to its last valid value and never persisted). Field by field: a valid change is
 * kept even when another field of the same transaction is refused. `members` are the people who may be
 * assigned. `fix` is what the document must be set to afterwards (refused values back, defaults filled in,
 * values normalised such as 'in-progress' → 'in_progress'), or null when it already is right.
 */
export function judgeTask(snapshot: DocTask, previous: PersistedTask | undefined, members: ReadonlySet<string>): TaskVerdict {
  const isNew = !previous;
  const base: Record<string, unknown> = previous ? { ...previous } : { ...TASK_DEFAULTS, order: 0 };
  const next: Record<string, unknown> = { ...base };
  const fix: DocTask = {};

  for (const field of TASK_FIELDS) {
    const raw = snapshot[field];
    if (raw === undefined) {
      if (isNew && REQUIRED_FOR_NEW.includes(field)) return { kind: 'reject-new' };
      if (isNew) fix[field] = base[field];
      else if (previous) fix[field] = previous[field];
      continue;
    }
    if (!isNew && sameValue(raw, base[field])) continue;
    const parsed = parseField(field, raw);
    const allowed =
      parsed.ok &&
      (field !== 'assigneeId' || parsed.value === null || members.has(parsed.value as string)) &&
      (field !== 'assigneeIds' || (parsed.value as string[]).every((id) => members.has(id)));
    if (!allowed) {
      if (isNew && REQUIRED_FOR_NEW.includes(field)) return { kind: 'reject-new' };
      fix[field] = base[field];
      continue;
    }
    next[field] = parsed.value;
    if (!sameValue(parsed.value, raw)) fix[field] = parsed.value; // normalised or trimmed
  }

  if ((next.endDate as string) < (next.startDate as string)) {
    if (isNew) return { kind: 'reject-new' };
    // Put back whichever of the two dates this change moved.
    for (const field of ['startDate', 'endDate'] as const) {
      if (next[field] !== base[field]) {
        next[field] = base[field];
        fix[field] = base[field];
      }
    }
  }

  const changed = TASK_FIELDS.filter((f) => isNew || !sameValue(next[f], base[f]));
  return {
    kind: 'valid',
    task: next as PersistedTask,
    changed,
    fix: Object.keys(fix).length ? fix : null,
  };
}

/**
 * The dependency edges that may stand: both tasks exist, and no edge closes a cycle. Edges already persisted
 * are kept first, so a new edge is the one refused when it would close a cycle.
 */
export function judgeDependencies(
  docEdges: { taskId: string; dependsOnTaskId: string }[],
  persisted: ReadonlySet<string>,
  taskExists: (id: string) => boolean,
): { keep: { taskId: string; dependsOnTaskId: string }[]; refuse: { taskId: string; dependsOnTaskId: string }[] } {
  const key = (e: { taskId: string; dependsOnTaskId: string }) => `${e.taskId}->${e.dependsOnTaskId}`;
  const keep: { taskId: string; dependsOnTaskId: string }[] = [];
  const refuse: { taskId: string; dependsOnTaskId: string }[] = [];
  const fresh: { taskId: string; dependsOnTaskId: string }[] = [];
  // Stored edges were acyclic when stored, and any subset of them still is: only their tasks are checked. New
  // edges are then checked one by one against one graph that grows as they are accepted — O(edges) per change,
  // not a graph rebuilt for every edge.
  for (const edge of docEdges) {
    if (!taskExists(edge.taskId) || !taskExists(edge.dependsOnTaskId)) refuse.push(edge);
    else if (persisted.has(key(edge))) keep.push(edge);
    else fresh.push(edge);
  }
  const graph = dependencyGraph(keep);
  for (const edge of fresh) {
    if (findCycleInGraph(graph, edge)) {
      refuse.push(edge);
      continue;
    }
    keep.push(edge);
    const list = graph.get(edge.taskId);
    if (list) list.push(edge.dependsOnTaskId);
    else graph.set(edge.taskId, [edge.dependsOnTaskId]);
  }
  return { keep, refuse };
}
