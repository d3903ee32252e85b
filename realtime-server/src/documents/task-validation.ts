import {
  dependencyGraph,
  edgeKey,
  readLinkValue,
  type Link,
  findCycleInGraph,
  isOneDayIfMilestone,
  judgeCustomValues,
  type CustomFieldDefinitions,
  type CustomValues,
  normaliseTaskStatus,
  TASK_DEFAULTS,
  TASK_FIELDS,
  taskFieldSchemas,
  type TaskFieldName,
  type TaskFields,
} from '@planline/domain';
import { DEFAULT_WHEN_MISSING, sameValue, type DocTask } from '@planline/document';

/** A task as the database has it (the last valid state). */
export type PersistedTask = TaskFields;

export type TaskVerdict =
  /** Persist `task`; `changed` lists the fields that differ from before (all of them for a new task). */
  | { kind: 'valid'; task: PersistedTask; changed: TaskFieldName[]; fix: DocTask | null }
  /** A new task that cannot stand: take it out of the document. */
  | { kind: 'reject-new' };

const REQUIRED_FOR_NEW: TaskFieldName[] = ['name', 'startDate', 'endDate'];

/** No custom fields: what a turn that touches no custom value judges with (it reads none). */
export const NO_CUSTOM_FIELDS: CustomFieldDefinitions = new Map();

function parseField(field: TaskFieldName, value: unknown): { ok: true; value: unknown } | { ok: false } {
  const input = field === 'status' && typeof value === 'string' ? normaliseTaskStatus(value) : value;
  const result = taskFieldSchemas[field].safeParse(input);
  return result.success ? { ok: true, value: result.data } : { ok: false };
}

/**
 * Judges one task of the document after a transaction against its last valid state (ARCHITECTURE §3: an
 * invalid value is put back to its last valid value and never persisted). Field by field: a valid change is
 * kept even when another field of the same transaction is refused. `members` are the people who may be
 * assigned; `waiting`, whether the document was waiting for an earlier update (a missing field may be held back);
 * `customFields`, the project's custom fields (read only for a turn that changes a custom value).
 * `fix` is what the document must be set to afterwards (refused values back, defaults filled in,
 * values normalised such as 'in-progress' → 'in_progress'), or null when it already is right.
 */
export function judgeTask(
  snapshot: DocTask,
  previous: PersistedTask | undefined,
  members: ReadonlySet<string>,
  waiting = true,
  customFields: CustomFieldDefinitions = NO_CUSTOM_FIELDS,
): TaskVerdict {
  const isNew = !previous;
  const base: Record<string, unknown> = previous ? { ...previous } : { ...TASK_DEFAULTS, order: 0 };
  const next: Record<string, unknown> = { ...base };
  const fix: DocTask = {};

  for (const field of TASK_FIELDS) {
    let raw = snapshot[field];
    if (raw === undefined) {
      // A field with a default (task-document.ts: a field at its default is not written): missing reads as the
      // default. On a stored task holding something else, missing is the default too (an undo of the field's first
      // write takes the field out; so does the server, of a nested type) unless the document was `waiting` for an
      // earlier update: Yjs may then hold back the value that replaced it, and it is put back like any missing field.
      const fallback = DEFAULT_WHEN_MISSING[field];
      const hasDefault = field in DEFAULT_WHEN_MISSING;
      if (hasDefault && (isNew || sameValue(base[field], fallback))) continue;
      if (hasDefault && !waiting) raw = fallback;
      else {
        if (isNew && REQUIRED_FOR_NEW.includes(field)) return { kind: 'reject-new' };
        if (isNew) fix[field] = base[field];
        else if (previous) fix[field] = previous[field];
        continue;
      }
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
    let value = parsed.value;
    // Issue 39: each custom value changed must fit a field the project defines now; one that does not goes back
    // alone (a teammate's valid value in the same object stays).
    if (field === 'custom') value = judgeCustomValues(value as CustomValues, base.custom as CustomValues, customFields).values;
    next[field] = value;
    if (!sameValue(value, raw)) fix[field] = value; // normalised, trimmed, or a custom value put back
  }

  // An allocation is a share of an assignee's day (issue 36): one for someone not assigned (a hostile client, or a
  // teammate's unassignment merged with another's share) is taken out, as REST refuses it.
  const assignees = next.assigneeIds as string[];
  const allocations = next.allocations as Record<string, number>;
  if (Object.keys(allocations).some((id) => !assignees.includes(id))) {
    next.allocations = Object.fromEntries(Object.entries(allocations).filter(([id]) => assignees.includes(id)));
    fix.allocations = next.allocations;
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

  if (!isOneDayIfMilestone(next as { kind: string; startDate: string; endDate: string })) {
    if (isNew) return { kind: 'reject-new' };
    // [milestone-one-day] A milestone with two dates: whichever of kind and dates this change set goes back.
    for (const field of ['kind', 'startDate', 'endDate'] as const) {
      if (!sameValue(next[field], base[field])) {
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

/** A dependency of the document as a change left it: the edge and its value, not yet judged. */
export interface DocLink {
  taskId: string;
  dependsOnTaskId: string;
  value: unknown;
}

export interface DependencyVerdict {
  /** The links that stand after the change, by key, with their type and lag. */
  keep: Map<string, Link>;
  /** Links to take out of the document: a task missing, a new link whose value is not a link, or a cycle. */
  refuse: DocLink[];
  /** Stored links whose new value is not a link: the stored one goes back. */
  restore: [string, Link][];
}

/**
 * The links that may stand: both tasks exist, the value is a link (readLinkValue), and no link closes a cycle.
 * Links already stored are kept first, so a new link is the one refused when it would close a cycle; a stored
 * link given a value that is not one keeps its stored type and lag.
 */
export function judgeDependencies(docLinks: DocLink[], persisted: ReadonlyMap<string, Link>, taskExists: (id: string) => boolean): DependencyVerdict {
  const keep = new Map<string, Link>();
  const refuse: DocLink[] = [];
  const restore: [string, Link][] = [];
  const fresh: [DocLink, Link][] = [];
  const stands: DocLink[] = [];
  // Stored edges were acyclic when stored, and any subset of them still is: only their tasks are checked. New
  // edges are then checked one by one against one graph that grows as they are accepted — O(edges) per change,
  // not a graph rebuilt for every edge.
  for (const edge of docLinks) {
    if (!taskExists(edge.taskId) || !taskExists(edge.dependsOnTaskId)) {
      refuse.push(edge);
      continue;
    }
    const key = edgeKey(edge);
    const link = readLinkValue(edge.value);
    const stored = persisted.get(key);
    if (stored) {
      keep.set(key, link ?? stored);
      if (!link) restore.push([key, stored]);
      stands.push(edge);
    } else if (link) fresh.push([edge, link]);
    else refuse.push(edge);
  }
  const graph = dependencyGraph(stands);
  // Many new links at once (an import: 10,000): when the links with all of them close no cycle, every one stands,
  // found in one pass. Checking them one by one walks the graph for each: 34 s for a chain of 10,000 (issue 37).
  if (fresh.length > 1 && isAcyclic(graph, fresh.map(([edge]) => edge))) {
    for (const [edge, link] of fresh) keep.set(edgeKey(edge), link);
    return { keep, refuse, restore };
  }
  for (const [edge, link] of fresh) {
    if (findCycleInGraph(graph, edge)) {
      refuse.push(edge);
      continue;
    }
    keep.set(edgeKey(edge), link);
    const list = graph.get(edge.taskId);
    if (list) list.push(edge.dependsOnTaskId);
    else graph.set(edge.taskId, [edge.dependsOnTaskId]);
  }
  return { keep, refuse, restore };
}

/** Whether `graph` (task → what it depends on) with `extra` edges has no cycle: Kahn's order reaches every task. */
function isAcyclic(graph: ReadonlyMap<string, readonly string[]>, extra: readonly { taskId: string; dependsOnTaskId: string }[]): boolean {
  const pending = new Map<string, number>();
  const next = new Map<string, string[]>();
  const add = (from: string, to: string) => {
    pending.set(to, (pending.get(to) ?? 0) + 1);
    if (!pending.has(from)) pending.set(from, 0);
    const list = next.get(from);
    if (list) list.push(to);
    else next.set(from, [to]);
  };
  for (const [taskId, dependsOn] of graph) for (const to of dependsOn) add(taskId, to);
  for (const edge of extra) add(edge.taskId, edge.dependsOnTaskId);
  const ready = [...pending].filter(([, n]) => n === 0).map(([id]) => id);
  let reached = 0;
  while (ready.length) {
    const id = ready.pop()!;
    reached++;
    for (const to of next.get(id) ?? []) {
      const left = pending.get(to)! - 1;
      pending.set(to, left);
      if (left === 0) ready.push(to);
    }
  }
  return reached === pending.size;
}
