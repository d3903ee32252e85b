import {
  DEPENDENCIES_MAP,
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
const ROOTS = new Set([TASKS_MAP, DEPENDENCIES_MAP, PROJECT_MAP]);
const SETTINGS = new Set<string>(PROJECT_SETTING_KEYS);
const FIELDS = new Set<string>(TASK_FIELDS satisfies TaskFieldName[]);

// Yjs types each type by its event, which this file never reads.
type Type = Y.AbstractType<any>;

/** A plain value (what `map.set(key, value)` stores for JSON values), not a nested type, binary or subdocument. */
const isPlainValue = (item: Y.Item) => item.content instanceof Y.ContentAny && item.content.arr.length === 1;

/**
 * A link value's shape: `true` (documents from before link types) or a plain object. Whether its type and lag are
 * valid is judged like a task field (put back when not), so a bad lag does not cost the link itself.
 */
const isLinkShaped = (value: unknown) => value === true || (typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array));

const isTaskMap = (item: Y.Item) => item.content instanceof Y.ContentType && item.content.type instanceof Y.Map;

function rootName(doc: Y.Doc, type: Type): string | null {
  for (const [name, shared] of doc.share) if (shared === type) return name;
  return null;
}

/** Whether a live item of the `tasks` root, of `dependencies` or of `project` (under `key`; null: list content) is outside the schema. */
const rootJudges: Record<string, (key: string, item: Y.Item) => boolean> = {
  [TASKS_MAP]: (key, item) => !isCanonicalTaskId(key) || !isTaskMap(item),
  [DEPENDENCIES_MAP]: (key, item) => !isCanonicalDependencyKey(key) || !isPlainValue(item) || !isLinkShaped((item.content as Y.ContentAny).arr[0]),
  [PROJECT_MAP]: (key, item) => !SETTINGS.has(key) || !isPlainValue(item),
};

/**
 * Whether one live item is outside the schema, judged by where it is: in a root type (its entry), in a task map (a
 * field), or deeper (inside a nested type, which the schema has none of but task maps: all of it is).
 */
function isJunk(doc: Y.Doc, tasks: Type | undefined, item: Y.Item): boolean {
  const parent = item.parent as Type;
  const key = item.parentSub;
  const grandparent = parent.parent;
  if (grandparent === null) {
    const name = rootName(doc, parent);
    const judge = name !== null && ROOTS.has(name) ? rootJudges[name]! : null;
    return judge === null || key === null || judge(key, item);
  }
  if (grandparent === tasks) return key === null || !FIELDS.has(key) || !isPlainValue(item);
  return true;
}

/**
 * The items outside the schema, reached inside the transaction `scan`. With `tr` (a finished transaction), only the
 * items it added are looked at (its clocks from `beforeState` to `afterState`), so a drag costs a few items;
 * without it, every item of the document (one loaded from storage). The items are reached through Yjs's public
 * `iterateDeletedStructs`, given a set of clock ranges (named a delete set; nothing is deleted by it). Reaching a
 * range's start may split an item that Yjs merged with its left; Yjs merges it again as `scan` ends, unless it is
 * deleted in `scan`: so what is found is removed in the same transaction (`removeNonSchemaItems`).
 */
function itemsOutside(doc: Y.Doc, scan: Y.Transaction, tr?: Y.Transaction): Y.Item[] {
  const ranges = Y.createDeleteSet();
  const upTo = tr ? tr.afterState : Y.decodeStateVector(Y.encodeStateVector(doc));
  for (const [client, end] of upTo) {
    const start = tr?.beforeState.get(client) ?? 0;
    if (end > start) ranges.clients.set(client, [{ clock: start, len: end - start }]);
  }
  const tasks = doc.share.get(TASKS_MAP);
  const out: Y.Item[] = [];
  Y.iterateDeletedStructs(scan, ranges, (struct) => {
    if (struct instanceof Y.Item && !struct.deleted && isJunk(doc, tasks, struct)) out.push(struct);
  });
  return out;
}

/** Everything in `doc` outside the schema (all of it, or what `tr` added), left where it is: a check. */
export function nonSchemaItems(doc: Y.Doc, tr?: Y.Transaction): Y.Item[] {
  return doc.transact((scan) => itemsOutside(doc, scan, tr));
}

/**
 * Deletes everything in `doc` outside the schema (all of it, or what `tr` added) in one transaction with `origin`,
 * and answers how many items that was; `seen` is shown them first. Nothing outside the schema: the transaction changes nothing and is sent to no one.
 */
export function removeNonSchemaItems(doc: Y.Doc, origin: unknown, tr?: Y.Transaction, seen?: (items: readonly Y.Item[]) => void): number {
  return doc.transact((scan) => {
    const items = itemsOutside(doc, scan, tr);
    // Read before they go: a deleted item's content is collected when the transaction ends (edit-reasons.ts).
    seen?.(items);
    // An item inside a nested type found here too was deleted with it.
    for (const item of items) if (!item.deleted) item.delete(scan);
    return items.length;
  }, origin);
}
