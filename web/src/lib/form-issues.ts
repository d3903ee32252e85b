import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { serverIssues } from './api-error';

/**
 * Puts the API's field issues (`issues[].path`) on the matching form fields.
 * Returns whether any issue matched, so callers can skip a redundant toast if they want.
 */
export function applyServerIssues<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  let matched = false;
  for (const issue of serverIssues(err)) {
    const field = fields.find((name) => name === issue.path);
    if (!field) continue;
    setError(field, { type: 'server', message: issue.message }, { shouldFocus: !matched });
    matched = true;
  }
  return matched;
}
