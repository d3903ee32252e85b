/**
 * What a form does with one field when the record it edits changes under it (a teammate saved meanwhile).
 * `base` is the value the person started from, `mine` what the form holds now, `theirs` the record's value now:
 * - 'unchanged': nobody else changed it;
 * - 'follow': the person has not touched it, so the form takes their value in place;
 * - 'converged': both made the same change, nothing to choose;
 * - 'conflict': both changed it differently: the person chooses, never a silent overwrite.
 */
export type FieldMerge = 'unchanged' | 'follow' | 'converged' | 'conflict';

export function mergeField<V>(base: V, mine: V, theirs: V, same: (a: V, b: V) => boolean = Object.is): FieldMerge {
  if (same(theirs, base)) return 'unchanged';
  if (same(mine, base)) return 'follow';
  if (same(mine, theirs)) return 'converged';
  return 'conflict';
}

/** Each field's merge, for forms of several fields. */
export function mergeFields<K extends string, V>(
  fields: readonly K[],
  base: Readonly<Record<K, V>>,
  mine: Readonly<Record<K, V>>,
  theirs: Readonly<Record<K, V>>,
): Record<K, FieldMerge> {
  const merged = {} as Record<K, FieldMerge>;
  for (const field of fields) merged[field] = mergeField(base[field], mine[field], theirs[field]);
  return merged;
}
