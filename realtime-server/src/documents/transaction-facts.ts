import { carriedEntries, cascadeReasons, dependenciesMap, documentCascade, projectMap, readTaskField, tasksMap } from '@planline/document';
import { isCarriedReason, parseDependencyKey } from '@planline/domain';
import * as Y from 'yjs';

/**
 * What a transaction on a project document did, gathered by observers while it runs and read by the store once
 * it ends (in its update handler): the tasks it touched, the dates it replaced, the tasks it created, whether it
 * changed the links or what they demand. The store judges, schedules and stores by these facts.
 */

const CHANGED_TASKS = 'planline:changed-tasks';
const CHANGED_DEPS = 'planline:changed-deps';
/** Tasks whose dates a transaction changed, with the dates it replaced (new tasks: none). */
const DATES_BEFORE = 'planline:dates-before';
/** A transaction changed what the links demand beyond the tasks it moved (a kind, a parent, a deletion). */
const RESCHEDULE_ALL = 'planline:reschedule-all';
/** Tasks a transaction created. */
const CREATED_TASKS = 'planline:created-tasks';

type Dates = { startDate: string; endDate: string };

/** Tasks the transaction wrote: created, edited or deleted. */
export const changedTaskIds = (tr: Y.Transaction): ReadonlySet<string> => tr.meta.get(CHANGED_TASKS) ?? new Set();
/** Whether the transaction changed the dependencies map. */
export const changedLinks = (tr: Y.Transaction): boolean => tr.meta.get(CHANGED_DEPS) === true;

// Yjs types a transaction's changed types by their events, which these lookups never read.
const changedKeys = (tr: Y.Transaction, type: Y.AbstractType<any>) => tr.changed.get(type);
/** Whether the transaction changed `type` itself (a key of a root map). */
const changedType = (tr: Y.Transaction, type: Y.AbstractType<any>): boolean => tr.changed.has(type);

/** Observes `doc` so that each transaction carries its facts; returns the function that stops observing. */
export function observeTransactionFacts(doc: Y.Doc): () => void {
  const tasks = tasksMap(doc);
  const deps = dependenciesMap(doc);
  const onTasks = (events: Y.YEvent<Y.AbstractType<unknown>>[], tr: Y.Transaction) => {
    const changed: Set<string> = tr.meta.get(CHANGED_TASKS) ?? new Set();
    const datesBefore: Map<string, Dates> = tr.meta.get(DATES_BEFORE) ?? new Map();
    const created: Set<string> = tr.meta.get(CREATED_TASKS) ?? new Set();
    for (const event of events) {
      if (event.target === tasks) {
        for (const [key, change] of event.changes.keys) {
          changed.add(key);
          if (change.action === 'add') created.add(key);
          // A deleted subtask may leave its summary a plain task again, whose links then count.
          if (change.action === 'delete') tr.meta.set(RESCHEDULE_ALL, true);
        }
      } else if (typeof event.path[0] === 'string' && event.path.length === 1) {
        const taskId = event.path[0];
        changed.add(taskId);
        const keys = event.changes.keys;
        // A new kind (a milestone is placed by one day) or parent (a summary's links are not scheduled; a task
        // that stops being one is) changes what the links demand without moving a date.
        if (keys.has('kind') || keys.has('parentId')) tr.meta.set(RESCHEDULE_ALL, true);
        if (!keys.has('startDate') && !keys.has('endDate')) continue;
        const entry = event.target as Y.Map<unknown>;
        const was = (field: 'startDate' | 'endDate') => (keys.has(field) ? keys.get(field)!.oldValue : entry.get(field));
        if (!datesBefore.has(taskId)) datesBefore.set(taskId, { startDate: String(was('startDate')), endDate: String(was('endDate')) });
      } else if (typeof event.path[0] === 'string') changed.add(event.path[0]);
    }
    tr.meta.set(CHANGED_TASKS, changed);
    tr.meta.set(DATES_BEFORE, datesBefore);
    tr.meta.set(CREATED_TASKS, created);
  };
  const onDeps = (_event: Y.YMapEvent<unknown>, tr: Y.Transaction) => void tr.meta.set(CHANGED_DEPS, true);
  tasks.observeDeep(onTasks);
  deps.observe(onDeps);
  return () => {
    tasks.unobserveDeep(onTasks);
    deps.unobserve(onDeps);
  };
}

/**
 * The history reasons of the tasks the transaction itself moved by cascade (a browser puts its cascade in the
 * edit's own transaction, so one undo takes it back): "Moved by dependency on «name»" (issue 17).
 */
export function cascadeReasonsOf(doc: Y.Doc, tr: Y.Transaction): ReadonlyMap<string, string> | null {
  const datesBefore: Map<string, Dates> | undefined = tr.meta.get(DATES_BEFORE);
  if (!datesBefore || datesBefore.size < 2) return null;
  const reasons = cascadeReasons(doc, datesBefore);
  return reasons.size ? reasons : null;
}

/**
 * The history reasons a browser's edit carried in its transaction (protocol.ts EDIT_REASONS_MAP: leveling applied in
 * the chart), judged: a reason counts only for a task with an assignee whose dates the same transaction changed, and
 * only in exactly the shape leveling gives it (isCarriedReason: "Levelled: <name> over-allocated <days>"); anything
 * else is ignored, so an editor cannot store a history reason of their own wording. It never replaces the cascade's
 * reason of a task the same edit moved by dependency (the store lets that one stand). `outside`: the items of the transaction outside
 * the schema, which the store takes out at once (the reasons root is one); `count`: how many were the reasons'.
 */
export function carriedReasonsOf(doc: Y.Doc, tr: Y.Transaction, outside: readonly Y.Item[]): { reasons: ReadonlyMap<string, string> | null; count: number } {
  const { reasons: carried, count } = carriedEntries(doc, outside);
  if (!carried.size) return { reasons: null, count };
  const datesBefore: Map<string, Dates> = tr.meta.get(DATES_BEFORE) ?? new Map();
  const reasons = new Map<string, string>();
  for (const [taskId, reason] of carried) {
    if (!datesBefore.has(taskId) || !isCarriedReason(reason) || !hasAssignee(doc, taskId)) continue;
    reasons.set(taskId, reason);
  }
  return { reasons: reasons.size ? reasons : null, count };
}

/** Leveling moves a task for the load of its people: one nobody is assigned to was not levelled. */
function hasAssignee(doc: Y.Doc, taskId: string): boolean {
  const isId = (id: unknown) => typeof id === 'string' && id.length > 0;
  const ids = readTaskField(doc, taskId, 'assigneeIds');
  const list: unknown = ids instanceof Y.Array ? ids.toArray() : ids;
  return isId(readTaskField(doc, taskId, 'assigneeId')) || (Array.isArray(list) && list.some(isId));
}

/**
 * The moves auto-scheduling still owes after the transaction (document-cascade.ts): from the tasks it moved or
 * created and the links it changed; from every link when `settingsChanged` or when a kind, a parent or a deletion
 * changed what the links demand.
 */
export function movesStillDue(doc: Y.Doc, tr: Y.Transaction, settingsChanged: boolean) {
  const datesBefore: Map<string, Dates> = tr.meta.get(DATES_BEFORE) ?? new Map();
  const created: Set<string> = tr.meta.get(CREATED_TASKS) ?? new Set();
  const depsChanged = changedKeys(tr, dependenciesMap(doc));
  const rescheduleAll = settingsChanged || tr.meta.get(RESCHEDULE_ALL) === true;
  if (!datesBefore.size && !created.size && !depsChanged && !rescheduleAll) return [];

  const edited = new Set([...datesBefore.keys(), ...created]);
  for (const key of depsChanged ?? []) {
    const edge = key === null ? null : parseDependencyKey(key);
    if (edge) edited.add(edge.taskId);
  }
  if (rescheduleAll) for (const key of dependenciesMap(doc).keys()) edited.add(parseDependencyKey(key)?.taskId ?? '');
  return documentCascade(doc, edited);
}

/** Whether the transaction changed the project's settings map. */
export const changedSettings = (doc: Y.Doc, tr: Y.Transaction): boolean => changedType(tr, projectMap(doc));
