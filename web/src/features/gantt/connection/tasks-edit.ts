import { applyCascade, carryReasons, documentCascade, writeTask, type DocTask } from '@planline/document';
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
