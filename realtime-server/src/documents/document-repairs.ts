import {
  dependenciesMap,
  dependencyLinks,
  deleteTask,
  readTask,
  readTaskField,
  sameTask,
  sameValue,
  tasksMap,
  writeTask,
} from '@planline/document';
import { edgeKey, readLinkValue, sameLink, TASK_FIELDS, type TaskFieldName } from '@planline/domain';
import type * as Y from 'yjs';
import type { Judged, JudgedInput, PersistedRows } from './change-judge.js';
import { waitingForUpdates } from './held-back.js';

/** What putBack needs of a change beyond what it was judged on. */
export interface RepairableChange extends JudgedInput {
  /** The document was waiting for an earlier update when the change was applied. */
  incomplete: boolean;
}

/**
 * Rows are the persisted truth: a document that disagrees with them (a crash between a refused edit and its
 * repair) is put right, in one transaction with `origin`; so is a link stored in the old form (migration 008).
 * Returns whether anything had to be.
 */
export function repairFromRows(doc: Y.Doc, rows: PersistedRows, origin: unknown): boolean {
  const stray = [...tasksMap(doc).keys()].filter((id) => !rows.tasks.has(id));
  const differing = [...rows.tasks].filter(([id, task]) => {
    const inDoc = readTask(doc, id);
    return !inDoc || !sameTask(inDoc, task);
  });
  const links = dependencyLinks(doc);
  const inDoc = new Map(links.map((e) => [edgeKey(e), readLinkValue(e.value)]));
  // A link stored before links had types is a bare `true` (read as FS, lag 0): written out as { type, lagDays }.
  const legacy = links.some((e) => e.value === true);
  const depsDiffer =
    legacy || inDoc.size !== rows.dependencies.size || [...inDoc].some(([k, link]) => !link || !rows.dependencies.has(k) || !sameLink(link, rows.dependencies.get(k)!));
  if (!stray.length && !differing.length && !depsDiffer) return false;
  doc.transact(() => {
    for (const id of stray) deleteTask(doc, id);
    for (const [id, task] of differing) writeTask(doc, id, task);
    const deps = dependenciesMap(doc);
    for (const key of [...deps.keys()]) if (!rows.dependencies.has(key)) deps.delete(key);
    for (const [key, link] of rows.dependencies) {
      const value = deps.get(key);
      const now = readLinkValue(value);
      if (!now || !sameLink(now, link) || value === true) deps.set(key, { ...link });
    }
  }, origin);
  return true;
}

/** Puts refused values of one stored change back into the document, in one transaction with `origin`. */
export function putBack(doc: Y.Doc, j: Judged<RepairableChange>, origin: unknown): void {
  const { change, fixes, createdIds, refusedEdges, restoredLinks, reparented } = j;
  if (!fixes.size && !refusedEdges.length && !restoredLinks.length && !reparented.length) return;
  const incomplete = change.incomplete || waitingForUpdates(doc);
  doc.transact(() => {
    for (const [id, fix] of fixes) {
      // Only what is still as judged is put back. A value changed since is a later change, judged on its
      // own; and a field of a stored task that is missing while an earlier update is awaited is not a
      // deletion: writing the stored value over either could win over that edit and lose it. (A new task's
      // missing fields are defaults to fill in.)
      const judged = change.snapshots.get(id)!;
      const stored = !createdIds.has(id);
      const now = readTask(doc, id);
      if (!now) continue;
      const unchanged = (field: string) => sameValue(now[field as TaskFieldName], judged[field as TaskFieldName]);
      if (fix === null) {
        if (TASK_FIELDS.every(unchanged)) deleteTask(doc, id);
        continue;
      }
      const back = Object.entries(fix).filter(([field]) => unchanged(field) && !(incomplete && stored && now[field as TaskFieldName] === undefined));
      writeTask(doc, id, Object.fromEntries(back));
    }
    const deps = dependenciesMap(doc);
    // As for fields: only a value still as judged goes back or out; a later write is judged on its own.
    for (const edge of refusedEdges) if (deps.get(edgeKey(edge)) === edge.value) deps.delete(edgeKey(edge));
    for (const [key, link] of restoredLinks) if (!readLinkValue(deps.get(key))) deps.set(key, { ...link });
    // Subtasks of a deleted task that the deleting client had not moved up (it did not know of them yet).
    for (const { taskId, from, to } of reparented) if (readTaskField(doc, taskId, 'parentId') === from) writeTask(doc, taskId, { parentId: to });
  }, origin);
}
