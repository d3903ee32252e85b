import { fieldValue, readTaskField, taskIds, writeTask } from '@planline/document';
import { canonicalCustomValues, type CustomValue, type CustomValues } from '@planline/domain';
import type * as Y from 'yjs';

/*
 * A field's values in the project document (issue 39): each task keeps them in its `custom` field. These run inside
 * one server edit (ProjectDocuments.edit), so what they change is one transaction, one history step per task.
 */

const customOf = (doc: Y.Doc, taskId: string): CustomValues => {
  const value = fieldValue('custom', readTaskField(doc, taskId, 'custom'));
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as CustomValues) : {};
};

/** Every task's value of the field, task id → value. */
export function valuesOfField(doc: Y.Doc, fieldId: string): Record<string, CustomValue> {
  const found: Record<string, CustomValue> = {};
  for (const taskId of taskIds(doc)) {
    const value = customOf(doc, taskId)[fieldId];
    if (value !== undefined) found[taskId] = value;
  }
  return found;
}

/** Takes out the field's values that `remove` picks (every one by default); answers those taken, task id → value. */
export function clearValues(doc: Y.Doc, fieldId: string, remove: (value: CustomValue) => boolean = () => true): Record<string, CustomValue> {
  const taken: Record<string, CustomValue> = {};
  for (const taskId of taskIds(doc)) {
    const custom = customOf(doc, taskId);
    const value = custom[fieldId];
    if (value === undefined || !remove(value)) continue;
    taken[taskId] = value;
    const { [fieldId]: _gone, ...rest } = custom;
    writeTask(doc, taskId, { custom: canonicalCustomValues(rest) });
  }
  return taken;
}

/** Puts kept values back, on tasks that still exist and hold no value of the field now; answers how many. */
export function putValuesBack(doc: Y.Doc, fieldId: string, kept: Readonly<Record<string, CustomValue>>): number {
  const present = new Set(taskIds(doc));
  let count = 0;
  for (const [taskId, value] of Object.entries(kept)) {
    if (!present.has(taskId)) continue;
    const custom = customOf(doc, taskId);
    if (custom[fieldId] !== undefined) continue;
    writeTask(doc, taskId, { custom: canonicalCustomValues({ ...custom, [fieldId]: value }) });
    count++;
  }
  return count;
}
