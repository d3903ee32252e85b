import {
  DEFAULT_LINK,
  DEPENDENCIES_MAP,
  dependencyKey,
  parseDependencyKey,
  TASK_DEFAULTS,
  TASK_FIELDS,
  TASKS_MAP,
  type Link,
  type TaskFieldName,
} from '@planline/domain';
import * as Y from 'yjs';

/**
 * Reading and writing the project document (schema in domain/src/realtime/protocol.ts). Browsers and the server
 * use the same helpers, so the document has one shape. No I/O here.
 */
export type DocTask = Partial<Record<TaskFieldName, unknown>>;

/**
 * What a field that a task of the document does not hold reads as: the task defaults. Each field a task holds is
 * a Yjs item of its own (~300 bytes in the server's heap, ~250 in a browser's; docs/benchmarks.md, "What a task
 * costs in memory"), so a field at its default is not written (writeTask): a new task made with the defaults holds
 * 4 of its 14 fields (name, dates, order). Documents written before keep their values, which read the
 * same; nothing is rewritten at load. `kind` and `parentId` were the first (issue 17: documents from before them).
 */
export const DEFAULT_WHEN_MISSING: Readonly<Partial<Record<TaskFieldName, unknown>>> = Object.freeze({
  ...TASK_DEFAULTS,
  assigneeIds: Object.freeze([]) as readonly string[],
  custom: Object.freeze({}),
});

/** A field's value as a document value reads: the default when a field that has one is missing. */
export function fieldValue(field: TaskFieldName, value: unknown): unknown {
  return value === undefined && field in DEFAULT_WHEN_MISSING ? DEFAULT_WHEN_MISSING[field] : value;
}

export const tasksMap = (doc: Y.Doc) => doc.getMap<Y.Map<unknown>>(TASKS_MAP);
/** Dependency key → link ({ type, lagDays }; a bare `true` in documents from before link types). */
export const dependenciesMap = (doc: Y.Doc) => doc.getMap<unknown>(DEPENDENCIES_MAP);

/** A task's fields as plain values, exactly as they are in the document (not yet validated). */
export function readTask(doc: Y.Doc, taskId: string): DocTask | null {
  const entry = tasksMap(doc).get(taskId);
  if (!(entry instanceof Y.Map)) return null;
  const task: DocTask = {};
  for (const field of TASK_FIELDS) {
    const value = entry.get(field);
    task[field] = value instanceof Y.AbstractType ? value.toJSON() : value;
  }
  return task;
}

/** One field of a task as it is in the document (undefined when the task or the field is missing). */
export function readTaskField(doc: Y.Doc, taskId: string, field: TaskFieldName): unknown {
  const entry = tasksMap(doc).get(taskId);
  return entry instanceof Y.Map ? entry.get(field) : undefined;
}

export function taskIds(doc: Y.Doc): string[] {
  return [...tasksMap(doc).keys()];
}

/** Sets fields of a task, creating it when it does not exist yet. Call inside doc.transact. */
export function writeTask(doc: Y.Doc, taskId: string, fields: DocTask): void {
  const tasks = tasksMap(doc);
  let entry = tasks.get(taskId);
  if (!(entry instanceof Y.Map)) {
    entry = new Y.Map<unknown>();
    tasks.set(taskId, entry);
  }
  for (const [field, value] of Object.entries(fields)) {
    if (!TASK_FIELDS.includes(field as TaskFieldName) || value === undefined) continue;
    // Arrays are stored as plain values: an assignee list is replaced as a whole, never merged item by item. A
    // field the task does not hold reads as its default, and stays unwritten when set to it.
    if (!sameValue(fieldValue(field as TaskFieldName, entry.get(field)), value)) entry.set(field, value);
  }
}

/**
 * Removes a task and every dependency that names it; its subtasks move up to its own parent (the top level when
 * it has none), in the same transaction, so one undo brings both back. Call inside doc.transact.
 */
export function deleteTask(doc: Y.Doc, taskId: string): void {
  const tasks = tasksMap(doc);
  const entry = tasks.get(taskId);
  const parentId = entry instanceof Y.Map ? (fieldValue('parentId', entry.get('parentId')) as string | null) : null;
  tasks.delete(taskId);
  for (const child of tasks.values()) {
    if (child instanceof Y.Map && child.get('parentId') === taskId) child.set('parentId', parentId === taskId ? null : parentId);
  }
  const deps = dependenciesMap(doc);
  for (const key of [...deps.keys()]) {
    const edge = parseDependencyKey(key);
    if (edge && (edge.taskId === taskId || edge.dependsOnTaskId === taskId)) deps.delete(key);
  }
}

export function dependencyEdges(doc: Y.Doc): { taskId: string; dependsOnTaskId: string }[] {
  const edges = [];
  for (const key of dependenciesMap(doc).keys()) {
    const edge = parseDependencyKey(key);
    if (edge) edges.push(edge);
  }
  return edges;
}

/** The document's links as they are in it: each edge with its value, not yet judged (readLinkValue). */
export function dependencyLinks(doc: Y.Doc): { taskId: string; dependsOnTaskId: string; value: unknown }[] {
  const links = [];
  for (const [key, value] of dependenciesMap(doc)) {
    const edge = parseDependencyKey(key);
    if (edge) links.push({ ...edge, value });
  }
  return links;
}

/** Links `taskId` to its predecessor `dependsOnTaskId`, or changes the link's type and lag. Call inside doc.transact. */
export function addDependency(doc: Y.Doc, taskId: string, dependsOnTaskId: string, link: Link = DEFAULT_LINK): void {
  dependenciesMap(doc).set(dependencyKey(taskId, dependsOnTaskId), { type: link.type, lagDays: link.lagDays });
}

export function removeDependency(doc: Y.Doc, taskId: string, dependsOnTaskId: string): void {
  dependenciesMap(doc).delete(dependencyKey(taskId, dependsOnTaskId));
}

/**
 * Equal document values: NaN equals NaN (a NaN that was put back must read as unchanged), arrays by item, plain
 * objects (allocations) by key and value in any order.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b || (Number.isNaN(a) && Number.isNaN(b))) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => x === b[i]);
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && a[k] === b[k]);
  }
  return false;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Uint8Array) && Object.getPrototypeOf(v) === Object.prototype;

/** Whether a task of the document holds exactly `stored` (its fields as the rows have them). */
export function sameTask(inDoc: DocTask, stored: Readonly<Record<TaskFieldName, unknown>>): boolean {
  return TASK_FIELDS.every((f) => sameValue(fieldValue(f, inDoc[f]), stored[f]));
}

