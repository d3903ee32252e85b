import {
  DEPENDENCIES_MAP,
  EDIT_REASONS_MAP,
  isCanonicalDependencyKey,
  isCanonicalTaskId,
  PROJECT_MAP,
  PROJECT_SETTING_KEYS,
  TASK_FIELDS,
  TASKS_MAP,
  type TaskFieldName,
} from '@planline/domain';
import * as Y from 'yjs';

/**
 * The project document's schema as structure (protocol.ts): which root types exist, what their entries may be.
 * Anything else a client writes (a new root type, a task that is not a map, a field the schema does not name, a
 * nested Yjs type, a dependency key that is not two task ids or a value that is not a link) is not data of the product: the server takes it
 * out of the document and never stores it. Values inside the schema (a blank name, progress 150) are judged
 * field by field elsewhere (task-validation.ts); this file only decides what may exist at all.
 */
const ROOTS = new Set([TASKS_MAP, DEPENDENCIES_MAP, PROJECT_MAP, EDIT_REASONS_MAP]);
const SETTINGS = new Set<string>(PROJECT_SETTING_KEYS);
const FIELDS = new Set<string>(TASK_FIELDS satisfies TaskFieldName[]);

// Yjs types each type by its event, which this file never reads.
type Type = Y.AbstractType<any>;
type Changed = Map<Type, Set<string | null>>;

const isLive = (item: Y.Item | null): item is Y.Item => item !== null && !item.deleted;

/** A plain value (what `map.set(key, value)` stores for JSON values), not a nested type, binary or subdocument. */
const isPlainValue = (item: Y.Item) => item.content instanceof Y.ContentAny && item.content.arr.length === 1;

/**
 * A link value's shape: `true` (documents from before link types) or a plain object. Whether its type and lag are
 * valid is judged like a task field (put back when not), so a bad lag does not cost the link itself.
 */
const isLinkShaped = (value: unknown) => value === true || (typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array));

const isTaskMap = (item: Y.Item) => item.content instanceof Y.ContentType && item.content.type instanceof Y.Map;

function liveListItems(type: Type): Y.Item[] {
  const out: Y.Item[] = [];
  for (let item = type._start; item; item = item.right) if (!item.deleted) out.push(item);
  return out;
}

function liveEntries(type: Type): Y.Item[] {
  return [...type._map.values()].filter((item) => !item.deleted);
}

function rootName(doc: Y.Doc, type: Type): string | null {
  for (const [name, shared] of doc.share) if (shared === type) return name;
  return null;
}

/** Entries of a task map that are not a schema field holding a plain value; list content too. */
function taskMapJunk(task: Type, keys: Iterable<string | null>): Y.Item[] {
  const out: Y.Item[] = [];
  for (const key of keys) {
    if (key === null) out.push(...liveListItems(task));
    else {
      const item = task._map.get(key) ?? null;
      if (isLive(item) && (!FIELDS.has(key) || !isPlainValue(item))) out.push(item);
    }
  }
  return out;
}

function tasksRootJunk(tasks: Type, keys: Iterable<string | null>): Y.Item[] {
  const out: Y.Item[] = [];
  for (const key of keys) {
    if (key === null) {
      out.push(...liveListItems(tasks));
      continue;
    }
    const item = tasks._map.get(key) ?? null;
    if (!isLive(item)) continue;
    if (!isCanonicalTaskId(key) || !isTaskMap(item)) out.push(item);
    else {
      const task = (item.content as Y.ContentType).type;
      out.push(...taskMapJunk(task, task._map.keys()), ...liveListItems(task));
    }
  }
  return out;
}

/** Entries of the `project` map that are not a setting holding a plain value (whether the value is right is judged by the server). */
function projectRootJunk(project: Type, keys: Iterable<string | null>): Y.Item[] {
  const out: Y.Item[] = [];
  for (const key of keys) {
    if (key === null) {
      out.push(...liveListItems(project));
      continue;
    }
    const item = project._map.get(key) ?? null;
    if (isLive(item) && (!SETTINGS.has(key) || !isPlainValue(item))) out.push(item);
  }
  return out;
}

function dependenciesRootJunk(deps: Type, keys: Iterable<string | null>): Y.Item[] {
  const out: Y.Item[] = [];
  for (const key of keys) {
    if (key === null) {
      out.push(...liveListItems(deps));
      continue;
    }
    const item = deps._map.get(key) ?? null;
    if (isLive(item) && (!isCanonicalDependencyKey(key) || !isPlainValue(item) || !isLinkShaped((item.content as Y.ContentAny).arr[0]))) out.push(item);
  }
  return out;
}

/** The item under a task map or a root type that holds `type` (a type nested where no type belongs). */
function outermostItem(type: Type): Y.Item | null {
  let item = type._item;
  while (item) {
    const parent = item.parent as Type;
    const grandparent = parent._item?.parent as Type | undefined;
    // Directly in a root type, or directly in a task map (whose parent is the tasks root).
    if (parent._item === null || (grandparent && grandparent._item === null)) return item;
    item = parent._item;
  }
  return null;
}

/**
 * Everything in `doc` outside the schema. With `changed` (a transaction's changed types and keys), only what
 * that transaction touched is looked at, so a drag costs a few map lookups; without it, the whole document
 * (a document loaded from storage).
 */
export function nonSchemaItems(doc: Y.Doc, changed?: Changed): Y.Item[] {
  const tasks = doc.share.get(TASKS_MAP);
  const deps = doc.share.get(DEPENDENCIES_MAP);
  const project = doc.share.get(PROJECT_MAP);
  const out = new Set<Y.Item>();
  const add = (items: Y.Item[]) => items.forEach((i) => out.add(i));
  const scope: [Type, Iterable<string | null>][] = changed
    ? [...changed]
    : [...doc.share.values()].map((type) => [type, [...type._map.keys(), ...(type._start ? [null] : [])]]);

  for (const [type, keys] of scope) {
    if (type._item === null) {
      const name = rootName(doc, type);
      if (type === tasks) add(tasksRootJunk(type, keys));
      else if (type === deps) add(dependenciesRootJunk(type, keys));
      else if (type === project) add(projectRootJunk(type, keys));
      // Reasons in transit: the store reads and takes out what a transaction carries (edit-reasons.ts), so any
      // left in a whole document (one stored before it did) is junk.
      else if (name === EDIT_REASONS_MAP) add(changed ? [] : [...liveEntries(type), ...liveListItems(type)]);
      else if (name === null || !ROOTS.has(name)) add([...liveEntries(type), ...liveListItems(type)]);
    } else if (type._item.parent === tasks) {
      if (!type._item.deleted) add(taskMapJunk(type, keys));
    } else {
      const holder = outermostItem(type);
      if (holder && !holder.deleted) add(changed ? [holder] : []);
    }
  }
  return [...out];
}

/** Deletes `items` (from nonSchemaItems) in one transaction with `origin`. */
export function removeItems(doc: Y.Doc, items: Y.Item[], origin: unknown): void {
  if (!items.length) return;
  doc.transact((tr) => {
    for (const item of items) if (!item.deleted) item.delete(tr);
  }, origin);
}
