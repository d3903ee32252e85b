import type { CustomField } from '@planline/domain';

/*
 * The cached list of a project's custom fields (customFieldsKey), as a change to one field leaves it. Pure, so the
 * dialog's mutations and the realtime events (customField:saved / customField:deleted) update it the same way.
 */

/** `list` with `field` added or replaced, in column order (position, then creation). */
export function withSavedField(list: readonly CustomField[], field: CustomField): CustomField[] {
  const next = [...list.filter((f) => f.id !== field.id), field];
  return next.sort((a, b) => a.position - b.position || (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
}

/** `list` without the field. */
export const withoutField = (list: readonly CustomField[], fieldId: string): CustomField[] => list.filter((f) => f.id !== fieldId);

/** Options as typed one per line: trimmed, blank lines left out. */
export const optionsFromText = (text: string): string[] =>
  text
    .split('\n')
    .map((o) => o.trim())
    .filter(Boolean);
