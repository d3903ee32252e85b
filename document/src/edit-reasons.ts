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

// Yjs types a transaction's changed types by their events, which this file never reads.
type Changed = Map<Y.AbstractType<any>, Set<string | null>>;

/**
 * What a transaction wrote into the reasons map (`changed`: its changed types and keys): the reasons of task ids
 * that hold a plain string, unjudged, and every live item it wrote there, whatever it is, to be taken out.
 */
export function carriedEntries(doc: Y.Doc, changed: Changed): { reasons: Map<string, string>; items: Y.Item[] } {
  const reasons = new Map<string, string>();
  const items: Y.Item[] = [];
  const map = doc.share.get(EDIT_REASONS_MAP);
  const keys = map ? changed.get(map) : undefined;
  if (!map || !keys) return { reasons, items };
  for (let item = map._start; item; item = item.right) if (!item.deleted) items.push(item);
  for (const key of keys) {
    const item = key === null ? null : (map._map.get(key) ?? null);
    if (!item || item.deleted) continue;
    items.push(item);
    const value = item.content instanceof Y.ContentAny && item.content.arr.length === 1 ? item.content.arr[0] : undefined;
    if (isCanonicalTaskId(key!) && typeof value === 'string') reasons.set(key!, value);
  }
  return { reasons, items };
}
