import type { Link } from '@planline/domain';
import { addDependency, applyCascade, carryReasons, documentCascade, removeDependency, writeTask, type DocTask } from '@planline/document';
import type * as Y from 'yjs';

/**
 * Several tasks' new fields as one transaction with `origin`: with the cascade their new dates cause (so one undo
 * takes all of it back), and `reasons`, their history reasons, carried to the server in the same transaction
 * (protocol.ts EDIT_REASONS_MAP). The reasons live outside what undo tracks (tasks, links): the server takes them
 * out as it reads them, and an undo never brings them back.
 */
export function writeTasksWithCascade(doc: Y.Doc, changes: ReadonlyMap<string, DocTask>, origin: unknown, reasons?: ReadonlyMap<string, string>): void {
  if (!changes.size) return;
  doc.transact(() => {
    changes.forEach((fields, taskId) => writeTask(doc, taskId, fields));
    if (reasons?.size) carryReasons(doc, reasons);
    const moved = [...changes].filter(([, fields]) => fields.startDate !== undefined || fields.endDate !== undefined).map(([taskId]) => taskId);
    if (moved.length) applyCascade(doc, documentCascade(doc, moved));
  }, origin);
}

/** Task fields and links written together (connection-types.ts writeEdit): a link's `link` null removes it. */
export interface DocumentEdit {
  tasks: ReadonlyMap<string, DocTask>;
  links: readonly { taskId: string; dependsOnTaskId: string; link: Link | null }[];
}

/**
 * [grid-cell-commit] Task fields, links added, changed and removed, as one transaction with `origin`: one undo step,
 * with the cascade that the new dates and the new or changed links cause (a removed link pushes nothing).
 */
export function writeEditWithCascade(doc: Y.Doc, edit: DocumentEdit, origin: unknown): void {
  if (!edit.tasks.size && !edit.links.length) return;
  doc.transact(() => {
    edit.tasks.forEach((fields, taskId) => writeTask(doc, taskId, fields));
    const moved = new Set<string>();
    edit.tasks.forEach((fields, taskId) => {
      if (fields.startDate !== undefined || fields.endDate !== undefined) moved.add(taskId);
    });
    for (const { taskId, dependsOnTaskId, link } of edit.links) {
      if (link) {
        addDependency(doc, taskId, dependsOnTaskId, link);
        moved.add(taskId);
      } else removeDependency(doc, taskId, dependsOnTaskId);
    }
    if (moved.size) applyCascade(doc, documentCascade(doc, [...moved]));
  }, origin);
}
