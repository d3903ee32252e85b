import { EDIT_REASONS_MAP, isCanonicalTaskId } from '@planline/domain';
import * as Y from 'yjs';

/**
 * History reasons carried by an edit in its own transaction (protocol.ts EDIT_REASONS_MAP): written by the browser
 * beside the tasks it changes, read and taken out by the server when it judges that transaction.
 */
export const editReasonsMap = (doc: Y.Doc) => doc.getMap<unknown>(EDIT_REASONS_MAP);

/** Writes `reasons` (task id → reason) into the transaction under way; call inside `doc.transact`. */
export function carryReasons(doc: Y.Doc, reasons: ReadonlyMap<string, string>): void {
  const map = editReasonsMap(doc);
  for (const [taskId, reason] of reasons) map.set(taskId, reason);
}

/**
 * The reasons among items outside the schema (document-schema.ts): the reasons root is not in the schema, so what an
 * edit carried there is found, read here and removed with the rest. A reason is a plain string under a task id;
 * `count` is how many of the items were the root's, whatever they held.
 */
export function carriedEntries(doc: Y.Doc, items: readonly Y.Item[]): { reasons: Map<string, string>; count: number } {
  const reasons = new Map<string, string>();
  const root = doc.share.get(EDIT_REASONS_MAP);
  let count = 0;
  if (!root) return { reasons, count };
  for (const item of items) {
    if (item.parent !== root) continue;
    count++;
    const key = item.parentSub;
    const value = item.content instanceof Y.ContentAny && item.content.arr.length === 1 ? item.content.arr[0] : undefined;
    if (key !== null && isCanonicalTaskId(key) && typeof value === 'string') reasons.set(key, value);
  }
  return { reasons, count };
}
